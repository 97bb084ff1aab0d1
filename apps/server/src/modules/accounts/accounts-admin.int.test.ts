import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';

const adminEmail = uniqueEmail('boss');
const t = await createTestApp({ ADMIN_EMAILS: adminEmail });

const isAdmin = async (token: string) =>
  (await t.request('GET', '/api/live_api/account/current', { token })).body.isAdmin as boolean;
const createAccount = (token: string) => t.request('POST', '/api/live_api/account/create', { token });

describe('admin rights before e-mail verification', () => {
  it('the first account is admin only once its address is verified', async () => {
    const first = await t.signUp();
    expect((await createAccount(first.token)).status).toBe(200);
    expect(await isAdmin(first.token)).toBe(false);

    // The verification link promotes the first account (the SPA calls account/create after it).
    await t.follow(await t.mailLink(first.email, 'verifyEmail'));
    expect((await createAccount(first.token)).status).toBe(200);
    expect(await isAdmin(first.token)).toBe(true);

    const second = await t.signUpVerified();
    expect(await isAdmin(second.token)).toBe(false);
  });

  it('an unverified first account does not keep the first verified one from becoming admin', async () => {
    const fresh = await createTestApp();
    const squatter = await fresh.signUp(uniqueEmail('squatter'));
    await fresh.request('POST', '/api/live_api/account/create', { token: squatter.token });
    const owner = await fresh.signUpVerified();
    const current = (token: string) => fresh.request('GET', '/api/live_api/account/current', { token });
    expect((await current(owner.token)).body.isAdmin).toBe(true);
    expect((await current(squatter.token)).body.isAdmin).toBe(false);
    // Verifying later does not make a second first account.
    await fresh.follow(await fresh.mailLink(squatter.email, 'verifyEmail'));
    await fresh.request('POST', '/api/live_api/account/create', { token: squatter.token });
    expect((await current(squatter.token)).body.isAdmin).toBe(false);
  });

  it('ADMIN_EMAILS grants admin only to a verified address', async () => {
    const user = await t.signUp(adminEmail);
    await createAccount(user.token);
    expect(await isAdmin(user.token)).toBe(false);
    await t.follow(await t.mailLink(adminEmail, 'verifyEmail'));
    expect(await isAdmin(user.token)).toBe(true);
  });
});
