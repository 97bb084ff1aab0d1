import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHAT_MESSAGES } from '@tessera/contracts/app-chat';
import { TOOL_RUN_MESSAGES, toolRunMessage } from '@tessera/contracts/tool-runs';
import { toolRuns } from '@tessera/db';
import { addRecord, ask, CHAT_DEFAULTS, makeChatApp, textOf } from '../../testing/chat-apps';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { doneOf, endUserOf, ingestItems, makeToolApp, onHost, visitorOf } from '../../testing/tool-apps';
import { APP_CHAT_TOOL_ID } from './app-chat.service';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const activate = (appId: string, token: string | undefined, body: unknown) =>
  t.request('POST', `/api/apps/${appId}/chat/activate`, { token, body });
/** The assistant as an app page's boot data carries it: its widget shows, and asks, only when set. */
async function bootChatOf(slug: string): Promise<unknown> {
  const html = await (await onHost(t, slug, 'GET', `/app/${slug}/`)).text();
  const boot = /<script type="application\/json" id="tessera-boot">(.*?)<\/script>/s.exec(html)![1]!;
  return (JSON.parse(boot) as { chat: unknown }).chat;
}

describe('activation (the App chat panel)', () => {
  it('gives a chatAppId on first activation and keeps it; the widget config follows the status', async () => {
    const app = await makeChatApp(t, { activate: false });
    const before = await t.request('GET', `/api/apps/${app.appId}/chat/assistant`, { token: app.owner.token });
    expect(before.body).toEqual({ ...CHAT_DEFAULTS, status: 'draft', chatAppId: null });
    expect((await onHost(t, app.slug, 'GET', '/live_api/chat')).status).toBe(404);
    expect(await bootChatOf(app.slug)).toBeNull();

    // Two activations at once (a double click) agree on one chatAppId.
    const [on, again] = await Promise.all([
      activate(app.appId, app.owner.token, { isActive: true }),
      activate(app.appId, app.owner.token, { isActive: true }),
    ]);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ status: 'active', chatAppId: expect.any(String) });
    expect(again.body.chatAppId).toBe(on.body.chatAppId);
    const widget = await onHost(t, app.slug, 'GET', '/live_api/chat');
    expect(await widget.json()).toEqual({
      chatAppId: on.body.chatAppId,
      name: 'Shop helper',
      welcomeMessage: 'Ask me about the shop',
    });
    expect(await bootChatOf(app.slug)).toEqual({
      chatAppId: on.body.chatAppId,
      name: 'Shop helper',
      welcomeMessage: 'Ask me about the shop',
    });

    const off = await activate(app.appId, app.owner.token, { isActive: false });
    expect(off.body).toEqual({ status: 'draft', chatAppId: on.body.chatAppId });
    const closed = await onHost(t, app.slug, 'GET', '/live_api/chat');
    expect(closed.status).toBe(404);
    expect(await bootChatOf(app.slug)).toBeNull();
    expect(((await closed.json()) as { error: { message: string } }).error.message).toBe(APP_CHAT_MESSAGES.notActive);
    const refused = await ask(t, app.slug, 'Do you deliver?');
    expect(refused.status).toBe(404);
    expect(refused.error!.message).toBe(APP_CHAT_MESSAGES.notActive);
    expect((await activate(app.appId, app.owner.token, { isActive: true })).body.chatAppId).toBe(on.body.chatAppId);
  });

  it('is the owning admin’s, on generated apps only; bad bodies are 400s with plain messages', async () => {
    const app = await makeChatApp(t, { activate: false });
    const stranger = await t.signUpVerified();
    await t.db.execute(sql`UPDATE accounts SET is_admin = true WHERE user_id = ${stranger.userId}`);
    const notAdmin = await t.signUpVerified();
    const own = await t.request('POST', '/api/apps', { token: notAdmin.token, body: buildGenApp({ name: 'Mine' }) });
    const tool = await makeToolApp(t);
    await t.db.execute(sql`UPDATE accounts SET is_admin = true WHERE user_id = ${tool.owner.userId}`);

    expect((await activate(app.appId, undefined, { isActive: true })).status).toBe(401);
    expect((await activate(app.appId, stranger.token, { isActive: true })).status).toBe(404);
    const forbidden = await activate(own.body.appId, notAdmin.token, { isActive: true });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(APP_CHAT_MESSAGES.adminsOnly);
    const getForbidden = await t.request('GET', `/api/apps/${own.body.appId}/chat/assistant`, {
      token: notAdmin.token,
    });
    expect(getForbidden.status).toBe(403);
    const toolApp = await activate(tool.appId, tool.owner.token, { isActive: true });
    expect(toolApp.status).toBe(409);
    expect(toolApp.body.error.message).toBe(APP_CHAT_MESSAGES.generatedOnly);

    for (const body of [{}, { isActive: 'yes' }, { isActive: true, extra: 1 }, null]) {
      const res = await activate(app.appId, app.owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const proto = await t.request('POST', `/api/apps/${app.appId}/chat/activate`, {
      token: app.owner.token,
      rawBody: '{"__proto__":{"isActive":true},"isActive":true}',
    });
    expect(proto.status).toBe(400);
    // Nothing refused was stored.
    const stored = await t.request('GET', `/api/apps/${app.appId}/chat/assistant`, { token: app.owner.token });
    expect(stored.body.status).toBe('draft');
  });

  it('saves the assistant’s settings, checking its data sources are the app’s own', async () => {
    const app = await makeChatApp(t, { activate: false });
    const other = await makeChatApp(t, { activate: false });
    const put = (body: unknown) =>
      t.request('PUT', `/api/apps/${app.appId}/chat/assistant`, { token: app.owner.token, body });
    const foreign = other.items[0]!.contextItemId;
    const refused = await put({ ...CHAT_DEFAULTS, dataItemIds: [foreign] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(toolRunMessage(APP_CHAT_MESSAGES.unknownDataSource, { id: foreign }));
    expect((await put({ ...CHAT_DEFAULTS, name: '  ' })).status).toBe(400);
    expect((await put({ ...CHAT_DEFAULTS, welcomeMessage: 'x'.repeat(501) })).status).toBe(400);
    expect((await put({ ...CHAT_DEFAULTS, canReadRecords: 'yes' })).status).toBe(400);
    const mine = app.items[0]!.contextItemId;
    const saved = await put({ ...CHAT_DEFAULTS, name: ' Spokes ', dataItemIds: [mine, mine], canReadRecords: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Spokes', dataItemIds: [mine], canReadRecords: false, status: 'draft' });
  });
});

describe('answers (offline answer model)', () => {
  it('streams an answer grounded in the FAQ with its source, and records the turn like a run', async () => {
    const app = await makeChatApp(t);
    const res = await ask(t, app.slug, 'Do you deliver to my house?');
    expect(res.status).toBe(200);
    const done = doneOf(res);
    expect(textOf(res.events)).toBe(done.result);
    expect(done.result).toContain('Yes, we deliver within 10 km of the shop for a flat fee of 4 euros.');
    expect(done.sources).toEqual([
      { contextItemId: app.items[0]!.contextItemId, name: 'faq.md', excerpt: expect.stringContaining('deliver') },
    ]);
    const visitor = visitorOf(res);
    expect(visitor).toBeTruthy();
    const [row] = await t.db.select().from(toolRuns).where(eq(toolRuns.appId, app.appId));
    const chat = await t.request('GET', `/api/apps/${app.appId}/chat/assistant`, { token: app.owner.token });
    expect(row).toMatchObject({
      toolId: APP_CHAT_TOOL_ID,
      toolPath: chat.body.chatAppId,
      status: 'succeeded',
      subject: `chat:v:${visitor!.split('.')[0]}`,
      inputs: { input: 'Do you deliver to my house?' },
      result: done.result,
      model: 'offline:answer',
    });
  });

  it('uses only the chosen data sources', async () => {
    const app = await makeChatApp(t, { settings: { ...CHAT_DEFAULTS, dataItemIds: [], canReadRecords: false } });
    expect(doneOf(await ask(t, app.slug, 'Do you deliver?')).result).toBe(TOOL_RUN_MESSAGES.noDataItems);
    const [hours] = await ingestItems(t, app.owner.token, app.appId, [
      ['hours.md', 'The workshop repairs bikes on Tuesdays.'],
    ]);
    await t.request('PUT', `/api/apps/${app.appId}/chat/assistant`, {
      token: app.owner.token,
      body: { ...CHAT_DEFAULTS, dataItemIds: [hours!.contextItemId], canReadRecords: false },
    });
    const done = doneOf(await ask(t, app.slug, 'When do you repair bikes? Do you deliver?'));
    expect(done.result).toContain('Tuesdays');
    expect(done.result).not.toContain('10 km');
  });

  it('refuses bad questions with clear 4xx, never a 500', async () => {
    const app = await makeChatApp(t);
    for (const [message, text] of [
      ['   ', 'Write a question first'],
      ['x'.repeat(2001), 'A question is at most 2000 characters'],
      [42, 'Write a question first'],
    ] as const) {
      const res = await ask(t, app.slug, message);
      expect(res.status).toBe(400);
      expect(res.error!.message).toContain(text);
    }
    for (const rawBody of ['{"message":', '[]', '{"message":"hi","__proto__":{}}', '{"message":"a\\u0000b","x":1}'])
      expect((await ask(t, app.slug, null, { rawBody })).status, rawBody).toBe(400);
    expect((await ask(t, app.slug, 'hi', { visitor: 'forged.id' })).status).toBe(401);
  });
});

describe('records, per read level', () => {
  it('an end user gets only what the entity lets them read; a visitor only public records', async () => {
    const app = await makeChatApp(t);
    const ada = await endUserOf(t, app);
    const bob = await endUserOf(t, app);
    await addRecord(t, app, 'Note', 'Ada locker code is 4512', { user: ada.token });
    await addRecord(t, app, 'Note', 'Bob locker code is 9931', { user: bob.token });
    await addRecord(t, app, 'Member', 'Members perk is free tyre checks', { user: bob.token });
    await addRecord(t, app, 'Notice', 'Notice: the shop closes early on Friday', { owner: app.owner.token });
    await addRecord(t, app, 'Ledger', 'Ledger cash float is 300 euros', { owner: app.owner.token });

    const asAda = doneOf(await ask(t, app.slug, 'What is the locker code?', { token: ada.token }));
    expect(asAda.result).toContain('4512');
    expect(asAda.result).not.toContain('9931');
    expect(asAda.sources.map((s) => s.name)).toContain('Note records');
    const asBob = doneOf(await ask(t, app.slug, 'What is the locker code?', { token: bob.token }));
    expect(asBob.result).toContain('9931');
    expect(asBob.result).not.toContain('4512');

    // Signed-in users read "all" records, not "admin" ones.
    expect(doneOf(await ask(t, app.slug, 'What is the members perk?', { token: ada.token })).result).toContain(
      'free tyre checks',
    );
    expect(doneOf(await ask(t, app.slug, 'What is the ledger cash float?', { token: ada.token })).result).not.toContain(
      '300 euros',
    );

    // A visitor: the public notice only.
    expect(doneOf(await ask(t, app.slug, 'Does the shop close early on Friday?')).result).toContain('closes early');
    for (const question of [
      'What is the locker code?',
      'What is the members perk?',
      'What is the ledger cash float?',
    ]) {
      const done = doneOf(await ask(t, app.slug, question));
      expect(done.result).not.toMatch(/4512|9931|tyre|300 euros/);
      expect(done.sources.map((s) => s.name)).not.toEqual(expect.arrayContaining(['Note records']));
    }

    // With records off, not even her own.
    await t.request('PUT', `/api/apps/${app.appId}/chat/assistant`, {
      token: app.owner.token,
      body: { ...CHAT_DEFAULTS, canReadRecords: false },
    });
    expect(doneOf(await ask(t, app.slug, 'What is the locker code?', { token: ada.token })).result).not.toContain(
      '4512',
    );
  });
});

describe('limits and isolation', () => {
  it('counts turns per visitor under a lock: 8 at once against a daily limit of 3 pass 3 times', async () => {
    const app = await makeChatApp(t);
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || '{"dailyUserLimit": 3}'::jsonb WHERE id = ${app.appId}`,
    );
    const first = await ask(t, app.slug, 'delivery');
    const visitor = visitorOf(first)!;
    expect(doneOf(first).runsLeft.today).toBe(2);
    const results = await Promise.all(Array.from({ length: 7 }, () => ask(t, app.slug, 'opening hours', { visitor })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.error!.message).toBe(toolRunMessage(TOOL_RUN_MESSAGES.dailyLimit, { n: 3 }));
    const counted = await t.db
      .select()
      .from(toolRuns)
      .where(and(eq(toolRuns.appId, app.appId), eq(toolRuns.toolId, APP_CHAT_TOOL_ID)));
    expect(counted).toHaveLength(3);
    // Another visitor has their own allowance.
    expect((await ask(t, app.slug, 'delivery', { ip: '10.9.9.9' })).status).toBe(200);
  });

  it('answers on each app from that app’s data only; a visitor id of one app is refused on another', async () => {
    const shop = await makeChatApp(t);
    const other = await makeChatApp(t, { activate: false });
    await ingestItems(t, other.owner.token, other.appId, [
      ['unicycles.md', 'We sell only unicycles, in three colours.'],
    ]);
    await activate(other.appId, other.owner.token, { isActive: true });
    const onShop = await ask(t, shop.slug, 'Do you sell unicycles?');
    expect(doneOf(onShop).result).not.toContain('unicycles, in three colours');
    expect(doneOf(await ask(t, other.slug, 'Do you sell unicycles?')).result).toContain('We sell only unicycles');
    expect((await ask(t, other.slug, 'unicycles', { visitor: visitorOf(onShop)! })).status).toBe(401);
  });
});
