import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@tessera/contracts/plans';
import { billingEvents } from '@tessera/db';
import { uniqueEmail } from '@tessera/test-utils';
import { buildGenApp } from '../../testing/factories';
import { billingTestApp, PING_SECRET } from '../../testing/billing-apps';
import { GUMROAD_PING_PATH, STRIPE_WEBHOOK_PATH } from './billing.routes';

const { t, stripe, gumroad } = await billingTestApp();
// The install's first verified account is its admin, who has every plan: the builders below are not.
await t.signUpVerified();
afterAll(async () => {
  await stripe.close();
  await gumroad.close();
});

const current = async (token: string) => (await t.request('GET', '/api/live_api/account/current', { token })).body;
const purchases = async (accountId: string) =>
  (
    await t.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.accountId, accountId), eq(billingEvents.kind, 'purchase')))
  ).length;

async function builderWithApp(email?: string) {
  const b = await t.signUpVerified(email);
  const app = await t.request('POST', '/api/apps', { token: b.token, body: buildGenApp({ name: 'Shop' }) });
  return { ...b, appId: app.body.appId as string };
}
const addText = (b: { token: string; appId: string }, text: string) =>
  t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, { token: b.token, body: { context: text } });

/** Starts a Stripe checkout for the builder and returns the fake's session. */
async function checkout(token: string, planId: string, interval: 'month' | 'year' = 'month') {
  const res = await t.request('POST', '/api/billing/checkout', { token, body: { planId, interval } });
  expect(res.status).toBe(200);
  const id = new URL(res.body.url).pathname.split('/').pop()!;
  return stripe.sessions.get(id)!;
}

describe('plan catalogue', () => {
  it('serves the plan cards to anyone, in order, with their checkout and limits', async () => {
    const res = await t.request('GET', '/api/live_api/app/paidPlans?appId=any');
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p: any) => p.id)).toEqual(['free', 'discover', 'explorer', 'monetizer', 'moon']);
    const explorer = res.body.plans[2];
    expect(explorer).toMatchObject({ name: 'Explorer', price: 19, priceYearly: 190, discuountedPrice: null });
    expect(explorer.checkout).toEqual({ stripe: true, gumroad: true });
    expect(explorer.link).toBe(`${gumroad.baseUrl}/l/explorer`);
    expect(explorer.limits.maxDataItems).toBe(5);
    expect(res.body.plans[0].checkout).toEqual({ stripe: false, gumroad: false });
    // Provider ids stay on the server.
    expect(JSON.stringify(res.body)).not.toContain('price_explorer');
  });
});

describe('Stripe checkout', () => {
  it('a lite builder buys a plan and its limits apply at once', async () => {
    const b = await builderWithApp();
    expect((await addText(b, 'first')).status).toBe(200);
    const refused = await addText(b, 'second');
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.upgradeReason).toBe('free_data_items_limit');

    const session = await checkout(b.token, 'explorer', 'year');
    expect(session.line_items[0].price).toBe('price_explorer_y');
    expect(session.client_reference_id).toBe(b.accountId);
    expect(session.customer_email).toBe(b.email);
    await stripe.pay(session.id);

    const account = await current(b.token);
    expect(account).toMatchObject({ plan: 'explorer', planSubscriptionStatus: 'active', hasBusinessInfo: true });
    expect(account.subscriptionId).toBe(session.subscription);
    expect((await addText(b, 'second')).status).toBe(200);
  });

  it('replayed webhooks grant the plan once; a cancellation moves the account to cancelled with its date', async () => {
    const b = await t.signUpVerified();
    const session = await checkout(b.token, 'monetizer');
    const before = stripe.deliveries.length;
    await stripe.pay(session.id);
    const sent = stripe.deliveries.slice(before);
    for (const d of [...sent, ...sent]) expect(((await stripe.redeliver(d)) as any).status).toBe(200);
    expect(await purchases(b.accountId)).toBe(1);

    await stripe.cancel(session.subscription);
    const cancelled = await current(b.token);
    expect(cancelled).toMatchObject({ plan: 'monetizer', planSubscriptionStatus: 'cancelled' });
    expect(Date.parse(cancelled.planSubscriptionCancelledAt)).toBeGreaterThan(Date.now() - 60_000);

    await stripe.end(session.subscription);
    expect(await current(b.token)).toMatchObject({ plan: 'lite', planSubscriptionStatus: 'ended' });
  });

  it('out of order: an older event arriving after a newer one does not undo it', async () => {
    const b = await t.signUpVerified();
    const session = await checkout(b.token, 'explorer');
    const held: Array<{ payload: string; signature: string }> = [];
    stripe.deliver = async (payload, signature) => held.push({ payload, signature });
    await stripe.pay(session.id);
    // Stripe stamps events by the second: make the cancellation visibly later.
    await new Promise((r) => setTimeout(r, 1100));
    await stripe.cancel(session.subscription);
    stripe.deliver = (payload, signature) =>
      t.request('POST', STRIPE_WEBHOOK_PATH, { rawBody: payload, headers: { 'stripe-signature': signature } });
    for (const d of held.reverse()) await stripe.deliver(d.payload, d.signature);
    expect(await current(b.token)).toMatchObject({ plan: 'explorer', planSubscriptionStatus: 'cancelled' });
  });

  it('the first events of one subscription delivered at once all apply (no collision)', async () => {
    const b = await t.signUpVerified();
    const session = await checkout(b.token, 'monetizer');
    const held: Array<{ payload: string; signature: string }> = [];
    stripe.deliver = async (payload, signature) => held.push({ payload, signature });
    await stripe.pay(session.id);
    stripe.deliver = (payload, signature) =>
      t.request('POST', STRIPE_WEBHOOK_PATH, { rawBody: payload, headers: { 'stripe-signature': signature } });
    const answers = await Promise.all(held.map((d) => stripe.deliver!(d.payload, d.signature)));
    expect(answers.map((a: any) => a.status)).toEqual(held.map(() => 200));
    expect(await current(b.token)).toMatchObject({ plan: 'monetizer', planSubscriptionStatus: 'active' });
  });

  it('refuses a forged or tampered signature and changes nothing', async () => {
    const b = await t.signUpVerified();
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_forged',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          client_reference_id: b.accountId,
          metadata: { planId: 'moon', accountId: b.accountId },
          subscription: 'sub_forged',
        },
      },
    });
    const post = (signature?: string, body = forged) =>
      t.request('POST', STRIPE_WEBHOOK_PATH, {
        rawBody: body,
        headers: signature ? { 'stripe-signature': signature } : {},
      });
    const wrongKey = await post(stripe.sign(forged, 'whsec_not_the_secret'));
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.error.message).toBe('Invalid Stripe signature');
    expect((await post()).status).toBe(400);
    const signed = stripe.sign(forged);
    expect((await post(signed, forged.replace('"moon"', '"moon" '))).status).toBe(400);
    const stale = stripe.sign(forged, stripe.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect((await post(stale)).status).toBe(400);
    expect((await current(b.token)).plan).toBe('lite');
  });

  it('checkout errors: unknown plan, free plan, no auth; the portal needs a Stripe customer', async () => {
    const b = await t.signUpVerified();
    const ask = (body: unknown, token: string | null = b.token) =>
      t.request('POST', '/api/billing/checkout', { token: token ?? undefined, body });
    expect((await ask({ planId: 'nope' })).body.error.message).toBe(BILLING_MESSAGES.planNotOffered);
    expect((await ask({ planId: 'free' })).body.error.message).toBe(BILLING_MESSAGES.freePlan);
    expect((await ask({ planId: 'explorer' }, null)).status).toBe(401);
    expect((await ask({ planId: 'explorer', interval: 'weekly' })).status).toBe(400);
    expect((await ask({ planId: 'x\u0000' })).status).toBe(400);
    expect((await ask({ planId: 'explorer', __proto__: { admin: true } })).status).toBeLessThan(500);

    expect((await t.request('GET', '/api/billing/subscription', { token: b.token })).body).toEqual({
      provider: null,
      canManageBilling: false,
    });
    const noCustomer = await t.request('POST', '/api/billing/portal', { token: b.token });
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body.error.message).toBe(BILLING_MESSAGES.noStripeCustomer);
    await stripe.pay((await checkout(b.token, 'explorer')).id);
    expect((await t.request('GET', '/api/billing/subscription', { token: b.token })).body).toEqual({
      provider: 'stripe',
      canManageBilling: true,
    });
    const portal = await t.request('POST', '/api/billing/portal', { token: b.token });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.baseUrl}/p/`));
  });

  it('concurrent upgrades of one account end on the highest plan with both subscriptions kept', async () => {
    const b = await t.signUpVerified();
    const [a, c] = [await checkout(b.token, 'explorer'), await checkout(b.token, 'moon')];
    await Promise.all([stripe.pay(a.id), stripe.pay(c.id)]);
    expect(await current(b.token)).toMatchObject({ plan: 'moon', planSubscriptionStatus: 'active' });
    expect(await purchases(b.accountId)).toBe(2);
    // The first subscription ending leaves the higher one in charge.
    await stripe.end(a.subscription);
    expect((await current(b.token)).plan).toBe('moon');
  });
});

describe('Gumroad', () => {
  const ping = (fields: Record<string, string>, secret = PING_SECRET) =>
    t.request('POST', `${GUMROAD_PING_PATH}?secret=${encodeURIComponent(secret)}`, {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('a sale ping grants the plan once, however often it is replayed; the claim of the same sale is idempotent', async () => {
    const b = await builderWithApp();
    const sale = await gumroad.buy('explorer', b.email.toUpperCase());
    expect(await current(b.token)).toMatchObject({ plan: 'explorer', planSubscriptionStatus: 'active' });
    const last = gumroad.pings.at(-1)!;
    for (let i = 0; i < 3; i++) expect(((await gumroad.replay(last)) as any).status).toBe(200);
    const claim = await t.request('POST', '/api/billing/gumroad/claim', { token: b.token, body: { saleId: sale.id } });
    expect(claim.status).toBe(200);
    expect(claim.body.plan).toBe('explorer');
    expect(await purchases(b.accountId)).toBe(1);
    expect((await addText(b, 'one')).status).toBe(200);
    expect((await addText(b, 'two')).status).toBe(200);
  });

  it('a buyer who signs up afterwards gets the plan once they confirm the address they bought with', async () => {
    const email = uniqueEmail('buyer');
    const sale = await gumroad.buy('moon', email);
    const b = await t.signUp(email);
    const created = await t.request('POST', `/api/live_api/account/create?sale_id=${encodeURIComponent(sale.id)}`, {
      token: b.token,
    });
    expect(created.status).toBe(200);
    // Anyone can sign up with a buyer's address: the sale waits for the address to be proved.
    expect((await current(b.token)).plan).toBe('lite');
    expect((await t.follow(await t.mailLink(email, 'verifyEmail'))).status).toBe(302);
    expect((await current(b.token)).plan).toBe('moon');
  });

  it("gives a sale only to the builder who proved the buyer's address, whoever shows its id first", async () => {
    const email = uniqueEmail('buyer');
    // A squatter signs up with the buyer's address before the purchase and never confirms it.
    const squatter = await t.signUp(email);
    await t.request('POST', '/api/live_api/account/create', { token: squatter.token });
    const sale = await gumroad.buy('explorer', email);
    expect((await current(squatter.token)).plan).toBe('lite');
    const squat = await t.request('POST', '/api/billing/gumroad/claim', {
      token: squatter.token,
      body: { saleId: sale.id },
    });
    expect(squat.status).toBe(200);
    expect(squat.body.plan).toBe('lite');
    // A verified builder with another address who got hold of the id first.
    const thief = await t.signUpVerified();
    const stolen = await t.request('POST', '/api/billing/gumroad/claim', {
      token: thief.token,
      body: { saleId: sale.id },
    });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error.message).toBe(BILLING_MESSAGES.saleOfAnotherEmail);
    expect((await current(thief.token)).plan).toBe('lite');
    expect((await current(squatter.token)).plan).toBe('lite');
  });

  it('a wrong sale is refused at claim and at account creation', async () => {
    const b = await t.signUp();
    const created = await t.request('POST', '/api/live_api/account/create', {
      token: b.token,
      body: { saleId: 'no-such-sale' },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe(BILLING_MESSAGES.saleNotFound);
    const claim = await t.request('POST', '/api/billing/gumroad/claim', { token: b.token, body: { saleId: 'nope' } });
    expect(claim.body.error.message).toBe(BILLING_MESSAGES.saleNotFound);
    expect((await current(b.token)).plan).toBe('lite');
  });

  it("another builder's sale is refused", async () => {
    const owner = await t.signUpVerified();
    const sale = await gumroad.buy('explorer', owner.email);
    const thief = await t.signUpVerified();
    const claim = await t.request('POST', '/api/billing/gumroad/claim', {
      token: thief.token,
      body: { saleId: sale.id },
    });
    expect(claim.status).toBe(403);
    expect(claim.body.error.message).toBe(BILLING_MESSAGES.saleOfAnotherEmail);
    expect((await current(thief.token)).plan).toBe('lite');
  });

  it('a cancellation ping moves the account to cancelled with its date; an older ping after the end changes nothing', async () => {
    const b = await t.signUpVerified();
    const sale = await gumroad.buy('explorer', b.email);
    await gumroad.cancel(sale.subscription_id!);
    const cancelledPing = gumroad.pings.at(-1)!;
    const account = await current(b.token);
    expect(account).toMatchObject({ plan: 'explorer', planSubscriptionStatus: 'cancelled' });
    expect(account.planSubscriptionCancelledAt).toBe(gumroad.subscribers.get(sale.subscription_id!)!.cancelled_at);

    await new Promise((r) => setTimeout(r, 5));
    await gumroad.end(sale.subscription_id!);
    expect(await current(b.token)).toMatchObject({ plan: 'lite', planSubscriptionStatus: 'ended' });
    // The older cancellation delivered again, and a fresh-looking copy of it: the end stands.
    await gumroad.replay(cancelledPing);
    await ping({ ...cancelledPing.fields, cancelled_at: '2001-01-01T00:00:00Z' });
    expect(await current(b.token)).toMatchObject({ plan: 'lite', planSubscriptionStatus: 'ended' });
  });

  it('refuses a ping with a wrong secret and a forged sale; a ping cannot invent a state', async () => {
    const b = await t.signUpVerified();
    expect((await ping({ sale_id: 'x' }, 'wrong-secret-0123456789')).status).toBe(401);
    expect((await ping({ sale_id: 'invented', email: b.email, product_id: 'prod_moon' })).status).toBe(400);
    expect((await ping({ __proto__: 'x', constructor: 'y' } as any)).status).toBe(400);
    const sale = await gumroad.buy('explorer', b.email);
    // A forged cancellation of a live membership: Gumroad's API says it is alive.
    await ping({
      resource_name: 'cancellation',
      subscription_id: sale.subscription_id!,
      cancelled_at: new Date().toISOString(),
    });
    expect(await current(b.token)).toMatchObject({ plan: 'explorer', planSubscriptionStatus: 'active' });
  });

  it('concurrent claims and pings of one sale grant one entitlement', async () => {
    const b = await t.signUpVerified();
    gumroad.deliver = async () => undefined; // hold the ping
    const sale = await gumroad.buy('moon', b.email);
    const held = gumroad.pings.at(-1)!;
    gumroad.deliver = (form) =>
      t.request('POST', `${GUMROAD_PING_PATH}?secret=${PING_SECRET}`, {
        rawBody: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const claim = () => t.request('POST', '/api/billing/gumroad/claim', { token: b.token, body: { saleId: sale.id } });
    const results = await Promise.all([claim(), gumroad.replay(held), claim(), gumroad.replay(held)]);
    expect(results.map((r: any) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await purchases(b.accountId)).toBe(1);
    expect((await current(b.token)).plan).toBe('moon');
  });
});
