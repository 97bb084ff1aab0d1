import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '@tessera/contracts/plans';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { LIVE_TOOLS_PER_APP, TOOL_MESSAGES, fillMessage } from '@tessera/contracts/tools';
import { accounts } from '@tessera/db';
import { createTestApp } from '../../testing/harness';
import { makeToolApp, run } from '../../testing/tool-apps';

/**
 * The tool limits come from the operator's plan catalogue (docs/product/accounts-and-plans.md#limits):
 * here the free plan allows two live tools per app and two tool runs a month instead of the
 * built-in one and 300, and the explorer entry leaves both out (a catalogue written before they
 * existed), so it keeps the built-in numbers.
 */
const catalogue = structuredClone(DEFAULT_PLAN_CATALOGUE);
for (const entry of catalogue.plans) {
  if (entry.plan === 'lite') Object.assign(entry.limits, { liveToolsPerApp: 2, toolRunsPerMonth: 2 });
  if (entry.plan === 'explorer') {
    const limits = entry.limits as Partial<typeof entry.limits>;
    delete limits.liveToolsPerApp;
    delete limits.toolRunsPerMonth;
  }
}
const plansFile = join(mkdtempSync(join(tmpdir(), 'tessera-plans-')), 'plans.json');
writeFileSync(plansFile, JSON.stringify(catalogue));
const t = await createTestApp({ PLANS_FILE: plansFile });
await t.signUpVerified(); // the install's first account is an admin
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

async function builderOn(plan: 'lite' | 'explorer') {
  const b = await t.signUpVerified();
  await t.db.update(accounts).set({ plan }).where(eq(accounts.id, b.accountId));
  return b;
}

describe("the plan catalogue's tool limits", () => {
  it('sets the live tools per app the list shows and activation enforces', async () => {
    const lite = await builderOn('lite');
    const as = { token: lite.token };
    const app = await t.request('POST', '/api/apps', { ...as, body: { appType: 'tool', app: { name: 'Tools' } } });
    const appId = app.body.appId as string;
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push((await t.request('POST', `/api/apps/${appId}/tools`, { ...as, body: { title } })).body.tool.toolId);
    expect((await t.request('GET', `/api/apps/${appId}/tools`, as)).body.liveToolLimit).toBe(2);
    const statuses = [];
    for (const id of ids) {
      const res = await t.request('POST', `/api/apps/${appId}/tools/${id}/activate`, {
        ...as,
        body: { isActive: true },
      });
      statuses.push(res.status);
      if (res.status === 403) expect(res.body.error.message).toBe(fillMessage(TOOL_MESSAGES.liveToolLimit, { n: 2 }));
    }
    expect(statuses).toEqual([200, 200, 403]);

    const explorer = await builderOn('explorer');
    const other = await t.request('POST', '/api/apps', {
      token: explorer.token,
      body: { appType: 'tool', app: { name: 'Tools' } },
    });
    const listed = await t.request('GET', `/api/apps/${other.body.appId}/tools`, { token: explorer.token });
    expect(listed.body.liveToolLimit).toBe(LIVE_TOOLS_PER_APP.explorer);
  });

  it("sets the owner's tool runs a month", async () => {
    const app = await makeToolApp(t);
    await t.db.execute(sql`UPDATE accounts SET plan = 'lite' WHERE user_id = ${app.owner.userId}`);
    for (const ip of ['10.7.0.1', '10.7.0.2'])
      expect((await run(t, app.slug, { input: 'hours' }, { ip })).status).toBe(200);
    const third = await run(t, app.slug, { input: 'hours' }, { ip: '10.7.0.3' });
    expect(third.status).toBe(429);
    expect(third.error!.message).toBe(TOOL_RUN_MESSAGES.ownerLimit);
  });
});
