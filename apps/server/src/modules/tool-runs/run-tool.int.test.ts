import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { PREVIEW_TOKEN_FRAGMENT, PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { appMemberships, toolRuns } from '@tessera/db';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { FAQ, endUserOf, ingestItems, onHost, visitorOf } from '../../testing/tool-apps';

/**
 * Generated code's `Core.RunTool` (docs/generated-apps.md): `POST /integrations/Core/RunTool` on the
 * app's own host runs one of that app's App tools through the run engine of `/tool/{path}`.
 */
const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const runsOf = (appId: string) => t.db.select().from(toolRuns).where(eq(toolRuns.appId, appId));

/** A generated app (moon plan) with an App tool `helper` answering from the FAQ, made through the tools API. */
async function genAppWithTool(settings: Record<string, unknown> = {}, { activate = true } = {}) {
  const owner = await t.signUpVerified();
  await t.db.execute(sql`UPDATE accounts SET plan = 'moon' WHERE user_id = ${owner.userId}`);
  const saved = await t.request('POST', '/api/apps', { token: owner.token, body: buildGenApp({ name: 'Bikes' }) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const appId = saved.body.appId as string;
  const [item] = await ingestItems(t, owner.token, appId, [['faq.md', FAQ]]);
  const created = await t.request('POST', `/api/apps/${appId}/tools`, {
    token: owner.token,
    body: { title: 'Bike helper', path: 'helper' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const toolId = created.body.tool.toolId as string;
  const patched = await t.request('PATCH', `/api/apps/${appId}/tools/${toolId}`, {
    token: owner.token,
    body: {
      instructions: 'Answer the customer: [input]',
      dataItems: [{ contextItemId: item!.contextItemId, type: 'md' }],
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  if (activate) {
    const on = await t.request('POST', `/api/apps/${appId}/tools/${toolId}/activate`, {
      token: owner.token,
      body: { isActive: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
  }
  await t.db.execute(
    sql`UPDATE apps SET settings = settings || ${JSON.stringify(settings)}::jsonb WHERE id = ${appId}`,
  );
  return { owner, appId, slug: saved.body.slug as string, toolId };
}

/** `Core.RunTool({ tool, inputs })` as the SDK sends it. */
async function runTool(
  slug: string,
  body: unknown,
  options: { token?: string; visitor?: string; headers?: Record<string, string> } = {},
) {
  const res = await onHost(t, slug, 'POST', '/integrations/Core/RunTool', { body, ...options });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

describe('Core.RunTool: a generated app runs its own tools', () => {
  it('answers a visitor from the tool data as JSON and records the run like the tool page', async () => {
    const app = await genAppWithTool();
    const res = await runTool(app.slug, { tool: 'Helper', inputs: { input: 'Do you deliver to my house?' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toContain('Yes, we deliver within 10 km of the shop');
    expect(res.body.sources).toEqual([expect.objectContaining({ name: 'faq.md' })]);
    expect(res.body).toMatchObject({ creditsLeft: null, runsLeft: { today: 9, thisWeek: 49 } });
    const visitor = visitorOf(res);
    expect(visitor).toBeTruthy();
    const [row] = await runsOf(app.appId);
    expect(row).toMatchObject({
      id: res.body.runId,
      status: 'succeeded',
      toolId: app.toolId,
      toolPath: 'helper',
      subject: expect.stringMatching(/^v:/),
      inputs: { input: 'Do you deliver to my house?' },
    });
    // The same visitor is counted on the same id; the tool's public page runs the same tool.
    const again = await runTool(
      app.slug,
      { tool: 'helper', inputs: { input: 'opening hours' } },
      { visitor: visitor! },
    );
    expect(again.body.runsLeft.today).toBe(8);
    const page = await onHost(t, app.slug, 'GET', '/tool/helper');
    expect(page.status).toBe(200);
  });

  it("charges an end user's credits and applies the app's limits", async () => {
    const app = await genAppWithTool({ creditsPerRun: 3, dailyUserLimit: 2 });
    const user = await endUserOf(t, app);
    const first = await runTool(app.slug, { tool: 'helper', inputs: { input: 'deliver?' } }, { token: user.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ creditsLeft: 47, runsLeft: { today: 1 } });
    const [row] = await runsOf(app.appId);
    expect(row).toMatchObject({ appUserId: user.userId, subject: `u:${user.userId}`, creditsCharged: 3 });
    expect(
      (await runTool(app.slug, { tool: 'helper', inputs: { input: 'hours?' } }, { token: user.token })).status,
    ).toBe(200);
    const third = await runTool(app.slug, { tool: 'helper', inputs: { input: 'returns?' } }, { token: user.token });
    expect(third.status).toBe(429);
    expect(third.body.error.message).toBe('You have reached your daily limit of 2 runs. Please try again tomorrow');

    const poor = await endUserOf(t, app);
    await runTool(app.slug, { tool: 'helper', inputs: { input: 'deliver?' } }, { token: poor.token });
    await t.db.execute(sql`UPDATE app_user_credits SET balance = 2 WHERE app_user_id = ${poor.userId}`);
    const broke = await runTool(app.slug, { tool: 'helper', inputs: { input: 'deliver?' } }, { token: poor.token });
    expect(broke.status).toBe(403);
    expect(broke.body.error.message).toBe("You don't have enough credits for this run (3 needed, 2 left)");
  });

  it("runs only this app's active tools, and refuses bad input with a 4xx", async () => {
    const app = await genAppWithTool();
    const other = await genAppWithTool();
    const draft = await genAppWithTool({}, { activate: false });
    // Another app's tool has the same path, but on this host only this app's tool answers.
    await t.db.execute(
      sql`UPDATE apps SET definition = jsonb_set(definition, '{tools,0,path}', '"theirs"') WHERE id = ${other.appId}`,
    );
    const cases: Array<[string, unknown, number, string?]> = [
      [app.slug, { tool: 'theirs', inputs: { input: 'deliver?' } }, 404, TOOL_RUN_MESSAGES.toolNotFound],
      [draft.slug, { tool: 'helper', inputs: { input: 'deliver?' } }, 404, TOOL_RUN_MESSAGES.toolNotFound],
      [app.slug, { tool: 'helper', inputs: {} }, 400, TOOL_RUN_MESSAGES.inputEmpty],
      [app.slug, { tool: 'helper', inputs: { input: 'hi', shoe: 'x' } }, 400, 'This tool has no field named "shoe"'],
      [app.slug, { inputs: {} }, 400],
      [app.slug, { tool: 'helper', inputs: 'deliver' }, 400],
    ];
    for (const [slug, body, status, message] of cases) {
      const res = await runTool(slug, body);
      expect(res.status, JSON.stringify([body, res.body])).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect((await runTool(other.slug, { tool: 'theirs', inputs: { input: 'deliver?' } })).status).toBe(200);
    expect(await runsOf(app.appId)).toEqual([]);
  });

  it("keeps the tools of a members-only app to its members and the builder's preview: visitors and non-members are refused", async () => {
    const app = await genAppWithTool({
      isPaidMembershipsEnabled: true,
      paidMembershipsSettings: { isSetupCompleted: true },
      paidMembershipsProduct: { id: 'prod_club', name: 'Club', price: 900, currency: 'usd' },
    });
    const user = await endUserOf(t, app);
    const ask = { tool: 'helper', inputs: { input: 'deliver?' } };
    const visitor = await runTool(app.slug, ask);
    expect(visitor.status).toBe(403);
    expect(visitor.body.error).toMatchObject({
      message: MEMBERSHIP_MESSAGES.membershipRequired,
      details: { reason: 'login' },
    });
    const nonMember = await runTool(app.slug, ask, { token: user.token });
    expect(nonMember.body.error.details).toEqual({ reason: 'paywall' });
    const page = await onHost(t, app.slug, 'POST', '/live_api/tools/helper/runs', {
      body: { values: { input: 'deliver?' } },
      token: user.token,
    });
    expect(page.status).toBe(403);
    const chat = await onHost(t, app.slug, 'POST', '/live_api/chat/messages', {
      body: { message: 'deliver?' },
      token: user.token,
    });
    expect(chat.status).toBe(403);
    const forged = await runTool(app.slug, ask, { headers: { [PREVIEW_TOKEN_HEADER]: 'not-a-preview' } });
    expect(forged.status).toBe(403);
    expect(await runsOf(app.appId)).toEqual([]);

    // The builder's own preview runs them (as a visitor of the app).
    const preview = await t.request('POST', `/api/apps/${app.appId}/preview-url`, { token: app.owner.token, body: {} });
    const previewToken = new URLSearchParams(new URL(preview.body.url as string).hash.slice(1)).get(
      PREVIEW_TOKEN_FRAGMENT,
    )!;
    const fromPreview = await runTool(app.slug, ask, { headers: { [PREVIEW_TOKEN_HEADER]: previewToken } });
    expect(fromPreview.status, JSON.stringify(fromPreview.body)).toBe(200);

    await t.db.insert(appMemberships).values({
      appId: app.appId,
      provider: 'gumroad',
      subscriptionId: randomUUID(),
      appUserId: user.userId,
      status: 'active',
      stateAt: new Date(),
    });
    const member = await runTool(app.slug, ask, { token: user.token });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(member.body.result).toContain('Yes, we deliver within 10 km of the shop');
  });
});

describe('PUT /api/apps/{appId}/tools: the tool builder saves a generated app’s tools', () => {
  it('changes only the tool keys, under the tool rules, for the owner only', async () => {
    const app = await genAppWithTool();
    const detail = await t.request('GET', `/api/apps/${app.appId}/tools/${app.toolId}`, { token: app.owner.token });
    const tool = detail.body.tool;
    const fields = [{ label: 'Bike model', type: 'text', toolId: app.toolId, required: true }];
    const saved = await t.request('PUT', `/api/apps/${app.appId}/tools`, {
      token: app.owner.token,
      body: { tools: [{ ...tool, instructions: 'Help with [bike_model]' }], fields },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await t.request('GET', `/api/apps/${app.appId}`, { token: app.owner.token });
    expect(stored.body.appType).toBe('generated');
    expect(stored.body.definition.pages).toBeTruthy();
    expect(stored.body.definition.fields).toEqual([
      expect.objectContaining({ name: 'bike_model', label: 'Bike model' }),
    ]);
    const res = await runTool(app.slug, { tool: 'helper', inputs: { bike_model: 'City 3' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const bad = await t.request('PUT', `/api/apps/${app.appId}/tools`, {
      token: app.owner.token,
      body: { tools: [{ ...tool, path: 'no spaces' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Path should contain only letters, numbers, and dashes. It cannot be empty.');
    const stranger = await t.signUpVerified();
    const theirs = await t.request('PUT', `/api/apps/${app.appId}/tools`, {
      token: stranger.token,
      body: { fields: [] },
    });
    expect(theirs.status).toBe(404);
  });
});

describe("the chat's offline builder and the app's tools", () => {
  it('writes a page that runs the tool the builder names, with its inputs as the tool page labels them', async () => {
    const app = await genAppWithTool();
    const send = async (text: string) => {
      const res = await t.request<string>('POST', `/api/apps/${app.appId}/chat`, {
        token: app.owner.token,
        body: { id: app.appId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] }] },
      });
      expect(res.status).toBe(200);
      const last = res.body
        .split('\n')
        .filter((l) => l.startsWith('data: {'))
        .map((l) => JSON.parse(l.slice(6)) as Record<string, any>)
        .at(-1)!;
      return last.messageMetadata.versionId as string;
    };
    await send('Build a bike shop with bikes (name, price)');
    const versionId = await send('Use the Bike helper tool: add a page that runs it');
    const version = await t.request('GET', `/api/apps/${app.appId}/versions/${versionId}`, { token: app.owner.token });
    const page = version.body.files.find((f: { path: string }) => f.path === 'pages/BikeHelper.jsx');
    expect(page?.content).toContain('RunTool({ tool: TOOL.path, inputs: values })');
    expect(page?.content).toContain(
      'const TOOL = {"title":"Bike helper","path":"helper","inputs":[{"name":"input","label":"What would you like to know?","type":"long_text","required":true,"options":[]}]};',
    );
  });
});
