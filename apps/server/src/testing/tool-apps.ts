import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ToolRunEvent } from '@tessera/contracts/tool-runs';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from './app-users';
import type { TestApp } from './harness';

/** Test helpers of the tool run suites: a tool app with data, callers on its host, the run's events. */

export const FAQ = [
  '# Bike shop FAQ',
  'Q: What are your opening hours?',
  'A: We are open from 9 am to 6 pm, Monday to Saturday. On Sundays we are closed.',
  'Q: Do you deliver?',
  'A: Yes, we deliver within 10 km of the shop for a flat fee of 4 euros.',
  'Q: Can I return a bike?',
  'A: Returns are accepted within 30 days with the receipt.',
].join('\n\n');

export const appHost = (slug: string) => `${slug}.apps.localhost:3000`;

export interface ToolAppOptions {
  fields?: Array<Record<string, unknown>>;
  instructions?: string;
  settings?: Record<string, unknown>;
  /** Data items as [name, text] pairs ingested as pasted text (CSV when the name ends in .csv). */
  data?: Array<[string, string]>;
  status?: 'active' | 'draft';
  /** Sign-up on (needed before fields may be memorized). */
  signup?: boolean;
}

const FINAL = ['synced', 'error', 'usage_limit_reached'];

/** Data items of an app, as [name, text] pairs uploaded as files (CSV when the name ends in .csv), once synced. */
export async function ingestItems(t: TestApp, token: string, appId: string, data: Array<[string, string]>) {
  const items: Array<{ contextItemId: string; name: string }> = [];
  for (const [name, text] of data) {
    const form = new FormData();
    const type = name.endsWith('.csv') ? 'text/csv' : 'text/markdown';
    form.append('file', new Blob([text], { type }), name);
    const res = await t.app.request(`/api/context/ingest/file?appId=${appId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { contextItemId: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const item = await t.request('GET', `/api/context/${body.contextItemId}`, { token });
      if (FINAL.includes(item.body.contextItem?.status)) {
        expect(item.body.contextItem.status).toBe('synced');
        break;
      }
      if (Date.now() > deadline) throw new Error('data item not synced');
      await new Promise((r) => setTimeout(r, 40));
    }
    items.push({ contextItemId: body.contextItemId, name });
  }
  return items;
}

/** A builder (on the moon plan, so several data items fit) with a tool app whose tool `ask` answers from `data`. */
export async function makeToolApp(t: TestApp, options: ToolAppOptions = {}) {
  const owner = await t.signUpVerified();
  await t.db.execute(sql`UPDATE accounts SET plan = 'moon' WHERE user_id = ${owner.userId}`);
  const definition = (dataItems: Array<{ contextItemId: string }>, fields = options.fields ?? []) => ({
    appType: 'tool',
    app: {
      name: 'Bike shop helper',
      tools: [
        {
          toolId: 't1',
          title: 'Ask the bike shop',
          path: 'ask',
          status: options.status ?? 'active',
          instructions: options.instructions ?? 'Answer the customer: [input]',
          dataItems,
        },
      ],
      fields,
    },
  });
  const created = await t.request('POST', '/api/apps', { token: owner.token, body: definition([], []) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const appId = created.body.appId as string;
  const items = await ingestItems(t, owner.token, appId, options.data ?? [['faq.md', FAQ]]);
  // Settings straight into the row: these suites test runs, not the settings panel's rules.
  const settings = { ...(options.signup ? { isSignupEnabled: true, ...SIGNUP_CONTACTS } : {}), ...options.settings };
  await t.db.execute(
    sql`UPDATE apps SET settings = settings || ${JSON.stringify(settings)}::jsonb WHERE id = ${appId}`,
  );
  const saved = await t.request('POST', '/api/apps', {
    token: owner.token,
    body: { ...definition(items.map((i) => ({ contextItemId: i.contextItemId }))), appId },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { owner, appId, slug: created.body.slug as string, items };
}

/** An end user signed up on the app's own host (sign-up switched on in the row for the test). */
export async function endUserOf(t: TestApp, app: { appId: string; slug: string }) {
  await t.db.execute(
    sql`UPDATE apps SET settings = settings || ${JSON.stringify({ isSignupEnabled: true, ...SIGNUP_CONTACTS })}::jsonb WHERE id = ${app.appId}`,
  );
  const up = await signUpAppUser(t, app.appId, { email: uniqueEmail('runner') }, { host: appHost(app.slug) });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return { token: up.body.token as string, userId: up.body.user.id as string };
}

export interface RunResponse {
  status: number;
  headers: Headers;
  events: ToolRunEvent[];
  error?: { code: string; message: string; details?: any };
}

/** The SSE events of a response body. */
export function parseEvents(text: string): ToolRunEvent[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((l) => l.startsWith('data: ')))
    .filter((lines) => lines.length)
    .map((lines) => JSON.parse(lines.map((l) => l.slice(6)).join('\n')) as ToolRunEvent);
}

/** A call on the app's host, from `ip`, with an optional end-user token or visitor id. */
export async function onHost(
  t: TestApp,
  slug: string,
  method: string,
  path: string,
  {
    body,
    token,
    visitor,
    ip = '10.4.4.4',
    rawBody,
    headers: extra = {},
  }: {
    body?: unknown;
    token?: string;
    visitor?: string;
    ip?: string;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...extra, host: appHost(slug) };
  if (body !== undefined || rawBody !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (visitor) headers.cookie = `tessera_visitor=${visitor}`;
  return t.app.request(
    path,
    { method, headers, body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

/** Runs the tool at `path` and reads the whole answer. */
export async function run(
  t: TestApp,
  slug: string,
  values: unknown,
  options: { token?: string; visitor?: string; ip?: string; path?: string; rawBody?: string } = {},
): Promise<RunResponse> {
  const res = await onHost(t, slug, 'POST', `/live_api/tools/${options.path ?? 'ask'}/runs`, {
    body: options.rawBody === undefined ? { values } : undefined,
    ...options,
  });
  const text = await res.text();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { status: res.status, headers: res.headers, events: [], error: JSON.parse(text).error };
  return { status: res.status, headers: res.headers, events: parseEvents(text) };
}

/** The visitor id a response set as its cookie. */
export const visitorOf = (res: { headers: Headers }) =>
  /tessera_visitor=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;

export const doneOf = (res: RunResponse) => {
  const done = res.events.find((e) => e.type === 'done');
  if (!done || done.type !== 'done') throw new Error(`no done event: ${JSON.stringify(res.events.slice(-2))}`);
  return done;
};
