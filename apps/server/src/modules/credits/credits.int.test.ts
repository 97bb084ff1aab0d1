import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_MESSAGES } from '@tessera/contracts/credits';
import { type ToolPageBoot } from '@tessera/contracts/tool-page';
import { TOOL_RUN_MESSAGES, toolRunMessage } from '@tessera/contracts/tool-runs';
import { createTestApp } from '../../testing/harness';
import { doneOf, endUserOf, makeToolApp, onHost, run } from '../../testing/tool-apps';

/** End users' credits for the app's builder (docs/product/tools.md#credits). */
const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

type App = Awaited<ReturnType<typeof makeToolApp>>;
const usersPath = (appId: string) => `/api/apps/${appId}/end-users`;
const creditsPath = (appId: string, userId: string) => `${usersPath(appId)}/${userId}/credits`;
const adjust = (app: App, userId: string, body: unknown, token = app.owner.token) =>
  t.request('POST', creditsPath(app.appId, userId), { token, body });
const balanceOf = async (userId: string) =>
  Number(
    ((await t.db.execute(sql`SELECT balance FROM app_user_credits WHERE app_user_id = ${userId}`)) as any).rows[0]
      ?.balance,
  );
const ledgerOf = async (userId: string) =>
  ((await t.db.execute(sql`SELECT delta FROM app_user_credit_adjustments WHERE app_user_id = ${userId}`)) as any)
    .rows as Array<{ delta: number }>;

describe('the end users list', () => {
  it("shows the app's end users with their credits and runs, newest first, and finds them by e-mail or name", async () => {
    const app = await makeToolApp(t, { settings: { creditsPerRun: 3 } });
    const first = await endUserOf(t, app);
    const second = await endUserOf(t, app);
    expect((await run(t, app.slug, { input: 'deliver' }, { token: first.token })).status).toBe(200);
    const list = await t.request('GET', usersPath(app.appId), { token: app.owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, startingCredits: 50, creditsPerRun: 3 });
    expect(list.body.users.map((u: { id: string }) => u.id)).toEqual([second.userId, first.userId]);
    expect(list.body.users[1]).toMatchObject({ credits: 47, runs: 1, lastRunAt: expect.any(String) });
    // No run yet: the starting credits, no row needed.
    expect(list.body.users[0]).toMatchObject({ credits: 50, runs: 0, lastRunAt: null });

    const email = list.body.users[1].email as string;
    const found = await t.request('GET', `${usersPath(app.appId)}?q=${encodeURIComponent(email.toUpperCase())}`, {
      token: app.owner.token,
    });
    expect(found.body).toMatchObject({ total: 1, users: [{ id: first.userId }] });
    const none = await t.request('GET', `${usersPath(app.appId)}?q=%25`, { token: app.owner.token });
    expect(none.body).toMatchObject({ total: 0, users: [] });
  });
});

describe('who may see and change credits', () => {
  it("only the app's owner: others get 404, no session 401, another app's end user 404", async () => {
    const app = await makeToolApp(t);
    const other = await makeToolApp(t);
    const user = await endUserOf(t, app);
    const otherUser = await endUserOf(t, other);
    const stranger = await t.signUpVerified();
    const body = { delta: 5, reason: 'Gift' };

    for (const [method, path] of [
      ['GET', usersPath(app.appId)],
      ['GET', creditsPath(app.appId, user.userId)],
      ['POST', creditsPath(app.appId, user.userId)],
    ] as const) {
      const sent = method === 'POST' ? { body } : {};
      expect((await t.request(method, path, { token: stranger.token, ...sent })).status, path).toBe(404);
      expect((await t.request(method, path, sent)).status, path).toBe(401);
    }
    // The other app's owner cannot reach this app's end user through their own app either.
    const crossed = await adjust(other, user.userId, body);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.message).toBe(CREDITS_MESSAGES.endUserNotFound);
    const viaMine = await adjust(app, otherUser.userId, body);
    expect(viaMine.status).toBe(404);
    expect((await t.request('GET', creditsPath(app.appId, 'nobody'), { token: app.owner.token })).status).toBe(404);
    expect(await ledgerOf(user.userId)).toEqual([]);
    expect(await ledgerOf(otherUser.userId)).toEqual([]);
  });
});

describe('adjusting credits', () => {
  it('refuses amounts out of bounds, a missing reason and a balance below 0 with plain 4xx, changing nothing', async () => {
    const app = await makeToolApp(t);
    const user = await endUserOf(t, app);
    const cases: Array<[unknown, string]> = [
      [{ delta: 0, reason: 'x' }, CREDITS_MESSAGES.amountRange],
      [{ delta: 10_001, reason: 'x' }, CREDITS_MESSAGES.amountRange],
      [{ delta: -10_001, reason: 'x' }, CREDITS_MESSAGES.amountRange],
      [{ delta: 1.5, reason: 'x' }, CREDITS_MESSAGES.amountRange],
      [{ delta: '5', reason: 'x' }, CREDITS_MESSAGES.amountRange],
      [{ reason: 'x' }, CREDITS_MESSAGES.amountRange],
      [{ delta: 5 }, CREDITS_MESSAGES.reasonRequired],
      [{ delta: 5, reason: '   ' }, CREDITS_MESSAGES.reasonRequired],
      [{ delta: 5, reason: 'x'.repeat(201) }, CREDITS_MESSAGES.reasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(app, user.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toBe(message);
    }
    const below = await adjust(app, user.userId, { delta: -51, reason: 'Too much' });
    expect(below.status).toBe(409);
    expect(below.body.error.message).toBe(toolRunMessage(CREDITS_MESSAGES.belowZero, { left: 50 }));
    expect(await balanceOf(user.userId)).toBe(50);
    expect(await ledgerOf(user.userId)).toEqual([]);
    // Down to exactly 0 is fine, and the largest step is allowed.
    expect((await adjust(app, user.userId, { delta: -50, reason: 'Reset' })).body.user.credits).toBe(0);
    expect((await adjust(app, user.userId, { delta: 10_000, reason: 'Max' })).body.user.credits).toBe(10_000);
  });

  it('records each change in the history (who, when, delta, reason, balance) and an end user out of credits runs again', async () => {
    const app = await makeToolApp(t, { settings: { creditsPerRun: 20 } });
    const user = await endUserOf(t, app);
    expect((await run(t, app.slug, { input: 'deliver' }, { token: user.token })).status).toBe(200);
    expect((await run(t, app.slug, { input: 'deliver' }, { token: user.token })).status).toBe(200);
    const refused = await run(t, app.slug, { input: 'deliver' }, { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.error!.message).toBe(toolRunMessage(TOOL_RUN_MESSAGES.noCredits, { n: 20, left: 10 }));

    const added = await adjust(app, user.userId, { delta: 25, reason: '  Loyal customer  ' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      user: { id: user.userId, credits: 35, runs: 2 },
      adjustment: { delta: 25, balanceAfter: 35, reason: 'Loyal customer', by: app.owner.email },
    });
    const done = doneOf(await run(t, app.slug, { input: 'deliver' }, { token: user.token }));
    expect(done.creditsLeft).toBe(15);
    const removed = await adjust(app, user.userId, { delta: -5, reason: 'Refunded run' });
    expect(removed.body.user.credits).toBe(10);

    const history = await t.request('GET', creditsPath(app.appId, user.userId), { token: app.owner.token });
    expect(history.status).toBe(200);
    expect(history.body.user).toMatchObject({ credits: 10, runs: 3 });
    expect(history.body.adjustments).toEqual([
      expect.objectContaining({ delta: -5, balanceAfter: 10, reason: 'Refunded run', by: app.owner.email }),
      expect.objectContaining({ delta: 25, balanceAfter: 35, reason: 'Loyal customer', by: app.owner.email }),
    ]);
    expect(Date.parse(history.body.adjustments[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const usage = (await (
      await onHost(t, app.slug, 'GET', '/live_api/tools/ask/usage', { token: user.token })
    ).json()) as { creditsLeft: number };
    expect(usage.creditsLeft).toBe(10);
  });
});

describe('starting credits', () => {
  it("gives new end users the app's starting credits, on their first run and on a first change", async () => {
    const app = await makeToolApp(t, { settings: { startingCredits: 5, creditsPerRun: 2 } });
    const runner = await endUserOf(t, app);
    const usage = (await (
      await onHost(t, app.slug, 'GET', '/live_api/tools/ask/usage', { token: runner.token })
    ).json()) as { creditsLeft: number };
    expect(usage.creditsLeft).toBe(5);
    expect(doneOf(await run(t, app.slug, { input: 'deliver' }, { token: runner.token })).creditsLeft).toBe(3);
    const topped = await endUserOf(t, app);
    expect((await adjust(app, topped.userId, { delta: 1, reason: 'Welcome' })).body.user.credits).toBe(6);
    const list = await t.request('GET', usersPath(app.appId), { token: app.owner.token });
    expect(list.body.startingCredits).toBe(5);
    // Zero is a valid start: the first run is refused until the builder adds credits.
    const none = await makeToolApp(t, { settings: { startingCredits: 0 } });
    const broke = await endUserOf(t, none);
    const refused = await run(t, none.slug, { input: 'deliver' }, { token: broke.token });
    expect(refused.error!.message).toBe(toolRunMessage(TOOL_RUN_MESSAGES.noCredits, { n: 1, left: 0 }));
  });

  it('is an admin setting of 0 to 10 000 (like credits per run)', async () => {
    const app = await makeToolApp(t);
    const save = (startingCredits: unknown) =>
      t.request('POST', `/api/apps/${app.appId}/settings`, {
        token: app.owner.token,
        body: { appSettings: { startingCredits } },
      });
    const builder = await save(10);
    expect(builder.status).toBe(403);
    expect(builder.body.error.message).toBe('Only admins can change Starting credits');
    await t.db.execute(sql`UPDATE accounts SET is_admin = true WHERE user_id = ${app.owner.userId}`);
    const tooMany = await save(10_001);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('Starting credits must be between 0 and 10000');
    expect((await save(-1)).status).toBe(400);
    expect((await save(2.5)).status).toBe(400);
    expect((await save(0)).status).toBe(200);
    expect((await save(10_000)).status).toBe(200);
  });
});

describe('a top-up racing runs', () => {
  it('loses neither: the balance is the start plus every change less every charge, never below 0', async () => {
    const app = await makeToolApp(t, { settings: { startingCredits: 4, creditsPerRun: 1, dailyUserLimit: 100 } });
    const user = await endUserOf(t, app);
    const runs = Array.from({ length: 12 }, () => run(t, app.slug, { input: 'deliver' }, { token: user.token }));
    const changes = Array.from({ length: 12 }, (_, i) =>
      adjust(app, user.userId, { delta: i % 3 === 2 ? -2 : 3, reason: `race ${i}` }),
    );
    const [ran, changed] = await Promise.all([Promise.all(runs), Promise.all(changes)]);
    for (const r of ran) expect([200, 403]).toContain(r.status);
    for (const c of changed) expect([200, 409]).toContain(c.status);
    const charged = ran.filter((r) => r.status === 200).length;
    const applied = changed.filter((c) => c.status === 200).reduce((sum, c) => sum + c.body.adjustment.delta, 0);
    const ledger = await ledgerOf(user.userId);
    expect(ledger.reduce((sum, l) => sum + Number(l.delta), 0)).toBe(applied);
    expect(ledger).toHaveLength(changed.filter((c) => c.status === 200).length);
    const balance = await balanceOf(user.userId);
    expect(balance).toBe(4 + applied - charged);
    expect(balance).toBeGreaterThanOrEqual(0);
    const [row] = (
      (await t.db.execute(
        sql`SELECT coalesce(sum(credits_charged), 0) AS charged FROM tool_runs WHERE app_user_id = ${user.userId}`,
      )) as any
    ).rows;
    expect(Number(row.charged)).toBe(charged);
  });
});

describe('the tool page when credits run out', () => {
  it("carries the app's support e-mail and whether paid memberships are on", async () => {
    const bootOf = async (slug: string) => {
      const res = await onHost(t, slug, 'GET', '/tool/ask');
      const html = await res.text();
      expect(res.status, html.slice(0, 300)).toBe(200);
      const json = /<script type="application\/json" id="tessera-tool-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
      return JSON.parse(json!) as ToolPageBoot;
    };
    const plain = await makeToolApp(t, { signup: true });
    expect(await bootOf(plain.slug)).toMatchObject({ supportEmail: 'help@example.com', hasPaidMemberships: false });
    const members = await makeToolApp(t, {
      signup: true,
      settings: {
        isPaidMembershipsEnabled: true,
        paidMembershipsSettings: { isSetupCompleted: true },
        paidMembershipsProduct: { id: 'prod_1', name: 'Club', price: 500, currency: 'usd', recurrence: 'monthly' },
      },
    });
    expect(await bootOf(members.slug)).toMatchObject({ hasPaidMemberships: true });
  });
});
