// Builder plans (docs/product/accounts-and-plans.md): the operator's catalogue, whose limits every
// plan gate reads, checkout with Stripe or Gumroad, the providers' callbacks and plans set by hand.
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { AccountsModule } from '../accounts';
import { createBilling, plansOf } from './billing.module';
import { billingRoutes } from './billing.routes';

export interface BillingModuleDeps {
  signedIn: SignedIn;
  /** The accounts module: whose plan changes, and where a sale id given at sign-up is claimed. */
  accounts: Pick<AccountsModule, 'accounts' | 'claimSalesWith'>;
  /** Registers what runs when a builder confirms their address (the auth module's). */
  onEmailVerified: (listener: (user: SessionUser) => Promise<void>) => void;
}

/** Builds the billing module: the plan catalogue, its routes and the admins' plan by hand. */
export function createBillingModule(platform: Platform, { signedIn, accounts, onEmailVerified }: BillingModuleDeps) {
  const { config, db } = platform;
  const plans = plansOf(config);
  const billing = createBilling({ config, db, accounts: accounts.accounts, plans });
  // A Gumroad sale bought before signing up gives its plan once the buyer's address is theirs.
  if (billing.gumroadEnabled) {
    accounts.claimSalesWith((user, saleId) => billing.claimGumroadSale(user, saleId));
    onEmailVerified((user) => billing.claimSalesOfVerified(user));
  }
  return { plans, routes: billingRoutes({ billing, signedIn }), setPlanByHand: billing.setPlanByHand };
}

export {
  createGumroadClient,
  GUMROAD_SUBSCRIPTION_PINGS,
  subscriberStatus,
  subscriptionPingTime,
  type GumroadClient,
  type GumroadProduct,
  type GumroadSale,
  type GumroadSubscriber,
} from './gumroad';
export { stripeClient, stripeStatus } from './stripe';
export { GUMROAD_PING_PATH, STRIPE_WEBHOOK_PATH } from './billing.routes';
