import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@tessera/contracts/accounts';
import { STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';

const adminEmail = uniqueEmail('operator');
const t = await createTestApp({ ADMIN_EMAILS: adminEmail });
const admin = await t.signUpVerified(adminEmail);
const list = (token: string, query = '') => t.request('GET', `/api/admin/builders${query}`, { token });
const patch = (token: string, accountId: string, body: unknown) =>
  t.request('PATCH', `/api/admin/builders/${accountId}`, { token, body });

describe('admin screen', () => {
  it('only admins list builders or change them', async () => {
    const builder = await t.signUpVerified();
    expect((await list(builder.token)).status).toBe(403);
    expect((await list(builder.token)).body.error.message).toBe(ADMIN_MESSAGES.adminsOnly);
    expect((await patch(builder.token, builder.accountId, { plan: 'moon' })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/builders')).status).toBe(401);
    // An unverified sign-up with an admin's address is no admin.
    const fresh = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    const squatter = await fresh.signUp('boss@example.com');
    await fresh.request('POST', '/api/live_api/account/create', { token: squatter.token });
    expect((await fresh.request('GET', '/api/admin/builders', { token: squatter.token })).status).toBe(403);
  });

  it('lists builders with plan and usage, searchable', async () => {
    const builder = await t.signUpVerified(uniqueEmail('findme'));
    const res = await list(admin.token, `?q=${encodeURIComponent(builder.email)}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.builders[0]).toMatchObject({
      accountId: builder.accountId,
      email: builder.email,
      plan: 'lite',
      disabled: false,
      usage: { messages: 0, messagesThisMonth: 0, dataProcessingBytes: 0, runsThisMonth: 0 },
    });
    expect((await list(admin.token, '?q=%25')).body.total).toBe(0); // a literal %, not a wildcard
    expect((await list(admin.token, '?offset=-1')).status).toBe(400);
  });

  it('changes a plan by hand; its limits apply at once', async () => {
    const builder = await t.signUpVerified();
    const res = await patch(admin.token, builder.accountId, { plan: 'monetizer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: 'monetizer', planSubscriptionStatus: 'active' });
    const account = (await t.request('GET', '/api/live_api/account/current', { token: builder.token })).body;
    expect(account.plan).toBe('monetizer');
    expect((await patch(admin.token, builder.accountId, { plan: 'lite' })).body.plan).toBe('lite');
    expect((await patch(admin.token, builder.accountId, { plan: 'gold' })).status).toBe(400);
    expect((await patch(admin.token, builder.accountId, {})).status).toBe(400);
    expect((await patch(admin.token, 'nope', { plan: 'moon' })).status).toBe(404);
  });

  it('disables a user (signed out at once, sign-in refused with the message) and enables them again', async () => {
    const builder = await t.signUpVerified();
    const res = await patch(admin.token, builder.accountId, { disabled: true });
    expect(res.body.disabled).toBe(true);
    expect((await t.request('GET', '/api/live_api/account/current', { token: builder.token })).status).toBe(401);
    const signIn = () =>
      t.request('POST', '/api/auth/sign-in/email', { body: { email: builder.email, password: STRONG_PASSWORD } });
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('User is disabled, contact us for more info');
    expect((await patch(admin.token, builder.accountId, { disabled: false })).body.disabled).toBe(false);
    expect((await signIn()).status).toBe(200);
    // Not oneself.
    const self = (await list(admin.token, `?q=${encodeURIComponent(adminEmail)}`)).body.builders[0];
    expect((await patch(admin.token, self.accountId, { disabled: true })).body.error.message).toBe(
      ADMIN_MESSAGES.notYourself,
    );
  });
});
