import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { apps } from '@tessera/db';
import { startFakeStripe } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { makeMembershipApp, signUpMember } from '../../testing/membership-apps';
import { createMembershipsRepo } from './memberships.repo';

/**
 * Paid memberships through the builder's own Stripe account (docs/product/memberships.md#stripe):
 * the official client against a fake Stripe on loopback, webhooks delivered in-process.
 */
const stripe = await startFakeStripe();
const t = await createTestApp({ STRIPE_API_URL: stripe.baseUrl });
const repo = createMembershipsRepo(t.db);
const builder = await t.signUpVerified();
const WEEK_AGO = () => new Date(Date.now() - 7 * 86_400_000);
const PAYWALL = 'http://localhost/apps/x/membership?nextUrl=%2F';

/** The builder's own Stripe account: a monthly price in euros, a yearly one, and prices not for sale here. */
const account = stripe.addAccount({
  prices: [
    {
      id: 'price_club_m',
      product: { id: 'prod_club', name: 'Club' },
      unit_amount: 1200,
      currency: 'eur',
      recurring: { interval: 'month', interval_count: 1 },
      active: true,
    },
    {
      id: 'price_club_y',
      product: { id: 'prod_club', name: 'Club' },
      unit_amount: 12000,
      currency: 'eur',
      recurring: { interval: 'year', interval_count: 1 },
      active: true,
    },
    {
      id: 'price_weekly',
      product: { id: 'prod_w', name: 'Weekly' },
      unit_amount: 300,
      currency: 'usd',
      recurring: { interval: 'week', interval_count: 1 },
      active: true,
    },
    {
      id: 'price_once',
      product: { id: 'prod_o', name: 'Once' },
      unit_amount: 500,
      currency: 'usd',
      recurring: null,
      active: true,
    },
  ],
});

const post = (path: string, body?: unknown, token?: string) => t.request('POST', path, { body, token });
const get = (path: string, token?: string) => t.request('GET', path, { token });

const makeApp = () => makeMembershipApp(t, builder);
/** Key, price, signing secret; the account's webhooks then go to this app's endpoint. */
async function connect(appId: string) {
  const key = await post(
    `/api/apps/${appId}/payments/token`,
    { provider: 'stripe', accessToken: account.secretKey },
    builder.token,
  );
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const res = await post(
    `/api/apps/${appId}/payments/connect`,
    { provider: 'stripe', productId: 'price_club_m' },
    builder.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const secret = await post(
    `/api/apps/${appId}/payments/webhook-secret`,
    { webhookSecret: account.webhookSecret },
    builder.token,
  );
  expect(secret.status, JSON.stringify(secret.body)).toBe(200);
  const path = new URL(res.body.notificationUrl as string).pathname;
  account.deliver = (payload, signature) =>
    t.request('POST', path, { rawBody: payload, headers: { 'stripe-signature': signature } });
  return path;
}
const endUser = (appId: string) => signUpMember(t, appId);
const notes = (appId: string, token?: string) => get(`/live_api/apps/${appId}/entities/Note`, token);
/** The end user's checkout, paid on the fake's hosted page; answers the session id. */
async function buy(appId: string, member: { token: string }) {
  const res = await post(`/live_api/apps/${appId}/membership/checkout`, { returnUrl: PAYWALL }, member.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = new URL(res.body.url as string).pathname.split('/').pop()!;
  await stripe.pay(sessionId);
  return sessionId;
}
const subscriptionOf = (sessionId: string) => stripe.sessions.get(sessionId)!.subscription as string;

describe('paid memberships with Stripe: setup', () => {
  it('checks the key with Stripe (a wrong one is refused, never stored); lists monthly and yearly prices; never returns secrets', async () => {
    const appId = await makeApp();
    const wrong = await post(
      `/api/apps/${appId}/payments/token`,
      { provider: 'stripe', accessToken: 'sk_test_wrong' },
      builder.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MEMBERSHIP_MESSAGES.stripeKeyRejected);
    const notAKey = await post(
      `/api/apps/${appId}/payments/token`,
      { provider: 'stripe', accessToken: 'pk_test_publishable' },
      builder.token,
    );
    expect(notAKey.status).toBe(400);
    const none = await get(`/api/apps/${appId}/payments/products?provider=stripe`, builder.token);
    expect(none.body.error.message).toBe(MEMBERSHIP_MESSAGES.stripeNoKey);

    const saved = await post(
      `/api/apps/${appId}/payments/token`,
      { provider: 'stripe', accessToken: account.secretKey },
      builder.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.products).toEqual([
      { id: 'price_club_m', name: 'Club', price: 1200, currency: 'eur', recurrence: 'monthly' },
      { id: 'price_club_y', name: 'Club', price: 12000, currency: 'eur', recurrence: 'yearly' },
    ]);
    const unknown = await post(
      `/api/apps/${appId}/payments/connect`,
      { provider: 'stripe', productId: 'price_weekly' },
      builder.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MEMBERSHIP_MESSAGES.stripePriceNotFound);

    const badSecret = await post(
      `/api/apps/${appId}/payments/webhook-secret`,
      { webhookSecret: 'not-a-secret' },
      builder.token,
    );
    expect(badSecret.status).toBe(400);
    await connect(appId);
    const shown = await get(`/api/apps/${appId}`, builder.token);
    const text = JSON.stringify(shown.body);
    expect(text).not.toContain(account.secretKey);
    expect(text).not.toContain(account.webhookSecret);
    // Stored sealed: neither is in the database in clear.
    const [row] = await t.db.select({ settings: apps.settings }).from(apps).where(eq(apps.id, appId));
    const stored = JSON.stringify(row!.settings);
    expect(stored).not.toContain(account.secretKey);
    expect(stored).not.toContain(account.webhookSecret);
    expect(row!.settings).toMatchObject({ stripeSecretKey: { sealed: expect.any(String) } });
    expect(shown.body.settings.paidMembershipsSettings).toMatchObject({
      paymentProvider: 'stripe',
      hasPaymentProviderAccessToken: true,
      isSetupCompleted: true,
    });
    const where = await get(`/api/apps/${appId}/payments/notification-url`, builder.token);
    expect(where.body).toMatchObject({
      provider: 'stripe',
      notificationUrl: expect.stringContaining(`/api/memberships/${appId}/stripe/webhook`),
      hasWebhookSecret: true,
    });
    expect(where.body.events).toEqual(expect.arrayContaining(['charge.refunded', 'customer.subscription.deleted']));
  });
});

describe('paid memberships with Stripe: end users', () => {
  it('opens a Checkout session for the end user and lets them in once the paywall verifies it', async () => {
    const appId = await makeApp();
    await connect(appId);
    account.deliver = null; // the paywall's check alone
    const member = await endUser(appId);
    expect((await notes(appId, member.token)).status).toBe(403);
    const foreign = await post(
      `/live_api/apps/${appId}/membership/checkout`,
      { returnUrl: 'https://evil.example/apps/x/membership' },
      member.token,
    );
    expect(foreign.status).toBe(400);

    const checkout = await post(`/live_api/apps/${appId}/membership/checkout`, { returnUrl: PAYWALL }, member.token);
    expect(checkout.status).toBe(200);
    const sessionId = new URL(checkout.body.url as string).pathname.split('/').pop()!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      customer_email: member.email,
      client_reference_id: member.id,
      success_url: `${PAYWALL}&session_id={CHECKOUT_SESSION_ID}`,
    });
    // Not paid yet: nothing to apply.
    const early = await post(`/live_api/apps/${appId}/membership/verify`, { sessionId }, member.token);
    expect(early.body.active).toBe(false);
    await stripe.pay(sessionId);
    // Someone else's session does not let another end user in.
    const other = await endUser(appId);
    expect((await post(`/live_api/apps/${appId}/membership/verify`, { sessionId }, other.token)).body.active).toBe(
      false,
    );
    const verified = await post(`/live_api/apps/${appId}/membership/verify`, { sessionId }, member.token);
    expect(verified.body).toMatchObject({ required: true, active: true, provider: 'stripe' });
    expect(verified.body.product).toMatchObject({ currency: 'eur', price: 1200 });
    expect((await notes(appId, member.token)).status).toBe(200);
    // The webhook of the same payment, later: the same payment, counted once.
    account.deliver = (payload, signature) =>
      t.request('POST', `/api/memberships/${appId}/stripe/webhook`, {
        rawBody: payload,
        headers: { 'stripe-signature': signature },
      });
    for (const d of account.deliveries) await stripe.redeliver(d);
    expect(await repo.revenuePerDay(appId, WEEK_AGO())).toEqual([
      expect.objectContaining({ currency: 'eur', amount: 1200, payments: 1 }),
    ]);
    // The analytics page shows it in euros.
    const analytics = await get(`/api/apps/${appId}/analytics?days=7`, builder.token);
    expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    expect(analytics.body).toMatchObject({ revenueCurrency: 'eur', totals: { revenue: 12 } });
  });

  it('refuses forged and unsigned webhooks; applies replayed and out-of-order events once; cancelled access runs to the period end', async () => {
    const appId = await makeApp();
    const path = await connect(appId);
    const member = await endUser(appId);
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed' });
    for (const signature of [stripe.sign(forged, 'whsec_not_the_apps'), 't=1,v1=00'])
      expect(
        (await t.request('POST', path, { rawBody: forged, headers: { 'stripe-signature': signature } })).status,
      ).toBe(400);
    const unsigned = await t.request('POST', path, { rawBody: forged });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.message).toBe(MEMBERSHIP_MESSAGES.stripeBadSignature);

    const sessionId = await buy(appId, member);
    const sub = subscriptionOf(sessionId);
    expect((await notes(appId, member.token)).status).toBe(200);
    const paid = [...account.deliveries];
    for (const d of paid) for (let i = 0; i < 2; i++) expect(await stripe.redeliver(d)).toMatchObject({ status: 200 });
    expect((await repo.revenuePerDay(appId, WEEK_AGO()))[0]).toMatchObject({ amount: 1200, payments: 1 });

    await stripe.cancel(sub);
    const cancelled = await repo.find(appId, 'stripe', sub);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(cancelled!.periodEnd!.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect((await notes(appId, member.token)).status).toBe(200);
    // The payment's webhook again, after the cancellation: it does not undo it.
    for (const d of paid) await stripe.redeliver(d);
    expect(await repo.find(appId, 'stripe', sub)).toMatchObject({ status: 'cancelled' });

    await stripe.end(sub);
    expect(await repo.find(appId, 'stripe', sub)).toMatchObject({ status: 'ended' });
    expect((await notes(appId, member.token)).status).toBe(403);
  });

  it('applies a cancellation that arrives before the payment: cancelled, with access until the period end', async () => {
    const appId = await makeApp();
    const path = await connect(appId);
    const member = await endUser(appId);
    const deliver = account.deliver;
    account.deliver = null;
    const sub = subscriptionOf(await buy(appId, member));
    await stripe.cancel(sub);
    account.deliver = deliver;
    const [payment, cancellation] = [
      account.deliveries.findLast((d) => d.type === 'checkout.session.completed' && d.payload.includes(sub))!,
      account.deliveries.findLast((d) => d.type === 'customer.subscription.updated' && d.payload.includes(sub))!,
    ];
    // Stripe's clock: the cancellation a second after the payment (the fake sends both in one second).
    const later = JSON.parse(cancellation.payload) as { created: number };
    later.created += 1;
    const payload = JSON.stringify(later);
    expect(
      (
        await t.request('POST', path, {
          rawBody: payload,
          headers: { 'stripe-signature': stripe.sign(payload, account.webhookSecret) },
        })
      ).status,
    ).toBe(200);
    await stripe.redeliver(payment);
    const row = await repo.find(appId, 'stripe', sub);
    expect(row).toMatchObject({ status: 'cancelled', appUserId: member.id });
    expect(row!.periodEnd!.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect((await notes(appId, member.token)).status).toBe(200);
    expect((await repo.revenuePerDay(appId, WEEK_AGO()))[0]).toMatchObject({ amount: 1200, payments: 1 });
  });

  it('counts renewals (invoice.paid) as payments in their currency', async () => {
    const appId = await makeApp();
    const path = await connect(appId);
    const member = await endUser(appId);
    const sub = subscriptionOf(await buy(appId, member));
    const event = {
      id: 'evt_renewal_1',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_renewal_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          amount_paid: 1200,
          currency: 'eur',
          customer_email: member.email,
          parent: {
            subscription_details: { subscription: sub, metadata: { tesseraAppId: appId, tesseraUserId: member.id } },
          },
          lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 60 * 86_400 } }] },
        },
      },
    };
    const payload = JSON.stringify(event);
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.request('POST', path, {
            rawBody: payload,
            headers: { 'stripe-signature': stripe.sign(payload, account.webhookSecret) },
          })
        ).status,
      ).toBe(200);
    const [day] = await repo.revenuePerDay(appId, WEEK_AGO());
    expect(day).toMatchObject({ currency: 'eur', amount: 2400, payments: 2 });
    expect((await repo.find(appId, 'stripe', sub))!.periodEnd!.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
  });

  it('ends access at once on a refund or a dispute, records it once, and takes it off the revenue', async () => {
    const appId = await makeApp();
    await connect(appId);
    const refunded = await endUser(appId);
    const disputed = await endUser(appId);
    const refundedSub = subscriptionOf(await buy(appId, refunded));
    const disputedSub = subscriptionOf(await buy(appId, disputed));
    expect((await notes(appId, refunded.token)).status).toBe(200);

    await stripe.refund(refundedSub);
    await stripe.dispute(disputedSub);
    for (const d of account.deliveries.filter((d) => d.type.startsWith('charge.'))) await stripe.redeliver(d);
    for (const member of [refunded, disputed]) {
      expect((await notes(appId, member.token)).status).toBe(403);
      expect((await t.request('GET', `/live_api/apps/${appId}/membership`, { token: member.token })).body.active).toBe(
        false,
      );
    }
    expect(await repo.find(appId, 'stripe', refundedSub)).toMatchObject({ status: 'ended' });
    // An older subscription event arriving late does not give access back.
    const created = account.deliveries.find(
      (d) => d.type === 'checkout.session.completed' && d.payload.includes(refundedSub),
    )!;
    await stripe.redeliver(created);
    expect((await notes(appId, refunded.token)).status).toBe(403);
    // Two payments, one refund and one dispute: nothing left.
    expect(await repo.revenuePerDay(appId, WEEK_AGO())).toEqual([
      expect.objectContaining({ currency: 'eur', amount: 0, payments: 2 }),
    ]);
  });
});
