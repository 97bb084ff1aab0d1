import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '@tessera/contracts/plans';

/**
 * The fake payment providers of the e2e install (support/fake-payments-server.ts) and what the
 * server is told about them: the same keys on both sides, a plan catalogue whose cards sell
 * through them.
 */
export const E2E_STRIPE = {
  secretKey: 'sk_test_e2e0123456789abcdef',
  webhookSecret: 'whsec_e2e0123456789abcdef0123456789',
};
/** A builder's own Stripe account on the same fake (paid memberships): its key, and a monthly price in euros. */
export const E2E_MEMBERSHIP_STRIPE = {
  secretKey: 'rk_test_e2emembers0123456789',
  webhookSecret: 'whsec_e2emembers0123456789abcdef',
  price: {
    id: 'price_club_pro_m',
    product: { id: 'prod_club_pro', name: 'Club Pro' },
    unit_amount: 1200,
    currency: 'eur',
    recurring: { interval: 'month' as const, interval_count: 1 },
    active: true,
  },
};
export const E2E_GUMROAD = {
  accessToken: 'gr_e2e0123456789abcdef0123456789',
  pingSecret: 'e2e-ping-secret-0123456789abcdef',
};

/** Writes the catalogue the server loads (PLANS_FILE): Stripe prices and Gumroad products on the fakes. */
export function writeE2ePlans(dataDir: string, gumroadBase: string): string {
  const [free, explorer, monetizer, moon] = DEFAULT_PLAN_CATALOGUE.plans;
  const catalogue: PlanCatalogue = {
    plans: [
      free!,
      {
        ...explorer!,
        stripePriceMonthly: 'price_explorer_m',
        stripePriceYearly: 'price_explorer_y',
        gumroadProductId: 'prod_explorer',
        link: `${gumroadBase}/l/explorer`,
      },
      { ...monetizer!, stripePriceMonthly: 'price_monetizer_m', stripePriceYearly: 'price_monetizer_y' },
      { ...moon!, stripePriceMonthly: 'price_moon_m', gumroadProductId: 'prod_moon', link: `${gumroadBase}/l/moon` },
    ],
  };
  const file = join(dataDir, 'e2e-plans.json');
  writeFileSync(file, JSON.stringify(catalogue, null, 2));
  return file;
}

/** The server's environment for the fakes. */
export function paymentsEnv({
  dataDir,
  stripePort,
  gumroadPort,
}: {
  dataDir: string;
  stripePort: number;
  gumroadPort: number;
}): Record<string, string> {
  const gumroadBase = `http://127.0.0.1:${gumroadPort}`;
  return {
    PLANS_FILE: writeE2ePlans(dataDir, gumroadBase),
    STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    GUMROAD_ACCESS_TOKEN: E2E_GUMROAD.accessToken,
    GUMROAD_PING_SECRET: E2E_GUMROAD.pingSecret,
    GUMROAD_API_URL: gumroadBase,
  };
}
