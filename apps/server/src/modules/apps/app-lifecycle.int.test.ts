import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { doneOf, makeToolApp, run } from '../../testing/tool-apps';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
const TASKS = 'Build a task tracker with tasks (title, done, due date) and projects (name)';

async function send(token: string, appId: string, text: string) {
  const res = await t.request<string>('POST', `/api/apps/${appId}/chat`, {
    token,
    body: { id: appId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] }] },
  });
  expect(res.status).toBe(200);
}

async function fromDescription(token: string, description: string, requestKey?: string) {
  return t.request('POST', '/api/apps/from-description', { token, body: { description, requestKey } });
}

/** The app's tables: every table of the schema with an app_id column. */
async function tablesWithAppId(): Promise<string[]> {
  const rows = rowsOf(
    await t.db.execute(sql`SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'app_id' ORDER BY table_name`),
  );
  return rows.map((r) => String(r.table_name));
}

async function rowsPerTable(appId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesWithAppId()) {
    const [row] = rowsOf(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE app_id = ${appId}`),
    );
    counts[table] = Number(row!.n);
  }
  return counts;
}

describe('POST /api/apps/from-description', () => {
  it('creates an empty generated app named after the description, ready for its first chat turn', async () => {
    const b = await t.signUpVerified();
    const res = await fromDescription(b.token, TASKS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Task Tracker', slug: 'task-tracker', appType: 'generated' });
    const versions = await t.request('GET', `/api/apps/${res.body.appId}/versions`, { token: b.token });
    expect(versions.body.versions).toEqual([]);
    await send(b.token, res.body.appId, TASKS);
    const app = await t.request('GET', `/api/apps/${res.body.appId}`, { token: b.token });
    expect(Object.keys(app.body.entities).sort()).toEqual(['Project', 'Task']);
  });

  it('gives back the same app for a repeated request key, even sent twice at once', async () => {
    const b = await t.signUpVerified();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      fromDescription(b.token, TASKS, key),
      fromDescription(b.token, TASKS, key),
    ]);
    expect(first.status).toBe(200);
    expect(second.body.appId).toBe(first.body.appId);
    expect((await fromDescription(b.token, TASKS, key)).body.appId).toBe(first.body.appId);
    const list = await t.request('GET', '/api/apps', { token: b.token });
    expect(list.body.apps).toHaveLength(1);
    // Another builder's same key is another app.
    const other = await t.signUpVerified();
    const theirs = await fromDescription(other.token, TASKS, key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.appId).not.toBe(first.body.appId);
  });

  it('refuses an empty description or a bad key with a 400', async () => {
    const b = await t.signUpVerified();
    const empty = await fromDescription(b.token, '   ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Describe your app first');
    expect((await fromDescription(b.token, TASKS, 'bad key!')).status).toBe(400);
    expect((await t.request('POST', '/api/apps/from-description', { body: { description: TASKS } })).status).toBe(401);
  });
});

describe('rename, duplicate and delete', () => {
  it('renames an app for good: the next chat turn keeps the new name and the address stays', async () => {
    const b = await t.signUpVerified();
    const { appId, slug } = (await fromDescription(b.token, TASKS)).body;
    await send(b.token, appId, TASKS);
    const renamed = await t.request('PATCH', `/api/apps/${appId}`, { token: b.token, body: { name: 'Team board' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ appId, name: 'Team board', slug, publishedAt: null });
    await send(b.token, appId, 'add a priority field to tasks');
    const app = await t.request('GET', `/api/apps/${appId}`, { token: b.token });
    expect(app.body).toMatchObject({ name: 'Team board', slug });
    expect(Object.keys(app.body.entities.Task.properties)).toContain('priority');
    const blank = await t.request('PATCH', `/api/apps/${appId}`, { token: b.token, body: { name: ' ' } });
    expect(blank.status).toBe(400);
  });

  it('renames an app that has no version yet', async () => {
    const b = await t.signUpVerified();
    const { appId } = (await fromDescription(b.token, TASKS)).body;
    const renamed = await t.request('PATCH', `/api/apps/${appId}`, { token: b.token, body: { name: 'Later' } });
    expect(renamed.body.name).toBe('Later');
  });

  it('duplicates code and schemas as a draft with its own address; records only when asked', async () => {
    const b = await t.signUpVerified();
    const { appId } = (await fromDescription(b.token, TASKS)).body;
    await send(b.token, appId, TASKS);
    await t.db.execute(sql`INSERT INTO entity_records (id, app_id, entity, data)
      VALUES (${randomUUID()}, ${appId}, 'Task', '{"title":"Water plants"}'::jsonb)`);
    await t.db
      .execute(sql`UPDATE apps SET settings = '{"gumroadAccessToken":{"sealed":"x"},"supportEmail":"a@b.co"}'::jsonb
      WHERE id = ${appId}`);
    const records = async (id: string) =>
      Number(rowsOf(await t.db.execute(sql`SELECT count(*)::int AS n FROM entity_records WHERE app_id = ${id}`))[0]!.n);

    const bare = await t.request('POST', `/api/apps/${appId}/duplicate`, { token: b.token, body: {} });
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ name: 'Task Tracker copy', slug: 'task-tracker-copy', appType: 'generated' });
    expect(await records(bare.body.appId)).toBe(0);
    const copy = await t.request('GET', `/api/apps/${bare.body.appId}`, { token: b.token });
    const source = await t.request('GET', `/api/apps/${appId}`, { token: b.token });
    expect(copy.body.entities).toEqual(source.body.entities);
    expect(copy.body.publishedVersionId).toBeNull();
    expect(copy.body.settings).toEqual({ supportEmail: 'a@b.co' });
    const versions = await t.request('GET', `/api/apps/${bare.body.appId}/versions`, { token: b.token });
    expect(versions.body.versions).toHaveLength(1);
    const files = await t.request('GET', `/api/apps/${bare.body.appId}/versions/${versions.body.versions[0].id}`, {
      token: b.token,
    });
    const manifest = files.body.files.find((f: { path: string }) => f.path === 'app.json');
    expect(JSON.parse(manifest.content).name).toBe('Task Tracker copy');

    const withData = await t.request('POST', `/api/apps/${appId}/duplicate`, {
      token: b.token,
      body: { includeData: true, name: 'Tasks again' },
    });
    expect(withData.body).toMatchObject({ name: 'Tasks again', slug: 'tasks-again' });
    expect(await records(withData.body.appId)).toBe(await records(appId));
    expect(await records(appId)).toBeGreaterThan(0);
  });

  it('a duplicate of an AI tool keeps its texts and answers from copies of its data items, as a draft', async () => {
    const tool = await makeToolApp(t);
    await t.db.execute(sql`INSERT INTO app_looks (app_id, texts) VALUES (${tool.appId}, '{"header":"Ask us"}'::jsonb)
      ON CONFLICT (app_id) DO UPDATE SET texts = excluded.texts`);
    const dup = await t.request('POST', `/api/apps/${tool.appId}/duplicate`, { token: tool.owner.token, body: {} });
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    const copyId = dup.body.appId as string;
    const [looks] = rowsOf(await t.db.execute(sql`SELECT texts FROM app_looks WHERE app_id = ${copyId}`));
    expect(looks?.texts).toEqual({ header: 'Ask us' });
    const items = rowsOf(
      await t.db.execute(sql`SELECT id, original_context_item_id, num_of_chunks,
        (SELECT count(*)::int FROM context_chunks c WHERE c.item_id = i.id) AS chunks
        FROM context_items i WHERE app_id = ${copyId}`),
    );
    expect(items).toEqual([
      expect.objectContaining({ original_context_item_id: tool.items[0]!.contextItemId, chunks: expect.any(Number) }),
    ]);
    expect(Number(items[0]!.chunks)).toBeGreaterThan(0);
    const [row] = rowsOf(await t.db.execute(sql`SELECT definition FROM apps WHERE id = ${copyId}`));
    const [copiedTool] = (row!.definition as { tools: Array<Record<string, unknown>> }).tools;
    expect(copiedTool).toMatchObject({
      status: 'draft',
      dataItems: [expect.objectContaining({ contextItemId: items[0]!.id })],
    });

    // Live again, the copy answers from its own copy of the FAQ on its own host.
    const on = await t.request('POST', `/api/apps/${copyId}/tools/${copiedTool!.toolId}/activate`, {
      token: tool.owner.token,
      body: { isActive: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const answer = doneOf(await run(t, dup.body.slug as string, { input: 'Do you deliver?' }));
    expect(answer.result).toContain('we deliver within 10 km');
    expect(answer.sources).toEqual([expect.objectContaining({ name: 'faq.md' })]);
  });

  it('deletes an app with every row that names it; its address is never handed out again', async () => {
    const b = await t.signUpVerified();
    const { appId, slug } = (await fromDescription(b.token, TASKS)).body;
    await send(b.token, appId, TASKS);
    const ingest = await t.request('POST', `/api/context/ingest/text?appId=${appId}`, {
      token: b.token,
      body: { context: 'Opening hours are nine to five. '.repeat(40) },
    });
    expect(ingest.status).toBe(200);
    const appUserId = randomUUID();
    await t.db.execute(sql`INSERT INTO app_users (id, app_id, email) VALUES (${appUserId}, ${appId}, 'end@user.test')`);
    await t.db.execute(sql`INSERT INTO app_sessions (token_hash, app_user_id, app_id, host, expires_at)
      VALUES (${randomUUID()}, ${appUserId}, ${appId}, 'x.apps.localhost', now() + interval '1 day')`);
    await t.db.execute(sql`UPDATE accounts SET app_id = ${appId} WHERE user_id = ${b.userId}`);
    const deadline = Date.now() + 20_000;
    while ((await rowsPerTable(appId)).context_chunks === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));

    // Files its users uploaded (DATA_DIR/files/apps/{appId}/...), and another app's that must stay.
    const uploaded = join(t.config.dataDir, 'files', 'apps', appId, 'photo.png');
    const othersFile = join(t.config.dataDir, 'files', 'apps', `${appId}x`, 'photo.png');
    for (const file of [uploaded, othersFile]) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, 'png');
    }

    const before = await rowsPerTable(appId);
    for (const table of [
      'accounts',
      'app_entities',
      'app_sessions',
      'app_slugs',
      'app_users',
      'app_versions',
      'chat_messages',
      'context_chunks',
      'context_items',
      'entity_records',
    ])
      expect(before[table], table).toBeGreaterThan(0);

    const stranger = await t.signUpVerified();
    for (const [method, path, body] of [
      ['DELETE', `/api/apps/${appId}`, undefined],
      ['PATCH', `/api/apps/${appId}`, { name: 'Mine' }],
      ['POST', `/api/apps/${appId}/duplicate`, {}],
    ] as const) {
      const res = await t.request(method, path, { token: stranger.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await rowsPerTable(appId)).app_versions).toBe(before.app_versions);

    const removed = await t.request('DELETE', `/api/apps/${appId}`, { token: b.token });
    expect(removed.status).toBe(200);
    const after = await rowsPerTable(appId);
    // Only the address's claim stays (it is never reused).
    expect(after).toEqual(Object.fromEntries(Object.keys(after).map((k) => [k, k === 'app_slugs' ? 1 : 0])));
    expect(existsSync(uploaded)).toBe(false);
    expect(existsSync(othersFile)).toBe(true);
    expect((await t.request('GET', `/api/apps/${appId}`, { token: b.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/apps/${appId}`, { token: b.token })).status).toBe(404);

    const again = await fromDescription(stranger.token, TASKS);
    expect(again.body.slug).not.toBe(slug);
    const taken = await t.request('POST', '/api/apps', {
      token: stranger.token,
      body: buildGenApp({ name: 'Tasks', slug }),
    });
    expect(taken.status).toBe(409);
  });
});
