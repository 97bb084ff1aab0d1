import Stripe from 'stripe';
import { AppError } from '../../platform/errors';
import type { CheckoutProvider, PlanResolver, SubscriptionChange, SubscriptionStatus } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (an egress proxy, or the tests' fake on loopback). */
  apiUrl?: string;
}

/** The official client, pointed at STRIPE_API_URL when set (plans, and builders' keys for paid memberships). */
export function stripeClient({ secretKey, apiUrl }: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port) || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

/** Stripe's subscription statuses in ours; a subscription set to end with its period is cancelled. */
export function stripeStatus(sub: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>): SubscriptionStatus {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancel_at_period_end ? 'cancelled' : 'active';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
    case 'paused':
      return 'past_due';
    default:
      return 'ended';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface StripeProvider extends CheckoutProvider {
  /** The event of a webhook whose signature verifies with STRIPE_WEBHOOK_SECRET; else a 400. */
  verifyWebhook(rawBody: string, signature: string | undefined): Stripe.Event;
  /** What the event changes; null for events that do not concern plans. */
  changeOf(event: Stripe.Event, plans: PlanResolver): SubscriptionChange | null;
}

/** Stripe Checkout sessions, the customer portal and signed webhooks (docs/product/accounts-and-plans.md#calls). */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = stripeClient(settings);
  return {
    async startCheckout({ priceId, recurring, accountId, email, planId, successUrl, cancelUrl }) {
      const metadata = { accountId, planId };
      const session = await stripe.checkout.sessions.create({
        mode: recurring ? 'subscription' : 'payment',
        line_items: [{ price: priceId, quantity: 1 }],
        client_reference_id: accountId,
        customer_email: email,
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata,
        ...(recurring ? { subscription_data: { metadata } } : {}),
      });
      if (!session.url) throw new AppError('FETCH_FAILED', 'Stripe did not return a checkout page, try again later');
      return { url: session.url };
    },

    async portalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return portal.url;
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
      }
    },

    changeOf(event, plans) {
      const occurredAt = new Date(event.created * 1000);
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
        const cardId = session.metadata?.planId;
        return {
          provider: 'stripe',
          eventId: event.id,
          kind: 'purchase',
          subscriptionId: idOf(session.subscription) ?? session.id,
          plan: cardId ? plans.byCardId(cardId) : null,
          accountId: session.client_reference_id ?? session.metadata?.accountId ?? null,
          email: session.customer_details?.email ?? session.customer_email ?? null,
          customerId: idOf(session.customer),
          status: 'active',
          cancelledAt: null,
          occurredAt,
          oneTimePayment: session.mode === 'payment',
        };
      }
      if (
        event.type === 'customer.subscription.created' ||
        event.type === 'customer.subscription.updated' ||
        event.type === 'customer.subscription.deleted'
      ) {
        const sub = event.data.object;
        const priceId = sub.items?.data?.[0]?.price?.id;
        const status = event.type === 'customer.subscription.deleted' ? 'ended' : stripeStatus(sub);
        return {
          provider: 'stripe',
          eventId: event.id,
          kind: 'status',
          subscriptionId: sub.id,
          plan:
            (priceId ? plans.byStripePrice(priceId) : null) ??
            (sub.metadata?.planId ? plans.byCardId(sub.metadata.planId) : null),
          accountId: sub.metadata?.accountId ?? null,
          email: null,
          customerId: idOf(sub.customer),
          status,
          cancelledAt: sub.canceled_at ? new Date(sub.canceled_at * 1000) : null,
          occurredAt,
          oneTimePayment: false,
        };
      }
      return null;
    },
  };
}
