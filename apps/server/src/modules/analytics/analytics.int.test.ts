import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@tessera/contracts';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { appHost } from '../../testing/tool-apps';
import { createAnalyticsRepo } from './analytics.repo';
import { createAnalyticsService, utcDay, VISIT_FLUSH_MS } from './analytics.service';

const t = await createTestApp();
const owner = await t.signUpVerified();
const stranger = await t.signUpVerified();
const today = utcDay(Date.now());

async function makeApp(publish: boolean) {
  const slug = `stats-${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.request('POST', '/api/apps', {
    token: owner.token,
    body: buildGenApp({ name: 'Stats', slug }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const appId = created.body.appId as string;
  if (publish) expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: owner.token })).status).toBe(200);
  return { appId, slug };
}
const visit = (slug: string, ip: string, ua = 'Mozilla/5.0 test') =>
  t.request('POST', '/live_api/analytics/visit', {
    headers: { host: appHost(slug), 'user-agent': ua, 'x-forwarded-for': ip },
  });
const read = (appId: string, days?: string, token = owner.token) =>
  t.request('GET', `/api/apps/${appId}/analytics${days === undefined ? '' : `?days=${encodeURIComponent(days)}`}`, {
    token,
  });
const todayOf = (body: { daily: Array<{ day: string }> }) => body.daily.find((d) => d.day === today)!;

describe('recording visits', () => {
  it('counts visits and unique visitors of a published app, with no address stored', async () => {
    const { appId, slug } = await makeApp(true);
    for (const [ip, ua] of [
      ['203.0.113.5', 'A'],
      ['203.0.113.5', 'A'],
      ['203.0.113.6', 'A'],
      ['203.0.113.5', 'B'],
    ] as const) {
      const res = await visit(slug, ip, ua);
      expect(res.status).toBe(204);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    await expect
      .poll(async () => todayOf((await read(appId)).body), { timeout: VISIT_FLUSH_MS * 5 })
      .toMatchObject({ visits: 4 });
    const body = (await read(appId)).body;
    expect(body.published).toBe(true);
    expect(body.totals).toMatchObject({ visits: 4 });
    const stored = await t.db.execute(sql`SELECT visitor_hash FROM app_day_visitors WHERE app_id = ${appId}`);
    const hashes = (stored as unknown as { rows: Array<{ visitor_hash: string }> }).rows.map((r) => r.visitor_hash);
    for (const hash of hashes) expect(hash).not.toContain('203.0.113');
    // Unique visitors by address and browser (the forwarded address counts only with TRUST_PROXY).
    expect(body.totals.visitors).toBe(t.config.trustProxy ? 3 : 2);
    expect(hashes).toHaveLength(body.totals.visitors);
  });

  it('ignores visits of an unpublished app and beacons on the builder host', async () => {
    const { appId, slug } = await makeApp(false);
    expect((await visit(slug, '198.51.100.1')).status).toBe(204);
    expect((await t.request('POST', '/live_api/analytics/visit')).status).toBe(404);
    await new Promise((r) => setTimeout(r, VISIT_FLUSH_MS * 1.5));
    const rows = await t.db.execute(sql`SELECT * FROM app_visit_days WHERE app_id = ${appId}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    const body = (await read(appId)).body;
    expect(body.published).toBe(false);
    expect(body.totals.visits).toBe(0);
    expect(ANALYTICS_MESSAGES.notPublished).toBe('Publish your app to access analytics');
  });

  it('batches visits: one write per app and day, unique hashes across batches', async () => {
    const { appId } = await makeApp(true);
    const errors: string[] = [];
    const service = createAnalyticsService({
      repo: createAnalyticsRepo(t.db),
      getOwned: async () => ({ id: appId, publishedVersionId: 'v' }),
      secret: 'test-secret',
      logger: { error: (msg) => errors.push(msg) },
    });
    for (let i = 0; i < 10; i++) service.recordVisit(appId, `10.0.0.${i % 3}`, 'UA');
    await service.flush();
    service.recordVisit(appId, '10.0.0.1', 'UA');
    service.recordVisit(appId, '10.0.0.9', 'UA');
    await service.flush();
    const res = await service.read({ id: owner.userId } as never, appId, 7);
    expect(todayOf(res)).toMatchObject({ visits: 12, visitors: 4 });
    expect(errors).toEqual([]);
  });
});

describe('reading analytics', () => {
  it('counts sign-ups, records per entity and tool runs per day', async () => {
    const { appId, slug } = await makeApp(true);
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || ${JSON.stringify({ isSignupEnabled: true, ...SIGNUP_CONTACTS })}::jsonb WHERE id = ${appId}`,
    );
    for (let i = 0; i < 2; i++) {
      const up = await t.request('POST', `/live_api/apps/${appId}/auth/sign-up`, {
        headers: { host: appHost(slug) },
        body: { email: uniqueEmail('member'), password: STRONG_PASSWORD },
      });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
    }
    await t.db.execute(sql`
      INSERT INTO entity_records (id, app_id, entity, data) VALUES
        (${`r1-${appId}`}, ${appId}, 'Task', '{}'), (${`r2-${appId}`}, ${appId}, 'Task', '{}'),
        (${`r3-${appId}`}, ${appId}, 'Note', '{}'),
        (${`r4-${appId}`}, ${appId}, 'Note', '{}'::jsonb)`);
    await t.db.execute(
      sql`UPDATE entity_records SET created_at = now() - interval '40 days' WHERE id = ${`r4-${appId}`}`,
    );
    await t.db.execute(sql`
      INSERT INTO tool_runs (id, app_id, owner_user_id, tool_id, tool_path, subject, inputs, model, status,
        prompt_tokens, completion_tokens, cost)
      VALUES (${`run-${appId}`}, ${appId}, ${owner.userId}, 't', 'faq', 'v:x', '{}', 'm', 'succeeded', 100, 20, 0.0125)`);

    const week = (await read(appId, '7')).body;
    expect(week.daily).toHaveLength(7);
    expect(week.to).toBe(today);
    expect(todayOf(week)).toMatchObject({ signUps: 2, records: 3, toolRuns: 1, tokens: 120, cost: 0.0125 });
    expect(week.entities).toEqual([
      { entity: 'Task', records: 2 },
      { entity: 'Note', records: 1 },
    ]);
    const quarter = (await read(appId, '90')).body;
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.totals.records).toBe(4);
    expect(quarter.entities).toContainEqual({ entity: 'Note', records: 2 });
  });

  it("is the owner's only", async () => {
    const { appId } = await makeApp(true);
    expect((await read(appId, '7', stranger.token)).status).toBe(404);
    expect((await t.request('GET', `/api/apps/${appId}/analytics`)).status).toBe(401);
    expect((await read('no-such-app')).status).toBe(404);
  });

  it('refuses a bad range with a 400', async () => {
    const { appId } = await makeApp(true);
    for (const days of ['1', '365', 'abc', '', '7\u0000', '9'.repeat(5000)]) {
      const res = await read(appId, days);
      expect(res.status, days.slice(0, 10)).toBe(400);
      if (!days.includes('\u0000')) expect(res.body.error.message).toBe(ANALYTICS_MESSAGES.badRange);
    }
    expect((await read(appId, '30')).body.daily).toHaveLength(30);
  });
});
