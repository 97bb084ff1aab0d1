import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES } from '@tessera/contracts/templates';
import { createTestApp } from '../../testing/harness';
import { doneOf, run } from '../../testing/tool-apps';
import { STARTERS } from './starters';

// docs/product/templates.md#starter-templates: a fresh install's gallery offers the starters.
const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());
const admin = await t.signUpVerified();
const builder = await t.signUpVerified();

type Summary = { templateId: string; appType: string; category: string; name: string };
const gallery = async (token = builder.token) =>
  (await t.request('GET', '/api/templates', { token })).body as { templates: Summary[]; categories: string[] };
const useTemplate = (templateId: string, requestKey: string = randomUUID(), token = builder.token) =>
  t.request('POST', `/api/templates/${templateId}/use`, { token, body: { requestKey } });
const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;

async function syncedItem(token: string, id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const item = (await t.request('GET', `/api/context/${id}`, { token })).body.contextItem;
    if (item?.status === 'synced') return item;
    if (item?.status === 'error' || Date.now() > deadline) throw new Error(`item not synced: ${item?.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('starter templates', () => {
  it('a fresh install offers at least 8, apps and tools across categories, the same on every call', async () => {
    const list = await gallery();
    const starters = list.templates.filter((x) => x.templateId.startsWith('starter-'));
    expect(starters.length).toBeGreaterThanOrEqual(8);
    expect(new Set(starters.map((x) => x.appType))).toEqual(new Set(['generated', 'tool']));
    expect(new Set(starters.map((x) => x.category)).size).toBeGreaterThanOrEqual(6);
    for (const s of starters) expect(list.categories).toContain(s.category);
    expect((await gallery()).templates).toEqual(list.templates);
  });

  it('an app starter opens the app the built-in builder makes from its description', async () => {
    const starter = STARTERS.find((s) => s.id === 'starter-clinic')!;
    const key = randomUUID();
    const res = await useTemplate(starter.id, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Clinic Appointments', appType: 'generated', toolId: null });
    // A double click gives the same copy.
    expect((await useTemplate(starter.id, key)).body.appId).toBe(res.body.appId);
    const entities = rowsOf(await t.db.execute(sql`SELECT name FROM app_entities WHERE app_id = ${res.body.appId}`));
    expect(entities.map((e) => e.name).sort()).toEqual(['Appointment', 'Doctor']);
    // It starts with the builder's sample records, so its pages are not empty.
    const doctors = rowsOf(
      await t.db.execute(sql`SELECT data FROM entity_records WHERE app_id = ${res.body.appId} AND entity = 'Doctor'`),
    );
    expect(doctors.length).toBeGreaterThan(0);
    const versions = await t.request('GET', `/api/apps/${res.body.appId}/versions`, { token: builder.token });
    expect(versions.body.versions).toHaveLength(1);
    const files = rowsOf(
      await t.db.execute(sql`SELECT snapshot->'files' AS files FROM app_versions WHERE app_id = ${res.body.appId}`),
    )[0]!.files as Record<string, string>;
    expect(JSON.parse(files['app.json']!).name).toBe('Clinic Appointments');
    expect(Object.keys(files).some((p) => p.startsWith('pages/'))).toBe(true);
  });

  it('a tool starter opens a draft tool whose document is a data item it answers from once live', async () => {
    const res = await useTemplate('starter-return-policy');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ appType: 'tool', toolId: 'tool-1' });
    const app = (await t.request('GET', `/api/apps/${res.body.appId}`, { token: builder.token })).body;
    const tool = app.definition.tools[0];
    expect(tool).toMatchObject({ title: 'Ask about returns', status: 'draft' });
    expect(tool.dataItems).toHaveLength(1);
    const item = await syncedItem(builder.token, tool.dataItems[0].contextItemId);
    expect(item.name).toBe('Return policy');

    const live = await t.request('POST', '/api/apps', {
      token: builder.token,
      body: {
        appType: 'tool',
        appId: res.body.appId,
        app: { name: res.body.name, fields: [], tools: [{ ...tool, status: 'active' }] },
      },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const answer = doneOf(await run(t, res.body.slug, { input: 'Is return shipping free?' }, { path: 'returns' }));
    // Answered from the starter's document, which the run cites.
    expect(answer.sources.map((x) => x.contextItemId)).toContain(item.id);
    expect(answer.result).toContain('50 euros');
  });

  it('an admin hides the starters on /admin; then none is listed or copied', async () => {
    expect(
      (await t.request('PUT', '/api/admin/settings', { token: builder.token, body: { showStarterTemplates: false } }))
        .status,
    ).toBe(403);
    const hidden = await t.request('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { showStarterTemplates: false },
    });
    expect(hidden.body.showStarterTemplates).toBe(false);
    expect((await gallery()).templates.filter((x) => x.templateId.startsWith('starter-'))).toEqual([]);
    const refused = await useTemplate('starter-crm');
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(TEMPLATE_MESSAGES.notFound);
    await t.request('PUT', '/api/admin/settings', { token: admin.token, body: { showStarterTemplates: true } });
    expect((await gallery()).templates.some((x) => x.templateId === 'starter-crm')).toBe(true);
    expect((await useTemplate('starter-nope')).status).toBe(404);
  });
});
