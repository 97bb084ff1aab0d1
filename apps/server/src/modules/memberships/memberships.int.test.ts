import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { startFakeGumroad, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { makeMembershipApp, signUpMember } from '../../testing/membership-apps';
import { createMembershipsRepo } from './memberships.repo';

/** Paid memberships of an app's end users through a fake Gumroad on loopback (docs/product/memberships.md). */
const gumroad = await startFakeGumroad();
const t = await createTestApp({
  GUMROAD_API_URL: gumroad.baseUrl,
  OUTBOUND_TEST_ALLOW_HOSTS: new URL(gumroad.baseUrl).host,
});
const repo = createMembershipsRepo(t.db);
const builder = await t.signUpVerified();
const other = await t.signUpVerified();
const CLUB = 'prod_club';
const WEEK_AGO = () => new Date(Date.now() - 7 * 86_400_000);

const post = (path: string, body?: unknown, token?: string) => t.request('POST', path, { body, token });
const get = (path: string, token?: string) => t.request('GET', path, { token });

const makeApp = (owner = builder, options: { signup?: boolean } = {}) => makeMembershipApp(t, owner, options);
async function connect(appId: string, owner = builder) {
  expect(
    (await post(`/api/apps/${appId}/payments/token`, { accessToken: gumroad.accessToken }, owner.token)).status,
  ).toBe(200);
  const res = await post(`/api/apps/${appId}/payments/connect`, { provider: 'gumroad', productId: CLUB }, owner.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { notificationUrl: string };
}
const endUser = (appId: string) => signUpMember(t, appId);
/** Pings of the fake land on this app's ping URL, in-process. */
function routePings(notificationUrl: string) {
  const url = new URL(notificationUrl);
  gumroad.deliver = (form) =>
    t.request('POST', url.pathname + url.search, {
      rawBody: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
}
const notes = (appId: string, token?: string) => get(`/live_api/apps/${appId}/entities/Note`, token);
const status = (appId: string, token?: string) => get(`/live_api/apps/${appId}/membership`, token);

describe('paid memberships: setup', () => {
  it('needs sign-up on; a wrong Gumroad token is refused and not stored; the token is never returned', async () => {
    const closed = await makeApp(builder, { signup: false });
    const refused = await post(
      `/api/apps/${closed}/payments/token`,
      { accessToken: gumroad.accessToken },
      builder.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MEMBERSHIP_MESSAGES.needsSignup);

    const appId = await makeApp();
    const wrong = await post(`/api/apps/${appId}/payments/token`, { accessToken: 'gr_wrong_token' }, builder.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MEMBERSHIP_MESSAGES.tokenRejected);
    const noToken = await get(`/api/apps/${appId}/payments/products`, builder.token);
    expect(noToken.body.error.message).toBe(MEMBERSHIP_MESSAGES.noToken);
    for (const bad of ['', 'has space', 'x'.repeat(501)])
      expect((await post(`/api/apps/${appId}/payments/token`, { accessToken: bad }, builder.token)).status).toBe(400);

    const saved = await post(`/api/apps/${appId}/payments/token`, { accessToken: gumroad.accessToken }, builder.token);
    expect(saved.status).toBe(200);
    expect(saved.body.products.map((p: { id: string }) => p.id)).toContain(CLUB);
    const details = await get(`/api/apps/${appId}`, builder.token);
    expect(JSON.stringify(details.body)).not.toContain(gumroad.accessToken);
    expect(details.body.settings.paidMembershipsSettings.hasPaymentProviderAccessToken).toBe(true);
    const products = await get(`/api/apps/${appId}/payments/products`, builder.token);
    expect(products.body.products.find((p: { id: string }) => p.id === CLUB)).toEqual({
      id: CLUB,
      name: 'Members Club',
      price: 900,
      currency: 'usd',
      recurrence: 'monthly',
    });
  });

  it('connects a product (setup complete, memberships on); an unknown product and other builders are refused', async () => {
    const appId = await makeApp();
    await post(`/api/apps/${appId}/payments/token`, { accessToken: gumroad.accessToken }, builder.token);
    const unknown = await post(
      `/api/apps/${appId}/payments/connect`,
      { provider: 'gumroad', productId: 'nope' },
      builder.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MEMBERSHIP_MESSAGES.productNotFound);
    expect(
      (await post(`/api/apps/${appId}/payments/connect`, { provider: 'gumroad', productId: CLUB }, other.token)).status,
    ).toBe(404);
    expect((await get(`/api/apps/${appId}/payments/products`, other.token)).status).toBe(404);

    const res = await post(
      `/api/apps/${appId}/payments/connect`,
      { provider: 'gumroad', productId: CLUB },
      builder.token,
    );
    expect(res.body.message).toBe(MEMBERSHIP_MESSAGES.connected);
    expect(res.body.notificationUrl).toMatch(new RegExp(`/api/memberships/${appId}/gumroad/ping\\?secret=`));
    const settings = (await get(`/api/apps/${appId}`, builder.token)).body.settings;
    expect(settings.isPaidMembershipsEnabled).toBe(true);
    expect(settings.paidMembershipsProduct).toMatchObject({ id: CLUB, name: 'Members Club' });
    expect(settings.paidMembershipsSettings).toEqual({
      paymentProvider: 'gumroad',
      isSetupCompleted: true,
      hasPaymentProviderAccessToken: true,
    });
  });
});

describe('paid memberships: end users', () => {
  it('refuses data without a membership, lets a buyer in after verification, once however often it is checked', async () => {
    const appId = await makeApp();
    const member = await endUser(appId);
    // Before memberships are on, the data is open as usual.
    expect((await notes(appId, member.token)).status).toBe(200);
    await connect(appId);
    gumroad.deliver = null;

    const refused = await notes(appId, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MEMBERSHIP_MESSAGES.membershipRequired);
    expect((await post(`/live_api/apps/${appId}/entities/Note`, { text: 'x' }, member.token)).status).toBe(403);
    expect((await notes(appId)).status).toBe(403);
    // The owner still reads the data (Database panel); the paywall still knows who is asking.
    expect((await notes(appId, builder.token)).status).toBe(200);
    expect((await get(`/live_api/apps/${appId}/entities/User/me`, member.token)).status).toBe(200);
    expect((await status(appId, member.token)).body).toMatchObject({ required: true, active: false });

    const checkout = await post(`/live_api/apps/${appId}/membership/checkout`, undefined, member.token);
    const url = new URL(checkout.body.url);
    expect(url.pathname).toBe('/l/club');
    expect(url.searchParams.get('email')).toBe(member.email);
    expect(url.searchParams.get('tessera_user')).toBe(member.id);

    const notYet = await post(`/live_api/apps/${appId}/membership/verify`, undefined, member.token);
    expect(notYet.body.active).toBe(false);
    await gumroad.buy('club', member.email.toUpperCase());
    const verified = await post(`/live_api/apps/${appId}/membership/verify`, undefined, member.token);
    expect(verified.body).toMatchObject({ active: true, product: { name: 'Members Club', price: 900 } });
    await post(`/live_api/apps/${appId}/membership/verify`, undefined, member.token);
    expect((await notes(appId, member.token)).status).toBe(200);
    const revenue = await repo.revenuePerDay(appId, WEEK_AGO());
    expect(revenue).toEqual([expect.objectContaining({ currency: 'usd', amount: 900, payments: 1 })]);
    // Signed out, a visitor is refused as before.
    expect((await status(appId)).body.active).toBe(false);
  });

  it('applies a replayed ping once and an out-of-order cancellation safely; cancelled access ends with the period', async () => {
    const appId = await makeApp();
    routePings((await connect(appId)).notificationUrl);
    const member = await endUser(appId);
    const sale = await gumroad.buy('club', member.email);
    expect((await notes(appId, member.token)).status).toBe(200);
    const salePing = gumroad.pings.at(-1)!;
    for (let i = 0; i < 3; i++) expect(await gumroad.replay(salePing)).toMatchObject({ status: 200 });
    expect(await repo.revenuePerDay(appId, WEEK_AGO())).toEqual([
      expect.objectContaining({ amount: 900, payments: 1 }),
    ]);

    // Cancelled: access stays until the period paid for ends, then goes.
    await gumroad.cancel(sale.subscription_id!);
    const cancelPing = gumroad.pings.at(-1)!;
    const row = await repo.find(appId, 'gumroad', sale.subscription_id!);
    expect(row).toMatchObject({ status: 'cancelled', appUserId: member.id });
    const periodEnd = row!.periodEnd!;
    expect(+periodEnd).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await status(appId, member.token)).body).toMatchObject({
      active: true,
      accessUntil: periodEnd.toISOString(),
    });
    expect(await repo.activeOf(appId, member.id, new Date(+periodEnd + 1000))).toBeNull();
    // A late replay of the sale ping does not undo the cancellation.
    await gumroad.replay(salePing);
    expect((await repo.find(appId, 'gumroad', sale.subscription_id!))!.status).toBe('cancelled');
    await gumroad.replay(cancelPing);

    await gumroad.end(sale.subscription_id!);
    expect((await notes(appId, member.token)).status).toBe(403);
    // The older cancellation arriving after the end changes nothing.
    await gumroad.replay({
      fields: { ...cancelPing.fields, cancelled_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect((await repo.find(appId, 'gumroad', sale.subscription_id!))!.status).toBe('ended');
  });

  it("keeps following a member's subscription after the builder connects another product: its cancellation and refund still apply", async () => {
    gumroad.products.push({
      id: 'prod_club_plus',
      permalink: 'club-plus',
      name: 'Club Plus',
      price: 1500,
      recurrence: 'monthly',
    });
    const appId = await makeApp();
    routePings((await connect(appId)).notificationUrl);
    const member = await endUser(appId);
    const sale = await gumroad.buy('club', member.email);
    expect((await notes(appId, member.token)).status).toBe(200);
    const changed = await post(
      `/api/apps/${appId}/payments/connect`,
      { provider: 'gumroad', productId: 'prod_club_plus' },
      builder.token,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // The old product's member keeps access; Gumroad's news about their subscription still counts.
    expect((await notes(appId, member.token)).status).toBe(200);
    await gumroad.cancel(sale.subscription_id!);
    expect((await repo.find(appId, 'gumroad', sale.subscription_id!))!.status).toBe('cancelled');
    await gumroad.refund(sale.id);
    expect((await repo.find(appId, 'gumroad', sale.subscription_id!))!.status).toBe('ended');
    expect((await notes(appId, member.token)).status).toBe(403);

    // A sale of the seller's other product that never was this app's is still not its business.
    const stranger = await gumroad.buy('explorer', uniqueEmail('stranger'));
    expect(await repo.find(appId, 'gumroad', stranger.subscription_id!)).toBeNull();
  });

  it('ends access at once on a refund or a dispute ping, once however often it comes, and takes it off the revenue', async () => {
    const appId = await makeApp();
    routePings((await connect(appId)).notificationUrl);
    const refunded = await endUser(appId);
    const disputed = await endUser(appId);
    const refundedSale = await gumroad.buy('club', refunded.email);
    const salePing = gumroad.pings.at(-1)!;
    const disputedSale = await gumroad.buy('club', disputed.email);
    expect((await notes(appId, refunded.token)).status).toBe(200);

    await gumroad.refund(refundedSale.id);
    await gumroad.dispute(disputedSale.id);
    for (const ping of gumroad.pings.slice(-2)) expect(await gumroad.replay(ping)).toMatchObject({ status: 200 });
    for (const member of [refunded, disputed]) {
      expect((await notes(appId, member.token)).status).toBe(403);
      expect((await status(appId, member.token)).body.active).toBe(false);
      // Checking again with Gumroad finds the refunded sale: still no access.
      expect((await post(`/live_api/apps/${appId}/membership/verify`, undefined, member.token)).body.active).toBe(
        false,
      );
    }
    // The sale ping again, late: it does not give access back.
    await gumroad.replay(salePing);
    expect(await repo.find(appId, 'gumroad', refundedSale.subscription_id!)).toMatchObject({ status: 'ended' });
    expect(await repo.revenuePerDay(appId, WEEK_AGO())).toEqual([
      expect.objectContaining({ currency: 'usd', amount: 0, payments: 2 }),
    ]);
  });

  it('applies a refund ping that arrives before the sale ping: the sale is recorded and access stays closed', async () => {
    const appId = await makeApp();
    const { notificationUrl } = await connect(appId);
    const member = await endUser(appId);
    gumroad.deliver = null;
    const sale = await gumroad.buy('club', member.email);
    await gumroad.refund(sale.id);
    routePings(notificationUrl);
    const [salePing, refundPing] = gumroad.pings.slice(-2);
    await gumroad.replay(refundPing!);
    await gumroad.replay(salePing!);
    expect(await repo.find(appId, 'gumroad', sale.subscription_id!)).toMatchObject({ status: 'ended' });
    expect((await notes(appId, member.token)).status).toBe(403);
    expect((await repo.revenuePerDay(appId, WEEK_AGO()))[0]).toMatchObject({ amount: 0, payments: 1 });
  });

  it('takes a ping that arrives before the buyer signs up, matched by e-mail once they verify', async () => {
    const appId = await makeApp();
    routePings((await connect(appId)).notificationUrl);
    const email = uniqueEmail('early');
    await gumroad.buy('club', email);
    const res = await signUpAppUser(t, appId, { email });
    const verified = await post(`/live_api/apps/${appId}/membership/verify`, undefined, res.body.token);
    expect(verified.body.active).toBe(true);
  });

  it('refuses a ping with a wrong secret, of another app, or for a sale Gumroad does not know', async () => {
    const a = await makeApp();
    const b = await makeApp();
    const urlA = new URL((await connect(a)).notificationUrl);
    const urlB = new URL((await connect(b)).notificationUrl);
    const ping = (path: string, form: Record<string, string>) =>
      t.request('POST', path, {
        rawBody: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const secretA = urlA.searchParams.get('secret')!;
    expect((await ping(`/api/memberships/${a}/gumroad/ping?secret=nope`, { sale_id: 'x' })).status).toBe(401);
    expect((await ping(`/api/memberships/${b}/gumroad/ping?secret=${secretA}`, { sale_id: 'x' })).status).toBe(401);
    expect((await ping(urlB.pathname + urlB.search, { sale_id: 'unknown' })).status).toBe(400);
    expect((await ping(urlA.pathname + urlA.search, { __proto__: 'x', sale_id: 'unknown' } as never)).status).toBe(400);
  });

  it('keeps apps apart: a membership of one app opens nothing in another', async () => {
    const a = await makeApp();
    const b = await makeApp();
    await connect(a);
    await connect(b);
    gumroad.deliver = null;
    const inA = await endUser(a);
    await gumroad.buy('club', inA.email);
    expect((await post(`/live_api/apps/${a}/membership/verify`, undefined, inA.token)).body.active).toBe(true);
    // The same person in app B has not paid there: B's sales lookup finds the sale, but of this token's seller...
    const inB = await endUser(b);
    expect((await notes(b, inB.token)).status).toBe(403);
    // A's token means nothing for B's data or B's paywall.
    expect((await notes(b, inA.token)).status).toBe(403);
    expect((await post(`/live_api/apps/${b}/membership/verify`, undefined, inA.token)).status).toBe(401);
  });

  it('sends the app host bundle request of a non-member to the paywall, and a visitor to the login page', async () => {
    const appId = await makeApp();
    await connect(appId);
    const slug = (await get(`/api/apps/${appId}`, builder.token)).body.slug as string;
    const host = `${slug}.apps.localhost:3000`;
    const signUp = await signUpAppUser(t, appId, { email: uniqueEmail('host') }, { host });
    const bundle = (token?: string) => t.request('GET', `/runtime/bundle?appId=${appId}`, { token, headers: { host } });
    expect((await bundle(signUp.body.token)).body.error.details).toEqual({ reason: 'paywall' });
    expect((await bundle()).body.error.details).toEqual({ reason: 'login' });
    const page = await t.request('GET', `/apps/${appId}/membership`, { headers: { host } });
    expect(page.status, JSON.stringify(page.body).slice(0, 400)).toBe(200);
    expect(page.body).toContain('"mode":"paywall"');
  });
});
