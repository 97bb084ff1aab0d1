import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '@tessera/contracts/plans';
import { startFakeGumroad, startFakeStripe } from '@tessera/test-utils';
import { createTestApp } from './harness';
import { GUMROAD_PING_PATH, STRIPE_WEBHOOK_PATH } from '../modules/billing';

export const PING_SECRET = 'ping-secret-0123456789abcdef';

/** The default catalogue with Stripe prices and Gumroad products, plus a 'Discover' card. */
export function testCatalogue(gumroadBase: string): PlanCatalogue {
  const [free, explorer, monetizer, moon] = DEFAULT_PLAN_CATALOGUE.plans;
  return {
    plans: [
      free!,
      {
        ...explorer!,
        id: 'discover',
        name: 'Discover',
        price: 9,
        priceYearly: null,
        stripePriceMonthly: 'price_discover',
      },
      {
        ...explorer!,
        stripePriceMonthly: 'price_explorer_m',
        stripePriceYearly: 'price_explorer_y',
        gumroadProductId: 'prod_explorer',
        link: `${gumroadBase}/l/explorer`,
      },
      { ...monetizer!, stripePriceMonthly: 'price_monetizer_m' },
      {
        ...moon!,
        stripePriceMonthly: 'price_moon_m',
        gumroadProductId: 'prod_moon',
        link: `${gumroadBase}/l/moon`,
      },
    ],
  };
}

/** A test app with both providers pointed at their fakes, whose webhooks and pings land in-process. */
export async function billingTestApp() {
  const stripe = await startFakeStripe();
  const gumroad = await startFakeGumroad();
  const dir = mkdtempSync(join(tmpdir(), 'tessera-plans-'));
  const plansFile = join(dir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify(testCatalogue(gumroad.baseUrl)));
  const t = await createTestApp({
    PLANS_FILE: plansFile,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.baseUrl,
    GUMROAD_ACCESS_TOKEN: gumroad.accessToken,
    GUMROAD_PING_SECRET: PING_SECRET,
    GUMROAD_API_URL: gumroad.baseUrl,
    OUTBOUND_TEST_ALLOW_HOSTS: new URL(gumroad.baseUrl).host,
  });
  stripe.deliver = (payload, signature) =>
    t.request('POST', STRIPE_WEBHOOK_PATH, { rawBody: payload, headers: { 'stripe-signature': signature } });
  gumroad.deliver = (form) =>
    t.request('POST', `${GUMROAD_PING_PATH}?secret=${PING_SECRET}`, {
      rawBody: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  return { t, stripe, gumroad, plansFile };
}
