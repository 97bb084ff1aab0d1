import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { TEMPLATE_MESSAGES } from '@tessera/contracts/templates';
import { TOOL_MESSAGES } from '@tessera/contracts/tools';
import { addRecord, makeChatApp } from '../../testing/chat-apps';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { endUserOf, ingestItems, makeToolApp } from '../../testing/tool-apps';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
const count = async (table: string, appId: string) =>
  Number(
    rowsOf(await t.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE app_id = ${appId}`))[0]!
      .n,
  );

const useTemplate = (token: string, templateId: string, requestKey: string = randomUUID()) =>
  t.request('POST', `/api/templates/${templateId}/use`, { token, body: { requestKey } });

let category = 0;
/** A category of the managed list, added by the admin. */
async function addCategory(token: string) {
  const name = `Shops ${++category}`;
  const res = await t.request('POST', '/api/templates/categories', { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return name;
}

/**
 * The bike shop of the app chat suite (an admin's published app with a FAQ data source), a tool
 * that uses the FAQ, a record, an end user and an app key; then offered as a template.
 */
async function makeTemplate({ isPro = false } = {}) {
  const app = await makeChatApp(t, { activate: false });
  const faq = app.items[0]!.contextItemId;
  const tool = {
    toolId: 'tool-1',
    title: 'Ask the shop',
    path: 'ask',
    status: 'active',
    dataItems: [{ contextItemId: faq, type: 'txt' }],
  };
  await t.db.execute(
    sql`UPDATE apps SET definition = definition || ${JSON.stringify({ tools: [tool] })}::jsonb WHERE id = ${app.appId}`,
  );
  const style = await t.request('POST', `/api/apps/${app.appId}/texts`, {
    token: app.owner.token,
    body: { appTexts: { header: 'Bike shop', description: 'Bikes and repairs' } },
  });
  expect(style.status, JSON.stringify(style.body)).toBe(200);
  expect((await t.request('POST', `/api/apps/${app.appId}/publish`, { token: app.owner.token })).status).toBe(200);
  const user = await endUserOf(t, app);
  await addRecord(t, app, 'Member', 'Ride on Sunday', { user: user.token });
  const key = await t.request('POST', `/api/apps/${app.appId}/keys`, { token: app.owner.token, body: { name: 'ci' } });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const name = await addCategory(app.owner.token);
  const offered = await t.request('POST', `/api/apps/${app.appId}/template`, {
    token: app.owner.token,
    body: {
      isTemplate: true,
      category: name,
      description: 'A shop with a FAQ',
      imageUrl: 'https://img.example/shop.png',
      isPro,
    },
  });
  expect(offered.status, JSON.stringify(offered.body)).toBe(200);
  return { ...app, faq, category: name };
}

describe('GET /api/templates', () => {
  it('lists only published apps an admin flagged, with nothing private in the answer', async () => {
    const template = await makeTemplate();
    const builder = await t.signUpVerified();
    // Flagged in its settings but never published, and flagged by a builder who is no admin: not listed.
    const draft = await t.request('POST', '/api/apps', {
      token: template.owner.token,
      body: buildGenApp({ name: 'Draft' }),
    });
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || '{"isAppTemplate":true}'::jsonb WHERE id = ${draft.body.appId}`,
    );
    const own = await t.request('POST', '/api/apps', {
      token: builder.token,
      body: buildGenApp({ name: 'Not admin' }),
    });
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || '{"isAppTemplate":true}'::jsonb, published_version_id = (SELECT id FROM app_versions WHERE app_id = ${own.body.appId} LIMIT 1) WHERE id = ${own.body.appId}`,
    );

    const list = await t.request('GET', '/api/templates', { token: builder.token });
    expect(list.status).toBe(200);
    const ids = list.body.templates.map((x: { templateId: string }) => x.templateId);
    expect(ids).toContain(template.appId);
    expect(ids).not.toContain(draft.body.appId);
    expect(ids).not.toContain(own.body.appId);
    const shown = list.body.templates.find((x: { templateId: string }) => x.templateId === template.appId);
    expect(shown).toEqual({
      templateId: template.appId,
      name: 'Bike shop',
      appType: 'generated',
      category: template.category,
      description: 'A shop with a FAQ',
      imageUrl: 'https://img.example/shop.png',
      isPro: false,
    });
    expect(list.body.categories).toContain(template.category);
    const body = JSON.stringify(list.body);
    for (const secret of [template.owner.email, template.owner.userId, template.slug, 'Ride on Sunday'])
      expect(body).not.toContain(secret);
    expect((await t.request('GET', '/api/templates')).status).toBe(401);

    const key = randomUUID();
    const copy = await useTemplate(builder.token, template.appId, key);
    expect(copy.status).toBe(200);

    // No longer offered: gone from the list, and its id is unknown to use (a repeated key still
    // gives back the copy it made).
    await t.request('POST', `/api/apps/${template.appId}/template`, {
      token: template.owner.token,
      body: { isTemplate: false },
    });
    const after = await t.request('GET', '/api/templates', { token: builder.token });
    expect(after.body.templates.map((x: { templateId: string }) => x.templateId)).not.toContain(template.appId);
    expect((await useTemplate(builder.token, template.appId)).status).toBe(404);
    expect((await useTemplate(builder.token, template.appId, key)).body.appId).toBe(copy.body.appId);
  });
});

describe('POST /api/templates/{id}/use', () => {
  it("copies files, look, settings, tools and data items into the builder's own app, never records, users or keys", async () => {
    const template = await makeTemplate();
    const builder = await t.signUpVerified();
    await t.db.execute(sql`UPDATE accounts SET plan = 'explorer' WHERE user_id = ${builder.userId}`);
    const res = await useTemplate(builder.token, template.appId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Bike shop', appType: 'generated', toolId: null });
    const copyId = res.body.appId as string;
    expect(copyId).not.toBe(template.appId);
    expect(res.body.slug).not.toBe(template.slug);

    const copy = await t.request('GET', `/api/apps/${copyId}`, { token: builder.token });
    expect(copy.status).toBe(200);
    expect(Object.keys(copy.body.entities).sort()).toEqual(['Ledger', 'Member', 'Note', 'Notice']);
    expect(copy.body.publishedVersionId).toBeNull();
    expect(copy.body.settings).not.toHaveProperty('isAppTemplate');
    expect(copy.body.settings).not.toHaveProperty('templateCategory');
    expect(copy.body.settings.isSignupEnabled).toBe(false);
    const versions = await t.request('GET', `/api/apps/${copyId}/versions`, { token: builder.token });
    expect(versions.body.versions).toHaveLength(1);
    const source = await t.request('GET', `/api/apps/${template.appId}`, { token: template.owner.token });
    const look = await t.request('GET', `/api/apps/${copyId}/look`, { token: builder.token });
    expect(look.body.texts).toMatchObject({ header: 'Bike shop', description: 'Bikes and repairs' });

    // The data item is copied with its indexed chunks; the tool points at the copy, as a draft.
    const items = await t.request('GET', `/api/context/items?appId=${copyId}`, { token: builder.token });
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    const [item] = items.body.contextItems;
    expect(item).toMatchObject({ name: 'faq.md', status: 'synced', originalContextItemId: template.faq });
    expect(item.id).not.toBe(template.faq);
    expect(await count('context_chunks', copyId)).toBe(await count('context_chunks', template.appId));
    const [vectors] = rowsOf(
      await t.db.execute(sql`SELECT to_regclass('public.context_chunk_embeddings') IS NOT NULL AS present`),
    );
    // Where pgvector exists, the chunks' embeddings come along (nothing is embedded again).
    if (vectors!.present === true)
      expect(await count('context_chunk_embeddings', copyId)).toBe(
        await count('context_chunk_embeddings', template.appId),
      );
    const [tool] = copy.body.definition.tools;
    expect(tool).toMatchObject({ title: 'Ask the shop', status: 'draft' });
    expect(tool.dataItems).toEqual([{ contextItemId: item.id, originalContextItemId: template.faq, type: 'txt' }]);
    expect(source.body.definition.tools[0].dataItems[0].contextItemId).toBe(template.faq);

    for (const table of ['entity_records', 'app_users', 'app_keys', 'app_domains', 'app_chats', 'app_visit_days'])
      expect(await count(table, copyId), table).toBe(0);
    // The template's owner cannot see the copy, and the builder cannot touch the template.
    expect((await t.request('GET', `/api/apps/${copyId}`, { token: template.owner.token })).status).toBe(404);
    expect((await t.request('GET', `/api/apps/${template.appId}`, { token: builder.token })).status).toBe(404);
  });

  it("leaves the template's sealed payment secrets behind: Gumroad token, Stripe secret key and signing secret", async () => {
    const template = await makeTemplate();
    const secrets = {
      gumroadAccessToken: 'gumroad-token',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
    };
    const saved = await t.request('POST', `/api/apps/${template.appId}/settings`, {
      token: template.owner.token,
      body: { appSettings: secrets },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const settingsOf = async (appId: string) =>
      rowsOf(await t.db.execute(sql`SELECT settings FROM apps WHERE id = ${appId}`))[0]!.settings as Record<
        string,
        unknown
      >;
    const stored = await settingsOf(template.appId);
    for (const field of Object.keys(secrets)) expect(stored[field], field).toHaveProperty('sealed');
    const builder = await t.signUpVerified();
    const res = await useTemplate(builder.token, template.appId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copied = await settingsOf(res.body.appId as string);
    for (const field of Object.keys(secrets)) expect(copied, field).not.toHaveProperty(field);
  });

  it('copies a single tool offered once its tool is active: a draft tool on its copied data item', async () => {
    const tool = await makeToolApp(t, { status: 'draft' });
    await t.db.execute(sql`UPDATE accounts SET is_admin = true WHERE user_id = ${tool.owner.userId}`);
    const name = await addCategory(tool.owner.token);
    const offer = () =>
      t.request('POST', `/api/apps/${tool.appId}/template`, {
        token: tool.owner.token,
        body: { isTemplate: true, category: name, description: 'Answers from the FAQ', isPro: false },
      });
    // Not live yet: nothing to offer.
    const early = await offer();
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(TEMPLATE_MESSAGES.needsLiveTool);
    const live = await t.request('POST', `/api/apps/${tool.appId}/tools/t1/activate`, {
      token: tool.owner.token,
      body: { isActive: true },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const offered = await offer();
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);

    // The tool builder saves its settings from the copy it opened with: the offer stays as it is.
    const before = await t.request('GET', `/api/apps/${tool.appId}`, { token: tool.owner.token });
    const stale = { ...before.body.settings, isToolTemplate: false, templateCategory: null, modelTemperature: 0.3 };
    const saved = await t.request('POST', `/api/apps/${tool.appId}/settings`, {
      token: tool.owner.token,
      body: { appSettings: stale },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await t.request('GET', `/api/apps/${tool.appId}`, { token: tool.owner.token });
    expect(after.body.settings).toMatchObject({ isToolTemplate: true, templateCategory: name, modelTemperature: 0.3 });
    const read = await t.request('GET', `/api/apps/${tool.appId}/template`, { token: tool.owner.token });
    expect(read.body).toEqual(offered.body);

    const builder = await t.signUpVerified();
    const list = await t.request('GET', '/api/templates', { token: builder.token });
    expect(list.body.templates).toContainEqual({
      templateId: tool.appId,
      name: 'Bike shop helper',
      appType: 'tool',
      category: name,
      description: 'Answers from the FAQ',
      imageUrl: null,
      isPro: false,
    });
    const key = randomUUID();
    const res = await useTemplate(builder.token, tool.appId, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The copy's tool builder opens on its tool, the same for a repeated key.
    expect(res.body).toMatchObject({ appType: 'tool', toolId: 't1' });
    expect((await useTemplate(builder.token, tool.appId, key)).body).toEqual(res.body);
    const copy = await t.request('GET', `/api/apps/${res.body.appId}`, { token: builder.token });
    expect(copy.body.settings.isToolTemplate).toBeUndefined();
    const [copied] = copy.body.definition.tools;
    expect(copied).toMatchObject({ path: 'ask', status: 'draft' });
    expect(copied.dataItems[0].originalContextItemId).toBe(tool.items[0]!.contextItemId);
    expect(await count('context_items', res.body.appId)).toBe(1);
  });

  it('makes one copy for a double click, and another for a new key', async () => {
    const template = await makeTemplate();
    const builder = await t.signUpVerified();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      useTemplate(builder.token, template.appId, key),
      useTemplate(builder.token, template.appId, key),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.appId).toBe(first.body.appId);
    expect((await useTemplate(builder.token, template.appId, key)).body.appId).toBe(first.body.appId);
    expect((await t.request('GET', '/api/apps', { token: builder.token })).body.apps).toHaveLength(1);
    const again = await useTemplate(builder.token, template.appId);
    expect(again.body.appId).not.toBe(first.body.appId);
    expect((await t.request('GET', '/api/apps', { token: builder.token })).body.apps).toHaveLength(2);
  });

  it("respects the builder's plan: Pro templates and data items past the plan's limit", async () => {
    const pro = await makeTemplate({ isPro: true });
    const lite = await t.signUpVerified();
    const refused = await useTemplate(lite.token, pro.appId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: TEMPLATE_MESSAGES.proOnly,
      details: { upgradeReason: 'default' },
    });
    await t.db.execute(sql`UPDATE accounts SET plan = 'explorer' WHERE user_id = ${lite.userId}`);
    expect((await useTemplate(lite.token, pro.appId)).status).toBe(200);

    // Two data items do not fit the free plan's one.
    const big = await makeTemplate();
    await ingestItems(t, big.owner.token, big.appId, [['hours.md', '# Hours\n\nOpen every day from 9 to 5.']]);
    const free = await t.signUpVerified();
    const tooMany = await useTemplate(free.token, big.appId);
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.error).toMatchObject({
      message: APP_MESSAGES.freeDataItemsLimit,
      details: { upgradeReason: 'free_data_items_limit' },
    });
    expect((await t.request('GET', '/api/apps', { token: free.token })).body.apps).toHaveLength(0);
  });

  it('answers unknown ids with 404 and bad bodies with 400', async () => {
    const template = await makeTemplate();
    const builder = await t.signUpVerified();
    expect((await useTemplate(builder.token, randomUUID())).status).toBe(404);
    expect((await useTemplate(builder.token, randomUUID())).body.error.message).toBe(TEMPLATE_MESSAGES.notFound);
    // Another builder's ordinary app is not a template.
    const other = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp() });
    expect((await useTemplate(builder.token, other.body.appId)).status).toBe(404);
    for (const body of [
      {},
      { requestKey: 'short' },
      { requestKey: 'x'.repeat(101) },
      { requestKey: 'bad key!' },
      null,
    ]) {
      const res = await t.request('POST', `/api/templates/${template.appId}/use`, { token: builder.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await useTemplate('', template.appId)).status).toBe(401);
  });
});

describe('template settings and categories (admins)', () => {
  it("checks category names with the spec's messages", async () => {
    const admin = await makeChatApp(t, { activate: false });
    const name = await addCategory(admin.owner.token);
    const empty = await t.request('POST', '/api/templates/categories', {
      token: admin.owner.token,
      body: { name: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(TOOL_MESSAGES.categoryEmpty);
    const dup = await t.request('POST', '/api/templates/categories', {
      token: admin.owner.token,
      body: { name: name.toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(TOOL_MESSAGES.categoryExists);
    const list = await t.request('GET', '/api/templates/categories', { token: admin.owner.token });
    expect(list.body.categories.filter((c: string) => c.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it('refuses builders who are not admins, unpublished apps and unknown categories', async () => {
    const builder = await t.signUpVerified();
    const mine = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp() });
    const asBuilder = await t.request('POST', `/api/apps/${mine.body.appId}/template`, {
      token: builder.token,
      body: { isTemplate: true, category: 'Anything' },
    });
    expect(asBuilder.status).toBe(403);
    expect(asBuilder.body.error.message).toBe(TEMPLATE_MESSAGES.adminsOnly);
    expect(
      (await t.request('POST', '/api/templates/categories', { token: builder.token, body: { name: 'X' } })).status,
    ).toBe(403);
    expect((await t.request('GET', `/api/apps/${mine.body.appId}/template`, { token: builder.token })).status).toBe(
      403,
    );

    const admin = await makeChatApp(t, { activate: false });
    const name = await addCategory(admin.owner.token);
    // Someone else's app is not found, even for an admin.
    const theirs = await t.request('POST', `/api/apps/${mine.body.appId}/template`, {
      token: admin.owner.token,
      body: { isTemplate: true, category: name },
    });
    expect(theirs.status).toBe(404);
    const draft = await t.request('POST', '/api/apps', { token: admin.owner.token, body: buildGenApp() });
    const unpublished = await t.request('POST', `/api/apps/${draft.body.appId}/template`, {
      token: admin.owner.token,
      body: { isTemplate: true, category: name },
    });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.error.message).toBe(TEMPLATE_MESSAGES.needsPublish);
    // A live App tool does not publish a generated app (the library lists only published ones).
    await t.db.execute(
      sql`UPDATE apps SET definition = definition || '{"tools":[{"toolId":"x","title":"X","path":"x","status":"active"}]}'::jsonb WHERE id = ${draft.body.appId}`,
    );
    const withTool = await t.request('POST', `/api/apps/${draft.body.appId}/template`, {
      token: admin.owner.token,
      body: { isTemplate: true, category: name },
    });
    expect(withTool.body.error?.message).toBe(TEMPLATE_MESSAGES.needsPublish);
    const send = (body: unknown) =>
      t.request('POST', `/api/apps/${admin.appId}/template`, { token: admin.owner.token, body });
    expect((await send({ isTemplate: true })).body.error.message).toBe(TEMPLATE_MESSAGES.categoryRequired);
    expect((await send({ isTemplate: true, category: 'Nope' })).body.error.message).toBe(
      TEMPLATE_MESSAGES.unknownCategory,
    );
    for (const body of [
      {},
      { isTemplate: 'yes' },
      { isTemplate: true, category: name, imageUrl: 'javascript:alert(1)' },
    ])
      expect((await send(body)).status, JSON.stringify(body)).toBe(400);
    const ok = await send({ isTemplate: true, category: name.toLowerCase(), description: ' Shop ', isPro: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({
      isTemplate: true,
      category: name.toLowerCase(),
      description: 'Shop',
      imageUrl: null,
      isPro: true,
    });
    const read = await t.request('GET', `/api/apps/${admin.appId}/template`, { token: admin.owner.token });
    expect(read.body).toEqual(ok.body);
  });
});
