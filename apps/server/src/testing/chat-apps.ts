import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppChatSettingsUpdate } from '@tessera/contracts/app-chat';
import type { ToolRunEvent } from '@tessera/contracts/tool-runs';
import { buildGenApp } from './factories';
import type { TestApp } from './harness';
import { FAQ, ingestItems, onHost, parseEvents, type RunResponse } from './tool-apps';

/** Test helpers of the app chat suites: a published generated app with a FAQ and records, its assistant on. */

const level = (read: string) => ({ 'x-accessControl': { permissions: { read, write: 'creator' } } });
/** One entity per read level the assistant must respect. */
export const CHAT_ENTITIES = {
  Note: { properties: { text: { type: 'string' } }, ...level('creator') },
  Notice: { properties: { text: { type: 'string' } }, ...level('anonymous') },
  Member: { properties: { text: { type: 'string' } }, ...level('all') },
  Ledger: { properties: { text: { type: 'string' } }, ...level('admin') },
};

export const CHAT_DEFAULTS: AppChatSettingsUpdate = {
  name: 'Shop helper',
  welcomeMessage: 'Ask me about the shop',
  instructions: 'Answer shoppers kindly.',
  dataItemIds: null,
  canReadRecords: true,
};

/** An admin builder with a published generated app: the bike shop FAQ as a data source, sign-up on. */
export async function makeChatApp(t: TestApp, { activate = true, settings = CHAT_DEFAULTS } = {}) {
  const owner = await t.signUpVerified();
  await t.db.execute(sql`UPDATE accounts SET is_admin = true, plan = 'moon' WHERE user_id = ${owner.userId}`);
  const created = await t.request('POST', '/api/apps', {
    token: owner.token,
    body: buildGenApp({ name: 'Bike shop', entities: CHAT_ENTITIES }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const app = { appId: created.body.appId as string, slug: created.body.slug as string };
  const items = await ingestItems(t, owner.token, app.appId, [['faq.md', FAQ]]);
  expect((await t.request('POST', `/api/apps/${app.appId}/publish`, { token: owner.token })).status).toBe(200);
  const saved = await t.request('PUT', `/api/apps/${app.appId}/chat/assistant`, { token: owner.token, body: settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  if (activate) {
    const on = await t.request('POST', `/api/apps/${app.appId}/chat/activate`, {
      token: owner.token,
      body: { isActive: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
  }
  return { owner, ...app, items };
}

/** A record made by an end user on the app's host (`user`), or by the owner on the builder's origin. */
export async function addRecord(
  t: TestApp,
  app: { appId: string; slug: string },
  entity: string,
  text: string,
  by: { user: string } | { owner: string },
) {
  const path = `/live_api/apps/${app.appId}/entities/${entity}`;
  const status =
    'user' in by
      ? (await onHost(t, app.slug, 'POST', path, { body: { text }, token: by.user })).status
      : (await t.request('POST', path, { body: { text }, token: by.owner })).status;
  expect(status, `${entity}: ${text}`).toBe(200);
}

/** Asks the app's assistant and reads the whole answer. */
export async function ask(
  t: TestApp,
  slug: string,
  message: unknown,
  options: { token?: string; visitor?: string; ip?: string; rawBody?: string } = {},
): Promise<RunResponse> {
  const res = await onHost(t, slug, 'POST', '/live_api/chat/messages', {
    body: options.rawBody === undefined ? { message } : undefined,
    ...options,
  });
  const text = await res.text();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { status: res.status, headers: res.headers, events: [], error: JSON.parse(text).error };
  return { status: res.status, headers: res.headers, events: parseEvents(text) };
}

export const textOf = (events: ToolRunEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
