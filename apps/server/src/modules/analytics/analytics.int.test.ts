import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '@tessera/db';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, type AnalyticsDay } from '@tessera/contracts/analytics';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { buildGenApp } from '../../testing/factories';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { appHost } from '../../testing/tool-apps';
import { createAnalyticsRepo } from './analytics.repo';
import { createAnalyticsService, utcDay, VISIT_FLUSH_MS } from './analytics.service';
import { VISITORS_PER_ADDRESS_PER_DAY, VISITS_PER_ADDRESS_PER_DAY } from './visit-limits';

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
/** The visit token of the app's shell, served to this address (the beacon counts only with it). */
async function visitTokenOf(slug: string, ip: string) {
  const page = await t.request('GET', `/app/${slug}/`, { headers: { host: appHost(slug), 'x-forwarded-for': ip } });
  const boot = /<script type="application\/json" id="tessera-boot">(.*?)<\/script>/.exec(String(page.body))?.[1];
  return boot ? (JSON.parse(boot) as { visitToken: string }).visitToken : '';
}
const visit = async (slug: string, ip: string, ua = 'Mozilla/5.0 test', token?: string) =>
  t.request('POST', `/live_api/analytics/visit?t=${encodeURIComponent(token ?? (await visitTokenOf(slug, ip)))}`, {
    headers: { host: appHost(slug), 'user-agent': ua, 'x-forwarded-for': ip },
  });
const read = (appId: string, days?: string, token = owner.token) =>
  t.request('GET', `/api/apps/${appId}/analytics${days === undefined ? '' : `?days=${encodeURIComponent(days)}`}`, {
    token,
  });
/** The backfill statements of the migration that added the counting triggers. */
function backfillStatements(): string[] {
  const file = readdirSync(MIGRATIONS_FOLDER).find(
    (name) =>
      name.endsWith('.sql') &&
      readFileSync(join(MIGRATIONS_FOLDER, name), 'utf8').includes('FUNCTION analytics_count_records'),
  )!;
  const text = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8');
  return text
    .slice(text.indexOf('-- Backfill'))
    .split('--> statement-breakpoint')
    .filter((s) => s.trim());
}
const todayOf = (body: { daily: AnalyticsDay[] }) => body.daily.find((d) => d.day === today)!;

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

  it(`counts at most ${VISITS_PER_ADDRESS_PER_DAY} visits and ${VISITORS_PER_ADDRESS_PER_DAY} visitors a day from one address`, async () => {
    const { appId, slug } = await makeApp(true);
    // 30 beacons from one address with five browser names in turn; then one from elsewhere (it
    // counts only where the forwarded address is trusted: otherwise it is the same address).
    for (let i = 0; i < 30; i++) expect((await visit(slug, '203.0.113.77', `Agent ${i % 5}`)).status).toBe(204);
    expect((await visit(slug, '203.0.113.78', 'Agent 9')).status).toBe(204);
    const perAddress = t.config.trustProxy ? VISITS_PER_ADDRESS_PER_DAY + 1 : VISITS_PER_ADDRESS_PER_DAY;
    await expect
      .poll(async () => todayOf((await read(appId)).body).visits, { timeout: VISIT_FLUSH_MS * 5 })
      .toBe(perAddress);
    expect(todayOf((await read(appId)).body).visitors).toBe(
      t.config.trustProxy ? VISITORS_PER_ADDRESS_PER_DAY + 1 : VISITORS_PER_ADDRESS_PER_DAY,
    );
  });

  it('counts a beacon only with a visit token its shell gave this address within the hour', async () => {
    const { appId, slug } = await makeApp(true);
    const other = await makeApp(true);
    const token = await visitTokenOf(slug, '203.0.113.90');
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    const [stamp, signature] = token.split('.');
    const stale = `${(parseInt(stamp!, 36) - 2 * 3600).toString(36)}.${signature}`;
    for (const bad of ['', 'forged.AAAAAAAAAAAAAAAAAAAAAA', stale, await visitTokenOf(other.slug, '203.0.113.90')])
      expect((await visit(slug, '203.0.113.90', 'Forger', bad)).status).toBe(204);
    expect((await visit(slug, '203.0.113.90', 'Reader', token)).status).toBe(204);
    await expect.poll(async () => todayOf((await read(appId)).body).visits, { timeout: VISIT_FLUSH_MS * 5 }).toBe(1);
    await new Promise((r) => setTimeout(r, VISIT_FLUSH_MS * 1.5));
    expect(todayOf((await read(appId)).body)).toMatchObject({ visits: 1, visitors: 1 });
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
  const signUp = (appId: string, slug: string, email = uniqueEmail('member')) =>
    signUpAppUser(t, appId, { email }, { host: appHost(slug) });
  const openSignUps = (appId: string) =>
    t.db.execute(
      sql`UPDATE apps SET settings = settings || ${JSON.stringify({ isSignupEnabled: true, ...SIGNUP_CONTACTS })}::jsonb WHERE id = ${appId}`,
    );
  const insertRun = (appId: string, id: string) =>
    t.db.execute(sql`
      INSERT INTO tool_runs (id, app_id, owner_user_id, tool_id, tool_path, subject, inputs, model, status)
      VALUES (${id}, ${appId}, ${owner.userId}, 't', 'faq', 'v:x', '{}', 'm', 'running')`);

  it('counts sign-ups, active end users, records per entity and tool runs per day', async () => {
    const { appId, slug } = await makeApp(true);
    await openSignUps(appId);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const up = await signUp(appId, slug);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      tokens.push(up.body.token as string);
    }
    // Requests with a session count their user once a day, however many.
    for (const token of [...tokens, tokens[0]!])
      expect(
        (
          await t.request('GET', `/live_api/apps/${appId}/entities/User/me`, {
            headers: { host: appHost(slug), authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(200);
    await t.db.execute(sql`
      INSERT INTO entity_records (id, app_id, entity, data) VALUES
        (${`r1-${appId}`}, ${appId}, 'Task', '{}'), (${`r2-${appId}`}, ${appId}, 'Task', '{}'),
        (${`r3-${appId}`}, ${appId}, 'Note', '{}')`);
    await t.db.execute(sql`
      INSERT INTO entity_records (id, app_id, entity, data, created_at)
      VALUES (${`r4-${appId}`}, ${appId}, 'Note', '{}', now() - interval '40 days')`);
    // A run starts with no usage; its tokens and cost count when it finishes, once.
    await insertRun(appId, `run-${appId}`);
    await t.db.execute(
      sql`UPDATE tool_runs SET prompt_tokens = 100, completion_tokens = 20, cost = 0.0125, status = 'succeeded' WHERE id = ${`run-${appId}`}`,
    );
    await t.db.execute(sql`UPDATE tool_runs SET edited_result = 'edited' WHERE id = ${`run-${appId}`}`);

    await expect
      .poll(async () => todayOf((await read(appId, '7')).body).activeUsers, { timeout: VISIT_FLUSH_MS * 5 })
      .toBe(2);
    const week = (await read(appId, '7')).body;
    expect(week.daily).toHaveLength(7);
    expect(week.to).toBe(today);
    expect(todayOf(week)).toMatchObject({
      signUps: 2,
      activeUsers: 2,
      records: 3,
      toolRuns: 1,
      tokens: 120,
      cost: 0.0125,
    });
    expect(week.entities).toEqual([
      { entity: 'Task', records: 2, daily: [0, 0, 0, 0, 0, 0, 2] },
      { entity: 'Note', records: 1, daily: [0, 0, 0, 0, 0, 0, 1] },
    ]);
    const quarter = (await read(appId, '90')).body;
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.totals.records).toBe(4);
    expect(quarter.entities).toContainEqual(expect.objectContaining({ entity: 'Note', records: 2 }));
    // Deleting what was created does not uncount it: the page shows what was created each day.
    await t.db.execute(sql`DELETE FROM entity_records WHERE app_id = ${appId}`);
    expect((await read(appId, '90')).body.totals.records).toBe(4);
  });

  it('keeps the counters right under concurrent writes', async () => {
    const { appId, slug } = await makeApp(true);
    await openSignUps(appId);
    const n = 12;
    const results = await Promise.all([
      ...Array.from({ length: n }, (_, i) =>
        t.db.execute(
          sql`INSERT INTO entity_records (id, app_id, entity, data) VALUES (${`c${i}-${appId}`}, ${appId}, 'Task', '{}')`,
        ),
      ),
      ...Array.from({ length: n }, (_, i) => insertRun(appId, `crun${i}-${appId}`)),
      ...Array.from({ length: 4 }, () => signUp(appId, slug)),
    ]);
    expect(results).toHaveLength(2 * n + 4);
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.db.execute(
          sql`UPDATE tool_runs SET prompt_tokens = 10, completion_tokens = 5, cost = 0.5 WHERE id = ${`crun${i}-${appId}`}`,
        ),
      ),
    );
    // Two servers marking the same end user at once still count them once.
    const services = [0, 1].map(() =>
      createAnalyticsService({
        repo: createAnalyticsRepo(t.db),
        getOwned: async () => ({ id: appId, publishedVersionId: 'v' }),
        secret: 'test-secret',
        logger: { error: (msg) => expect.fail(msg) },
      }),
    );
    for (const service of services) service.recordActive(appId, 'end-user-1');
    await Promise.all(services.map((service) => service.flush()));
    await services[0]!.flush();
    // The 4 who signed up (marked by the server) and end-user-1.
    await expect
      .poll(async () => todayOf((await read(appId, '7')).body).activeUsers, { timeout: VISIT_FLUSH_MS * 5 })
      .toBe(5);
    const day = todayOf((await read(appId, '7')).body);
    expect(day).toMatchObject({ records: n, toolRuns: n, tokens: 15 * n, cost: 0.5 * n, signUps: 4 });
    const marks = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM app_day_active_users WHERE app_id = ${appId} AND app_user_id = 'end-user-1'`,
    );
    expect((marks as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('backfills the counters from what the app already stores', async () => {
    const { appId, slug } = await makeApp(true);
    await openSignUps(appId);
    expect((await signUp(appId, slug)).status).toBe(200);
    await t.db.execute(sql`
      INSERT INTO entity_records (id, app_id, entity, data, created_at) VALUES
        (${`b1-${appId}`}, ${appId}, 'Task', '{}', now()), (${`b2-${appId}`}, ${appId}, 'Task', '{}', now() - interval '2 days')`);
    await insertRun(appId, `brun-${appId}`);
    await t.db.execute(sql`UPDATE tool_runs SET prompt_tokens = 7, cost = 0.25 WHERE id = ${`brun-${appId}`}`);
    const counted = (await read(appId, '7')).body;
    // The migration's backfill, run again on this app's events after its counters are dropped.
    await t.db.execute(sql`DELETE FROM app_stat_days WHERE app_id = ${appId}`);
    await t.db.execute(sql`DELETE FROM app_entity_days WHERE app_id = ${appId}`);
    expect((await read(appId, '7')).body.totals.records).toBe(0);
    for (const statement of backfillStatements()) await t.db.execute(sql.raw(statement));
    const { activeUsers: _dropped, ...backfilled } = (await read(appId, '7')).body.totals;
    const { activeUsers: _counted, ...expected } = counted.totals;
    expect(backfilled).toEqual(expected);
    expect(backfilled).toMatchObject({ signUps: 1, records: 2, toolRuns: 1, tokens: 7, cost: 0.25 });
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
