import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { toolRuns } from '@tessera/db';
import { createTestApp } from '../../testing/harness';
import { doneOf, endUserOf, makeToolApp, onHost, run, visitorOf } from '../../testing/tool-apps';
import { issueVisitorToken } from './visitor-id';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const runsOf = (appId: string) => t.db.select().from(toolRuns).where(eq(toolRuns.appId, appId));

describe('a tool run with no model configured (the offline answer model)', () => {
  it('streams the steps, quotes the right FAQ sentence with its source, and records the run', async () => {
    const app = await makeToolApp(t);
    const res = await run(t, app.slug, { input: 'Do you deliver to my house?' });
    expect(res.status).toBe(200);
    expect(res.events.map((e) => (e.type === 'status' ? e.step : e.type)).filter((x) => x !== 'delta')).toEqual([
      'run',
      'search-similar',
      'query-context',
      'sources',
      'generate',
      'done',
    ]);
    const first = res.events[0]!;
    expect(first).toMatchObject({ type: 'run', model: { id: 'offline:answer', offline: true } });
    const visitor = visitorOf(res);
    expect(visitor).toBeTruthy();
    expect(first.type === 'run' && first.visitorToken).toBe(visitor);
    const done = doneOf(res);
    const streamed = res.events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(streamed).toBe(done.result);
    expect(done.result).toContain('> Yes, we deliver within 10 km of the shop for a flat fee of 4 euros.');
    expect(done.result).toContain('*faq.md*');
    expect(done.result).not.toContain('Returns are accepted');
    expect(done.sources).toEqual([
      { contextItemId: app.items[0]!.contextItemId, name: 'faq.md', excerpt: expect.stringContaining('we deliver') },
    ]);
    expect(done).toMatchObject({ creditsLeft: null, runsLeft: { today: 9, thisWeek: 49 } });

    const [row] = await runsOf(app.appId);
    expect(row).toMatchObject({
      status: 'succeeded',
      toolId: 't1',
      toolPath: 'ask',
      model: 'offline:answer',
      inputs: { input: 'Do you deliver to my house?' },
      result: done.result,
      subject: expect.stringMatching(/^v:/),
      appUserId: null,
      cost: 0,
      creditsCharged: 0,
    });
    expect(row!.sources).toEqual(done.sources);
    expect(row!.durationMs).toBeGreaterThanOrEqual(0);
    expect(row!.promptTokens).toBeGreaterThan(0);

    // The same visitor again: counted on the same id.
    const again = await run(t, app.slug, { input: 'opening hours on saturday' }, { visitor: visitor! });
    expect(visitorOf(again)).toBeNull();
    expect(doneOf(again).result).toContain('We are open from 9 am to 6 pm, Monday to Saturday.');
    expect(doneOf(again).runsLeft.today).toBe(8);
    expect(new Set((await runsOf(app.appId)).map((r) => r.subject)).size).toBe(1);
  });

  it('says plainly when the data has no answer', async () => {
    const app = await makeToolApp(t);
    const done = doneOf(await run(t, app.slug, { input: 'Who won the football final?' }));
    expect(done.result).toBe(TOOL_RUN_MESSAGES.noAnswerInData);
    expect(done.sources).toEqual([]);
  });
});

describe('anonymous visitor ids', () => {
  it('refuses forged, tampered and other apps’ ids', async () => {
    const app = await makeToolApp(t);
    const other = await makeToolApp(t);
    const good = visitorOf(await run(t, app.slug, { input: 'delivery' }))!;
    const [id, sig] = good.split('.');
    for (const visitor of [
      'made-up',
      `${id}.AAAA${sig!.slice(4)}`,
      `${'A'.repeat(22)}.${sig}`,
      issueVisitorToken(other.appId, 'test-secret-0123456789abcdef0123456789abcdef').token,
      issueVisitorToken(app.appId, 'another-secret').token,
    ]) {
      const res = await run(t, app.slug, { input: 'delivery' }, { visitor });
      expect(res.status, visitor).toBe(401);
      expect(res.error!.message).toBe(TOOL_RUN_MESSAGES.visitorInvalid);
    }
    expect((await run(t, app.slug, { input: 'delivery' }, { visitor: good })).status).toBe(200);
  });
});

describe('bad input never 500s', () => {
  it('refuses unknown tools, bad values and malformed bodies with clear 4xx', async () => {
    const app = await makeToolApp(t, {
      fields: [
        { label: 'Question', name: 'question', type: 'long_text', required: true, toolId: 't1' },
        {
          label: 'Bike',
          name: 'bike',
          type: 'select',
          toolId: 't1',
          options: [{ label: 'City' }, { label: 'Mountain' }],
        },
        { label: 'E-mail', name: 'email', type: 'email', toolId: 't1' },
      ],
      instructions: 'Help with [question] about a [bike] bike',
    });
    const draft = await makeToolApp(t, { status: 'draft' });
    const cases: Array<[unknown, number, string?]> = [
      [{}, 400, 'Question is required'],
      [{ question: '  ' }, 400, 'Question is required'],
      [{ question: 'hi', bike: 'Tandem' }, 400, 'Bike: choose one of the options'],
      [{ question: 'hi', email: 'nope' }, 400, 'E-mail must be an e-mail address'],
      [{ question: 'hi', shoe: 'x' }, 400, 'This tool has no field named "shoe"'],
      [{ question: ['a'] }, 400, 'Question must be text'],
      [{ question: 'x'.repeat(20_001) }, 400],
      [{ question: { nested: true } }, 400],
    ];
    for (const [values, status, message] of cases) {
      const res = await run(t, app.slug, values);
      expect(res.status, JSON.stringify(values).slice(0, 80)).toBe(status);
      if (message) expect(res.error!.message).toBe(message);
    }
    for (const rawBody of [
      '{"values":{"__proto__":{"x":1}}}',
      '{"values":{"constructor":"x"}}',
      'not json',
      '[]',
      '{"values":{"question":"a\\u0000b"}}',
    ]) {
      const res = await run(t, app.slug, null, { rawBody });
      expect(res.status, rawBody).toBe(400);
    }
    const huge = await run(t, app.slug, null, {
      rawBody: JSON.stringify({ values: { question: 'x'.repeat(600_000) } }),
    });
    expect(huge.status).toBe(413);
    expect((await run(t, app.slug, { input: 'hi' }, { path: 'nope' })).error!.message).toBe(
      TOOL_RUN_MESSAGES.toolNotFound,
    );
    expect((await run(t, draft.slug, { input: 'hi' })).status).toBe(404);
    // Case-insensitive path, and the run works with good values.
    expect((await run(t, app.slug, { question: 'deliver', bike: 'city' }, { path: 'ASK' })).status).toBe(200);
    // Never on the builder's host.
    const builderHost = await t.request('POST', '/live_api/tools/ask/runs', { body: { values: { input: 'x' } } });
    expect(builderHost.status).toBe(404);
    expect(builderHost.body.error.message).toBe(APP_MESSAGES.routeNotFound);
  });
});

describe('limits', () => {
  it('never lets 20 simultaneous runs of one visitor past a daily limit of 5', async () => {
    const app = await makeToolApp(t, { settings: { dailyUserLimit: 5, weeklyUserLimit: 20 } });
    const visitor = visitorOf(await onHost(t, app.slug, 'GET', '/live_api/tools/ask/usage'))!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => run(t, app.slug, { input: 'delivery fee' }, { visitor })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have reached your daily limit of 5 runs. Please try again tomorrow',
      details: { limit: 'daily' },
    });
    expect((await runsOf(app.appId)).filter((r) => r.status === 'succeeded')).toHaveLength(5);
    const usage = await (await onHost(t, app.slug, 'GET', '/live_api/tools/ask/usage', { visitor })).json();
    expect(usage).toMatchObject({ signedIn: false, creditsLeft: null, runsLeft: { today: 0, thisWeek: 15 } });
    // Another visitor has their own allowance.
    expect((await run(t, app.slug, { input: 'delivery fee' })).status).toBe(200);
  });

  it('counts a week across days, and an end user separately from visitors', async () => {
    const app = await makeToolApp(t, { settings: { dailyUserLimit: 10, weeklyUserLimit: 2 } });
    const user = await endUserOf(t, app);
    expect((await run(t, app.slug, { input: 'hours' }, { token: user.token })).status).toBe(200);
    // Yesterday's run (same ISO week unless today is Monday) still counts for the week.
    await t.db.execute(sql`UPDATE tool_runs SET created_at = now() - interval '1 day' WHERE app_id = ${app.appId}`);
    const second = await run(t, app.slug, { input: 'hours' }, { token: user.token });
    const isMonday = new Date().getUTCDay() === 1;
    expect(second.status).toBe(200);
    const third = await run(t, app.slug, { input: 'hours' }, { token: user.token });
    expect(third.status).toBe(isMonday ? 200 : 429);
    if (!isMonday)
      expect(third.error!.message).toBe('You have reached your weekly limit of 2 runs. Please try again next week');
    expect((await run(t, app.slug, { input: 'hours' })).status).toBe(200);
  });

  it("stops at the owner's monthly allowance and at many visitors from one address", async () => {
    const app = await makeToolApp(t, { settings: { dailyUserLimit: 1 } });
    await t.db.execute(sql`UPDATE accounts SET plan = 'lite' WHERE user_id = ${app.owner.userId}`);
    await t.db.execute(sql`
      INSERT INTO tool_runs (id, app_id, owner_user_id, tool_id, tool_path, subject, inputs, model, status)
      SELECT 'old-' || g, ${app.appId}, ${app.owner.userId}, 't1', 'ask', 'v:someone', '{}'::jsonb, 'offline:answer', 'succeeded'
      FROM generate_series(1, 300) g`);
    const res = await run(t, app.slug, { input: 'hours' }, { ip: '10.6.6.6' });
    expect(res.status).toBe(429);
    expect(res.error!.message).toBe(TOOL_RUN_MESSAGES.ownerLimit);
    await t.db.execute(sql`DELETE FROM tool_runs WHERE app_id = ${app.appId}`);
    // Daily limit 1 -> 10 fresh visitors a day from one address, then refused.
    for (let i = 0; i < 10; i++)
      expect((await run(t, app.slug, { input: 'hours' }, { ip: '10.6.6.7' })).status).toBe(200);
    const crowded = await run(t, app.slug, { input: 'hours' }, { ip: '10.6.6.7' });
    expect(crowded.error!.message).toBe(TOOL_RUN_MESSAGES.tooManyFromAddress);
  });
});

describe('end users: credits, memories and edited results', () => {
  it('charges credits per run and refuses a run the balance does not cover', async () => {
    const app = await makeToolApp(t, { settings: { creditsPerRun: 3 } });
    const user = await endUserOf(t, app);
    const done = doneOf(await run(t, app.slug, { input: 'deliver' }, { token: user.token }));
    expect(done.creditsLeft).toBe(47);
    const usage = await (await onHost(t, app.slug, 'GET', '/live_api/tools/ask/usage', { token: user.token })).json();
    expect(usage).toMatchObject({ signedIn: true, creditsPerRun: 3, creditsLeft: 47 });
    const [row] = await runsOf(app.appId);
    expect(row).toMatchObject({ appUserId: user.userId, subject: `u:${user.userId}`, creditsCharged: 3 });
    await t.db.execute(sql`UPDATE app_user_credits SET balance = 2 WHERE app_user_id = ${user.userId}`);
    const refused = await run(t, app.slug, { input: 'deliver' }, { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({
      message: "You don't have enough credits for this run (3 needed, 2 left)",
      details: { reason: 'credits', creditsLeft: 2, creditsPerRun: 3 },
    });
    // Visitors spend no credits; a login-required app refuses them.
    expect(doneOf(await run(t, app.slug, { input: 'deliver' })).creditsLeft).toBeNull();
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || '{"isLoginRequired":true}'::jsonb WHERE id = ${app.appId}`,
    );
    expect((await run(t, app.slug, { input: 'deliver' })).error!.message).toBe(TOOL_RUN_MESSAGES.signInRequired);
  });

  it('remembers memorize fields per end user for the memories endpoint', async () => {
    const app = await makeToolApp(t, {
      signup: true,
      fields: [
        { label: 'Question', name: 'question', type: 'text', toolId: 't1', required: true },
        { label: 'City', name: 'city', type: 'text', toolId: 't1', memorize: true },
        {
          label: 'Kind',
          name: 'kind',
          type: 'multiselect',
          toolId: 't1',
          memorize: true,
          options: [{ label: 'Road' }, { label: 'Kids' }],
        },
      ],
    });
    const user = await endUserOf(t, app);
    await run(t, app.slug, { question: 'deliver', city: 'Oslo', kind: ['kids', 'Road'] }, { token: user.token });
    const path = `/api/live_api/user/memories/current?appId=${app.appId}`;
    const mine = await onHost(t, app.slug, 'GET', path, { token: user.token });
    expect(await mine.json()).toEqual({ memories: { city: 'Oslo', kind: ['Kids', 'Road'] } });
    await run(t, app.slug, { question: 'deliver', city: 'Bergen' }, { token: user.token });
    expect(
      await (await onHost(t, app.slug, 'GET', '/live_api/user/memories/current', { token: user.token })).json(),
    ).toEqual({
      memories: { city: 'Bergen', kind: ['Kids', 'Road'] },
    });
    expect(await (await onHost(t, app.slug, 'GET', path)).json()).toEqual({ memories: {} });
    expect(
      (await onHost(t, app.slug, 'GET', '/api/live_api/user/memories/current?appId=other', { token: user.token }))
        .status,
    ).toBe(404);
  });

  it('saves an edited result only where allowed and only for whoever ran it', async () => {
    const app = await makeToolApp(t);
    const first = await run(t, app.slug, { input: 'deliver' });
    const visitor = visitorOf(first)!;
    const runId = doneOf(first).runId;
    const edit = (body: unknown, who: { visitor?: string; token?: string } = { visitor }, id = runId) =>
      onHost(t, app.slug, 'PUT', `/live_api/tools/runs/${id}/result`, { body, ...who });
    const notAllowed = await edit({ result: 'Better answer' });
    expect(notAllowed.status).toBe(403);
    expect(((await notAllowed.json()) as any).error.message).toBe(TOOL_RUN_MESSAGES.editNotAllowed);
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || '{"userCanEditResults":true}'::jsonb WHERE id = ${app.appId}`,
    );
    const saved = await edit({ result: 'Better answer' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ runId, result: 'Better answer' });
    expect((await runsOf(app.appId))[0]).toMatchObject({ editedResult: 'Better answer', result: doneOf(first).result });
    const stranger = await edit({ result: 'Mine now' }, {});
    expect(((await stranger.json()) as any).error.message).toBe(TOOL_RUN_MESSAGES.notYourRun);
    expect((await edit({ result: '  ' })).status).toBe(400);
    expect((await edit({ result: 'x' }, { visitor }, 'no-such-run')).status).toBe(404);
  });
});

describe('smart items filtering', () => {
  it("keeps only the CSV rows a field's include condition names", async () => {
    const csv = 'name,diet,price\nGreen bowl,vegan,12\nBeef burger,meat,14\nTofu wrap,vegan,9\nChicken salad,meat,11\n';
    const fields = [
      { label: 'Question', name: 'question', type: 'text', toolId: 't1', required: true },
      {
        label: 'Diet',
        name: 'diet',
        type: 'select',
        toolId: 't1',
        filterCondition: 'include',
        options: [{ label: 'vegan' }, { label: 'meat' }],
      },
    ];
    const smart = await makeToolApp(t, {
      fields,
      data: [['menu.csv', csv]],
      settings: { aiQueryMethod: 'smart_items_filtering' },
    });
    const done = doneOf(await run(t, smart.slug, { question: 'price of a bowl burger wrap salad', diet: 'vegan' }));
    expect(done.result).toContain('Green bowl');
    expect(done.result).not.toContain('Beef burger');
    expect(done.result).not.toContain('Chicken salad');
    const plain = await makeToolApp(t, { fields, data: [['menu.csv', csv]] });
    expect(doneOf(await run(t, plain.slug, { question: 'price of a burger', diet: 'vegan' })).result).toContain(
      'Beef burger',
    );
  });
});
