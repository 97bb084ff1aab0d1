import type { PlanId } from '@tessera/contracts/plans';

/**
 * One interface in front of the payment providers (docs/product/accounts-and-plans.md#states-and-transitions).
 * A provider turns what it hears (a verified sale, a signed webhook, a ping it re-checked with the
 * provider's API) into SubscriptionChanges; the billing repo applies each change exactly once, the
 * newest state winning. Paid memberships of end users are meant to reuse the same shapes.
 */
export type SubscriptionStatus = 'active' | 'cancelled' | 'past_due' | 'ended';

export interface SubscriptionChange {
  provider: 'gumroad' | 'stripe' | 'admin';
  /** Unique per provider: the same id applied twice is a replay and changes nothing. */
  eventId: string;
  /** A purchase grants a plan; a status change only moves the subscription. */
  kind: 'purchase' | 'status';
  subscriptionId: string;
  /** The tier a purchase grants (null: keep what the subscription had). */
  plan: PlanId | null;
  /** The builder's account when the provider names it (Stripe's client reference, a claim). */
  accountId: string | null;
  /** The buyer's e-mail: a sale made before sign-up waits for the builder with this address. */
  email: string | null;
  customerId: string | null;
  status: SubscriptionStatus;
  cancelledAt: Date | null;
  /** When it happened at the provider: an older change than the stored state is recorded, not applied. */
  occurredAt: Date;
  /** A one-time payment (no subscription): sets hasPaidAppPackage. */
  oneTimePayment: boolean;
}

/** Starting a hosted checkout and the customer's self-service page (Stripe; Gumroad sells through plain links). */
export interface CheckoutProvider {
  startCheckout(input: {
    priceId: string;
    recurring: boolean;
    accountId: string;
    email: string;
    planId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
}

/** The tier a provider's reference sells, from the plan catalogue; null when no plan matches. */
export interface PlanResolver {
  byCardId(cardId: string): PlanId | null;
  byStripePrice(priceId: string): PlanId | null;
  byGumroadProduct(productIdOrPermalink: string): PlanId | null;
}
