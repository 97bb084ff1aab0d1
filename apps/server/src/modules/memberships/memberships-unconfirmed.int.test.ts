import { describe, expect, it } from 'vitest';
import { APP_CONFIRM_MESSAGES } from '@tessera/contracts/app-users';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, startFakeGumroad, uniqueEmail } from '@tessera/test-utils';
import { mailedCode } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { makeMembershipApp } from '../../testing/membership-apps';
import { createMembershipsRepo } from './memberships.repo';

/**
 * A Gumroad sale is matched by e-mail only to an end user who confirmed that address: signing up
 * with a buyer's address first gets nothing (docs/product/memberships.md).
 */
const gumroad = await startFakeGumroad();
const t = await createTestApp({
  GUMROAD_API_URL: gumroad.baseUrl,
  OUTBOUND_TEST_ALLOW_HOSTS: new URL(gumroad.baseUrl).host,
});
const repo = createMembershipsRepo(t.db);
const builder = await t.signUpVerified();
const post = (path: string, body?: unknown, token?: string) => t.request('POST', path, { body, token });

/** A members-only app with the fake's product connected and its pings routed here; sign-up as given. */
async function clubApp(settings: Record<string, unknown> = {}) {
  const appId = await makeMembershipApp(t, builder);
  const saved = await post(
    `/api/apps/${appId}/settings`,
    { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS, ...settings } },
    builder.token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(
    (await post(`/api/apps/${appId}/payments/token`, { accessToken: gumroad.accessToken }, builder.token)).status,
  ).toBe(200);
  const connected = await post(
    `/api/apps/${appId}/payments/connect`,
    { provider: 'gumroad', productId: 'prod_club' },
    builder.token,
  );
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const url = new URL(connected.body.notificationUrl as string);
  gumroad.deliver = (form) =>
    t.request('POST', url.pathname + url.search, {
      rawBody: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  return appId;
}
const auth = (appId: string, action: string, body: unknown) => post(`/live_api/apps/${appId}/auth/${action}`, body);
const verify = (appId: string, token: string) => post(`/live_api/apps/${appId}/membership/verify`, undefined, token);

describe('memberships and unconfirmed addresses', () => {
  it("an unconfirmed account with a buyer's address never gets the membership, before or after the sale", async () => {
    const appId = await clubApp({ isUnconfirmedSignupAllowed: true });
    // Bought before anyone signed up with the address, then after.
    const early = uniqueEmail('early-buyer');
    const earlySale = await gumroad.buy('club', early);
    const squatEarly = await auth(appId, 'sign-up', { email: early, password: STRONG_PASSWORD });
    const late = uniqueEmail('late-buyer');
    const squatLate = await auth(appId, 'sign-up', { email: late, password: STRONG_PASSWORD });
    const lateSale = await gumroad.buy('club', late);
    for (const [squat, sale] of [
      [squatEarly, earlySale],
      [squatLate, lateSale],
    ] as const) {
      expect(squat.body.token).toMatch(/^tsa_/);
      const refused = await verify(appId, squat.body.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(APP_CONFIRM_MESSAGES.membershipUnconfirmed);
      expect(await repo.find(appId, 'gumroad', sale.subscription_id!)).toMatchObject({ appUserId: null });
    }
  });

  it('the buyer takes their address back with a reset link and gets their membership', async () => {
    const appId = await clubApp();
    const buyer = uniqueEmail('buyer');
    const sale = await gumroad.buy('club', buyer);
    // Someone signs up with the buyer's address first: no session without the code mailed to the buyer.
    expect((await auth(appId, 'sign-up', { email: buyer, password: STRONG_PASSWORD })).body).toEqual({
      confirmationRequired: true,
      email: buyer,
    });
    expect((await auth(appId, 'sign-in', { email: buyer, password: STRONG_PASSWORD })).status).toBe(403);
    expect(await repo.find(appId, 'gumroad', sale.subscription_id!)).toMatchObject({ appUserId: null });
    // The buyer: "Forgot your password?", the link in their mailbox, a password of their own.
    await auth(appId, 'forgot-password', { email: buyer });
    const token = (await t.mailLink(buyer, 'resetPassword')).searchParams.get('token')!;
    const session = await auth(appId, 'set-password', { token, password: `${STRONG_PASSWORD}!` });
    expect(session.status).toBe(200);
    const status = await verify(appId, session.body.token);
    expect(status.body).toMatchObject({ required: true, active: true });
  });

  it('a confirmed member gets a sale made under their address', async () => {
    const appId = await clubApp();
    const email = uniqueEmail('member');
    await auth(appId, 'sign-up', { email, password: STRONG_PASSWORD });
    const session = await auth(appId, 'verify-otp', { email, otp_code: await mailedCode(t, email) });
    const sale = await gumroad.buy('club', email);
    expect(await repo.find(appId, 'gumroad', sale.subscription_id!)).toMatchObject({
      appUserId: session.body.user.id,
    });
    expect((await verify(appId, session.body.token)).body.active).toBe(true);
  });
});
