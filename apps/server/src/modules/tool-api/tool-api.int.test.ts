import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOOL_API_CALLS_PER_MINUTE,
  TOOL_API_KEYS_PER_TOOL,
  TOOL_API_MESSAGES,
  TOOL_RUN_MESSAGES,
} from '@tessera/contracts/tool-runs';
import { toolApiKeys, toolRuns } from '@tessera/db';
import { createTestApp } from '../../testing/harness';
import { makeToolApp, parseEvents } from '../../testing/tool-apps';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());
type ToolApp = Awaited<ReturnType<typeof makeToolApp>>;

const keysPath = (app: ToolApp, toolId = 't1') => `/api/apps/${app.appId}/tools/${toolId}/api-keys`;
async function newKey(app: ToolApp, toolId = 't1', name = 'Zapier') {
  const res = await t.request('POST', keysPath(app, toolId), { token: app.owner.token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { key: { id: string; prefix: string }; secret: string };
}
const call = (
  key: string | null,
  body: unknown,
  { toolId = 't1', accept }: { toolId?: string; accept?: string } = {},
) =>
  t.request('POST', `/api/v1/tools/${toolId}/run`, {
    ...(typeof body === 'string' ? { rawBody: body } : { body }),
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(accept ? { accept } : {}),
    },
  });

describe('the tool API', () => {
  it('runs a live tool with its key: JSON or a stream, recorded against the owner, keys hashed at rest', async () => {
    const app = await makeToolApp(t);
    const { key, secret } = await newKey(app);
    expect(secret).toMatch(/^ttk_[\w-]{32}$/);
    expect(key.prefix).toBe(secret.slice(0, 10));

    const list = await t.request('GET', keysPath(app), { token: app.owner.token });
    expect(list.body).toMatchObject({
      endpoint: 'http://localhost:3000/api/v1/tools/t1/run',
      keys: [{ id: key.id, name: 'Zapier', lastUsedAt: null, revokedAt: null }],
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const [row] = await t.db.select().from(toolApiKeys).where(eq(toolApiKeys.id, key.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(10));

    const res = await call(secret, { values: { input: 'Do you deliver?' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      runId: expect.any(String),
      model: { id: 'offline:answer', offline: true },
      sources: [{ name: 'faq.md' }],
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), cost: 0 },
    });
    expect(res.body.result).toContain('we deliver within 10 km');

    const streamed = await t.app.request('/api/v1/tools/t1/run', {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ values: { input: 'opening hours' } }),
    });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    const events = parseEvents(await streamed.text());
    expect(events.at(-1)).toMatchObject({ type: 'done', result: expect.stringContaining('9 am to 6 pm') });

    const runs = await t.db.select().from(toolRuns).where(eq(toolRuns.appId, app.appId));
    expect(runs).toHaveLength(2);
    for (const r of runs)
      expect(r).toMatchObject({
        subject: `k:${key.id}`,
        ownerUserId: app.owner.userId,
        status: 'succeeded',
        creditsCharged: 0,
      });
    const [used] = await t.db.select().from(toolApiKeys).where(eq(toolApiKeys.id, key.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses missing, unknown, revoked and other tools’ keys, and tools that are not live', async () => {
    const app = await makeToolApp(t);
    const { key, secret } = await newKey(app);
    const second = await t.request('POST', `/api/apps/${app.appId}/tools`, {
      token: app.owner.token,
      body: { title: 'Second' },
    });
    const secondId = second.body.tool.toolId as string;
    const other = await newKey(app, secondId, 'Other');
    const body = { values: { input: 'Do you deliver?' } };

    const cases: Array<[string | null, number, string]> = [
      [null, 401, TOOL_API_MESSAGES.missingKey],
      ['ttk_madeup', 401, TOOL_API_MESSAGES.invalidKey],
      ['sk-something-else', 401, TOOL_API_MESSAGES.invalidKey],
      [other.secret, 403, TOOL_API_MESSAGES.otherTool],
    ];
    for (const [k, status, message] of cases) {
      const res = await call(k, body);
      expect(res.status, message).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    // The second tool's own key, but the tool is a draft.
    const draft = await call(other.secret, body, { toolId: secondId });
    expect(draft.status).toBe(404);
    expect(draft.body.error.message).toBe(TOOL_API_MESSAGES.notLive);

    const revoked = await t.request('DELETE', `${keysPath(app)}/${key.id}`, { token: app.owner.token });
    expect(revoked.body).toEqual({ status: true });
    const after = await call(secret, body);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(TOOL_API_MESSAGES.invalidKey);
    const again = await t.request('DELETE', `${keysPath(app)}/${key.id}`, { token: app.owner.token });
    expect(again.status).toBe(404);

    // The tool turned off: its keys stop working.
    const live = await newKey(app);
    await t.request('POST', `/api/apps/${app.appId}/tools/t1/activate`, {
      token: app.owner.token,
      body: { isActive: false },
    });
    const off = await call(live.secret, body);
    expect(off.status).toBe(404);
    expect(off.body.error.message).toBe(TOOL_API_MESSAGES.notLive);
  });

  it('judges the body with the tool’s field rules (4xx, never 5xx)', async () => {
    const app = await makeToolApp(t, {
      fields: [
        { label: 'Question', name: 'question', type: 'long_text', required: true, toolId: 't1' },
        { label: 'Bike', name: 'bike', type: 'select', toolId: 't1', options: [{ label: 'City' }] },
      ],
    });
    const { secret } = await newKey(app);
    const cases: Array<[unknown, string | RegExp]> = [
      [{ values: {} }, 'Question is required'],
      [{ values: { question: 'hi', bike: 'Tandem' } }, 'Bike: choose one of the options'],
      [{ values: { question: 'hi', colour: 'red' } }, 'This tool has no field named "colour"'],
      [{ values: { question: 'a'.repeat(30_000) } }, /./],
      [{}, /./],
      ['{not json', /./],
      ['"just a string"', /./],
    ];
    for (const [body, message] of cases) {
      const res = await call(secret, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.message).toMatch(
        message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
    }
    expect(await t.db.select().from(toolRuns).where(eq(toolRuns.appId, app.appId))).toHaveLength(0);
  });

  it('counts against the owner’s monthly runs and is rate limited per key', async () => {
    const app = await makeToolApp(t);
    const { secret } = await newKey(app);
    await t.db.execute(sql`UPDATE accounts SET plan = 'lite' WHERE user_id = ${app.owner.userId}`);
    await t.db.execute(sql`
      INSERT INTO tool_runs (id, app_id, owner_user_id, tool_id, tool_path, subject, inputs, model, status)
      SELECT 'api-old-' || g, ${app.appId}, ${app.owner.userId}, 't1', 'ask', 'v:x', '{}'::jsonb, 'offline:answer', 'succeeded'
      FROM generate_series(1, 300) g`);
    const limited = await call(secret, { values: { input: 'Do you deliver?' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(TOOL_RUN_MESSAGES.ownerLimit);

    // Calls with a bad body still count: the key's minute runs out.
    for (let i = 1; i < TOOL_API_CALLS_PER_MINUTE; i++) await call(secret, { values: 'x' });
    const over = await call(secret, { values: { input: 'hi' } });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(TOOL_API_MESSAGES.rateLimited);
  });

  it('manages keys: names required, a cap per tool, only for the owner', async () => {
    const app = await makeToolApp(t);
    const stranger = await makeToolApp(t);
    const empty = await t.request('POST', keysPath(app), { token: app.owner.token, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(TOOL_API_MESSAGES.keyNameEmpty);
    await Promise.all(
      Array.from({ length: TOOL_API_KEYS_PER_TOOL + 3 }, (_, i) =>
        t.request('POST', keysPath(app), { token: app.owner.token, body: { name: `k${i}` } }),
      ),
    );
    const keys = await t.request('GET', keysPath(app), { token: app.owner.token });
    expect(keys.body.keys).toHaveLength(TOOL_API_KEYS_PER_TOOL);
    const over = await t.request('POST', keysPath(app), { token: app.owner.token, body: { name: 'one more' } });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(TOOL_API_MESSAGES.tooManyKeys);
    for (const [method, path, body] of [
      ['GET', keysPath(app), undefined],
      ['POST', keysPath(app), { name: 'mine now' }],
      ['DELETE', `${keysPath(app)}/${keys.body.keys[0].id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token: stranger.owner.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
