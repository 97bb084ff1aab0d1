import Stripe from 'stripe';
import { MEMBERSHIP_MESSAGES, type MembershipProduct } from '@tessera/contracts/memberships';
import { AppError } from '../../platform/errors';
import { stripeClient } from '../billing';

/** The events a builder's Stripe webhook endpoint sends for paid memberships (docs/product/memberships.md#stripe). */
export const STRIPE_MEMBERSHIP_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/** Our metadata on a membership's Checkout session and subscription: whose app and end user it is. */
export interface MembershipMetadata {
  tesseraAppId: string;
  tesseraUserId: string;
}

/** A recurring price as a product end users buy; null for prices paid other than once a month or a year. */
export function productOfPrice(price: Stripe.Price): MembershipProduct | null {
  const recurring = price.recurring;
  if (!recurring || recurring.interval_count !== 1 || (recurring.interval !== 'month' && recurring.interval !== 'year'))
    return null;
  const product = typeof price.product === 'object' && !price.product.deleted ? price.product : null;
  const name = [product?.name, price.nickname].filter(Boolean).join(' – ') || price.id;
  return {
    id: price.id,
    name,
    price: price.unit_amount ?? 0,
    currency: price.currency.toLowerCase(),
    recurrence: recurring.interval === 'month' ? 'monthly' : 'yearly',
  };
}

/** Stripe's answer to a refused key (wrong, revoked, or a restricted key without the permission). */
const isKeyRefused = (err: unknown) =>
  err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError;

/** Any other Stripe failure as ours: their message for a refused request, "try again" when unreachable. */
function stripeFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  if (err instanceof Stripe.errors.StripeInvalidRequestError)
    throw new AppError('BAD_REQUEST', err.message || MEMBERSHIP_MESSAGES.stripeConnectFailed);
  throw new AppError('FETCH_FAILED', 'Stripe could not be reached, try again later');
}

/**
 * A builder's Stripe account with their secret key, through billing's client (stripe.ts): their
 * recurring prices, Checkout sessions of a membership, and what webhooks need read back.
 */
export function createMembershipStripe({ secretKey, apiUrl }: { secretKey: string; apiUrl?: string }) {
  const stripe = stripeClient({ secretKey, apiUrl });
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (isKeyRefused(err)) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeKeyRejected);
      return stripeFailure(err);
    }
  };
  const orNull = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      if (isKeyRefused(err)) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeKeyRejected);
      return stripeFailure(err);
    }
  };

  return {
    /** The account's active monthly and yearly prices, with their products' names. */
    async listProducts(): Promise<MembershipProduct[]> {
      const prices = await call(() =>
        stripe.prices.list({ active: true, type: 'recurring', expand: ['data.product'], limit: 100 }),
      );
      return prices.data.map(productOfPrice).filter((p) => p !== null);
    },

    /** A Checkout session for one end user (mode subscription), coming back to the paywall. */
    async createCheckout(input: {
      priceId: string;
      email: string;
      metadata: MembershipMetadata;
      successUrl: string;
      cancelUrl: string;
    }): Promise<string> {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: input.priceId, quantity: 1 }],
          customer_email: input.email,
          client_reference_id: input.metadata.tesseraUserId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: { ...input.metadata },
          subscription_data: { metadata: { ...input.metadata } },
        }),
      );
      if (!session.url) throw new AppError('FETCH_FAILED', 'Stripe did not return a checkout page, try again later');
      return session.url;
    },

    getSession: (sessionId: string) => orNull(() => stripe.checkout.sessions.retrieve(sessionId)),
    getCharge: (chargeId: string) => orNull(() => stripe.charges.retrieve(chargeId)),
    /** The customer's subscriptions, newest first (a refund names the customer, not the subscription). */
    subscriptionsOf: async (customerId: string) =>
      (await call(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }))).data,

    /** The event of a webhook signed with the app's signing secret; a missing or forged signature is a 400. */
    verifyWebhook(rawBody: string, signature: string | undefined, webhookSecret: string): Stripe.Event {
      if (!signature) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeBadSignature);
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeBadSignature);
      }
    },
  };
}

export type MembershipStripe = ReturnType<typeof createMembershipStripe>;
