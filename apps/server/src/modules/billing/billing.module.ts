import type { Db } from '@tessera/db';
import type { Config } from '../../platform/config';
import type { AccountsService } from '../accounts';
import { createBillingRepo } from './billing.repo';
import { createBillingService } from './billing.service';
import { createGumroadClient } from './gumroad';
import { createPlans } from './plans';
import { createStripeProvider } from './stripe';

/** The plan catalogue of the configuration, with the providers whose variables are set. */
export const plansOf = (config: Config) =>
  createPlans(config.billing.plans, {
    stripe: Boolean(config.billing.stripe),
    gumroad: Boolean(config.billing.gumroad),
  });

/** Billing wired from the configuration: Stripe and Gumroad only when their variables are set. */
export function createBilling({
  config,
  db,
  accounts,
  plans,
}: {
  config: Config;
  db: Db;
  accounts: AccountsService;
  plans: ReturnType<typeof plansOf>;
}) {
  const { stripe, gumroad } = config.billing;
  return createBillingService({
    billingRepo: createBillingRepo(db, { defaultPlan: config.billing.defaultPlan, adminEmails: config.adminEmails }),
    accounts,
    plans,
    publicUrl: config.publicUrl,
    stripe: stripe ? createStripeProvider(stripe) : undefined,
    gumroad: gumroad
      ? {
          client: createGumroadClient({
            accessToken: gumroad.accessToken,
            apiUrl: gumroad.apiUrl,
            policy: config.outboundPolicy,
          }),
          pingSecret: gumroad.pingSecret,
        }
      : undefined,
  });
}
