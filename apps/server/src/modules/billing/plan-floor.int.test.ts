import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@tessera/contracts/accounts';
import { uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

// docs/product/accounts-and-plans.md#roles-and-permissions: an install's admins have everything,
// every other builder has at least the default plan (DEFAULT_PLAN, or the one chosen on /admin).
const t = await createTestApp();
const admin = await t.signUpVerified();
const current = async (token: string) =>
  (await t.request('GET', '/api/live_api/account/current', { token })).body as { plan: string; isAdmin: boolean };
const settings = (token: string, body?: unknown) =>
  t.request(body ? 'PUT' : 'GET', '/api/admin/settings', { token, body });
const addText = (token: string, appId: string, context: string) =>
  t.request('POST', `/api/context/ingest/text?appId=${appId}`, { token, body: { context } });

describe('plans on a self-hosted install', () => {
  it('the first (admin) account has the top plan and no data-source cap of the free plan', async () => {
    expect(await current(admin.token)).toMatchObject({ isAdmin: true, plan: 'moon' });
    const app = await t.request('POST', '/api/apps', { token: admin.token, body: buildGenApp() });
    for (const n of [1, 2, 3]) expect((await addText(admin.token, app.body.appId, `Fact ${n}`)).status).toBe(200);
  });

  it('a builder gets the default plan: lite out of the box, so a second data source is refused', async () => {
    const builder = await t.signUpVerified();
    expect(await current(builder.token)).toMatchObject({ isAdmin: false, plan: 'lite' });
    const app = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp() });
    expect((await addText(builder.token, app.body.appId, 'One')).status).toBe(200);
    expect((await addText(builder.token, app.body.appId, 'Two')).status).toBe(403);
  });

  it('an admin chooses the default plan on /admin: every builder moves to it, higher plans stay', async () => {
    const before = await settings(admin.token);
    expect(before.body).toEqual({
      defaultPlan: 'lite',
      defaultPlanSource: 'environment',
      showStarterTemplates: true,
      paymentProviders: { stripe: false, gumroad: false },
    });
    const builder = await t.signUpVerified();
    const gifted = await t.signUpVerified();
    await t.request('PATCH', `/api/admin/builders/${gifted.accountId}`, { token: admin.token, body: { plan: 'moon' } });

    const saved = await settings(admin.token, { defaultPlan: 'monetizer' });
    expect(saved.body).toMatchObject({ defaultPlan: 'monetizer', defaultPlanSource: 'admin' });
    expect((await current(builder.token)).plan).toBe('monetizer');
    expect((await current(gifted.token)).plan).toBe('moon');
    const later = await t.signUpVerified();
    expect((await current(later.token)).plan).toBe('monetizer');
    // A plan given by hand below the default leaves the builder on the default.
    await t.request('PATCH', `/api/admin/builders/${gifted.accountId}`, { token: admin.token, body: { plan: 'lite' } });
    expect((await current(gifted.token)).plan).toBe('monetizer');

    await settings(admin.token, { defaultPlan: 'lite' });
    expect((await current(builder.token)).plan).toBe('lite');
    expect((await current(admin.token)).plan).toBe('moon');
  });

  it('only admins read or change the settings; bad input is a 400 in plain words', async () => {
    const builder = await t.signUpVerified();
    const refused = await settings(builder.token, { defaultPlan: 'moon' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ADMIN_MESSAGES.adminsOnly);
    expect((await settings(builder.token)).status).toBe(403);
    expect((await current(builder.token)).plan).toBe('lite');
    expect((await settings(admin.token, { defaultPlan: 'gold' })).status).toBe(400);
    const empty = await settings(admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Nothing to change');
  });
});

describe('DEFAULT_PLAN and ADMIN_EMAILS', () => {
  it('builders start on DEFAULT_PLAN; an ADMIN_EMAILS address gets everything once verified', async () => {
    const boss = uniqueEmail('boss');
    const other = await createTestApp({ DEFAULT_PLAN: 'explorer', ADMIN_EMAILS: boss });
    {
      const first = await other.signUpVerified();
      const listed = await other.signUpVerified(boss);
      const plan = async (token: string) =>
        (await other.request('GET', '/api/live_api/account/current', { token })).body.plan;
      expect(await plan(listed.token)).toBe('moon');
      // The first verified account is an admin too.
      expect(await plan(first.token)).toBe('moon');
      const builder = await other.signUpVerified();
      expect(await plan(builder.token)).toBe('explorer');
      const read = await other.request('GET', '/api/admin/settings', { token: listed.token });
      expect(read.body).toMatchObject({ defaultPlan: 'explorer', defaultPlanSource: 'environment' });
    }
  });

  it('a DEFAULT_PLAN that is not a plan stops the start with a clear message', async () => {
    await expect(createTestApp({ DEFAULT_PLAN: 'gold' })).rejects.toThrow(
      /DEFAULT_PLAN: must be one of lite, explorer, monetizer, moon/,
    );
  });
});
