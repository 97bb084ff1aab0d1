import type Stripe from 'stripe';
import type { MembershipProduct, MembershipProvider } from '@tessera/contracts/memberships';
import {
  stripeStatus,
  subscriberStatus,
  subscriptionPingTime,
  type GumroadSale,
  type GumroadSubscriber,
} from '../billing';
import type { MembershipStripe } from './memberships-stripe';
import type { MembershipChange } from './memberships.repo';

/**
 * What the providers tell (a Gumroad sale or subscriber, a Stripe Checkout session or event) as the
 * membership changes `repo.apply` applies exactly once (docs/product/memberships.md). Each change's
 * event id is stable, so the same fact arriving twice — a replayed ping, a webhook and the paywall's
 * own check — is one change.
 */

/** A connected product as stored in the app's settings (`paidMembershipsProduct`); no provider: Gumroad. */
export type StoredProduct = MembershipProduct & { checkoutUrl?: string; provider?: MembershipProvider };

const PERIOD_MONTHS = { monthly: 1, yearly: 12 } as const;
const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};
const dateOr = (value: string | null | undefined, fallback: Date): Date => {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(+d) ? d : fallback;
};
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
const periodEndOf = (sub: Stripe.Subscription) => fromUnix(sub.items?.data?.[0]?.current_period_end);

/** The sale is of the app's product (by id or permalink): another product of the seller is not the app's. */
export const isOfProduct = (sale: GumroadSale, product: StoredProduct) =>
  sale.product_id === product.id || sale.product_permalink === product.id;

/** A verified Gumroad sale of the app's product: its payment, then (refunded or charged back) the refund that ends it. */
export function gumroadSaleChanges(
  appId: string,
  product: StoredProduct,
  sale: GumroadSale,
  appUserId: string | null,
): MembershipChange[] {
  const occurredAt = dateOr(sale.created_at, new Date());
  const months = product.recurrence ? PERIOD_MONTHS[product.recurrence] : null;
  const payment: MembershipChange = {
    appId,
    provider: 'gumroad',
    eventId: `sale:${sale.id}`,
    subscriptionId: sale.subscription_id ?? `sale:${sale.id}`,
    kind: 'payment',
    amount: sale.price ?? product.price,
    currency: sale.currency ?? product.currency,
    appUserId,
    email: sale.email ?? null,
    productId: sale.product_id ?? product.id,
    status: 'active',
    periodEnd: months && sale.subscription_id ? addMonths(occurredAt, months) : null,
    cancelledAt: null,
    occurredAt,
  };
  if (!sale.refunded && !sale.chargedback) return [payment];
  const refund: MembershipChange = {
    ...payment,
    eventId: `${sale.chargedback ? 'dispute' : 'refund'}:${sale.id}`,
    kind: 'refund',
    status: 'ended',
    periodEnd: null,
    // Gumroad's sale does not say when it was refunded: the refund is as new as our hearing of it.
    occurredAt: new Date(),
  };
  return [payment, refund];
}

/** A Gumroad subscription ping, as the subscriber reads back from Gumroad now. */
export function gumroadSubscriberChange(
  appId: string,
  resource: string,
  form: Record<string, string>,
  subscriber: GumroadSubscriber,
): MembershipChange {
  const cancelledAt = subscriber.cancelled_at ?? subscriber.user_requested_cancellation_at ?? null;
  const stamp = subscriptionPingTime(resource, form, subscriber);
  return {
    appId,
    provider: 'gumroad',
    eventId: `${resource}:${subscriber.id}:${stamp}`,
    subscriptionId: subscriber.id,
    kind: 'status',
    amount: null,
    currency: null,
    appUserId: null,
    email: subscriber.user_email ?? null,
    productId: subscriber.product_id ?? null,
    status: subscriberStatus(subscriber.status),
    periodEnd: null,
    cancelledAt: cancelledAt ? dateOr(cancelledAt, new Date()) : null,
    occurredAt: dateOr(stamp, new Date()),
  };
}

/** A paid Checkout session of this app's price (its metadata names the app). */
export const isAppSession = (appId: string, session: Stripe.Checkout.Session) =>
  session.metadata?.tesseraAppId === appId &&
  session.mode === 'subscription' &&
  (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

/** A paid Checkout session as a payment (the webhook and the paywall's check: one event). */
export function stripeSessionChange(
  appId: string,
  product: StoredProduct,
  session: Stripe.Checkout.Session,
): MembershipChange {
  const occurredAt = fromUnix(session.created) ?? new Date();
  const months = product.recurrence ? PERIOD_MONTHS[product.recurrence] : 1;
  return {
    appId,
    provider: 'stripe',
    eventId: `checkout:${session.id}`,
    subscriptionId: idOf(session.subscription) ?? session.id,
    kind: 'payment',
    amount: session.amount_total ?? product.price,
    currency: session.currency ?? product.currency,
    appUserId: session.client_reference_id ?? session.metadata?.tesseraUserId ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    productId: product.id,
    status: 'active',
    periodEnd: addMonths(occurredAt, months),
    cancelledAt: null,
    occurredAt,
  };
}

/** A refund or dispute of one of the customer's charges: ends their subscription to this app at once. */
async function stripeRefundChanges(
  appId: string,
  stripe: MembershipStripe,
  event: Stripe.Event,
  charge: { customer: string | { id: string } | null; amount: number; currency: string },
): Promise<MembershipChange[]> {
  const customerId = idOf(charge.customer);
  const subs = customerId ? await stripe.subscriptionsOf(customerId) : [];
  const sub = subs.find((s) => s.metadata?.tesseraAppId === appId);
  if (!sub) return [];
  return [
    {
      appId,
      provider: 'stripe',
      eventId: event.id,
      subscriptionId: sub.id,
      kind: 'refund',
      amount: charge.amount,
      currency: charge.currency,
      appUserId: sub.metadata?.tesseraUserId ?? null,
      email: null,
      productId: sub.items?.data?.[0]?.price?.id ?? null,
      status: 'ended',
      periodEnd: null,
      cancelledAt: fromUnix(event.created),
      occurredAt: fromUnix(event.created) ?? new Date(),
    },
  ];
}

/** One verified Stripe event of the app's account; events of other apps and products give nothing. */
export async function stripeEventChanges(
  appId: string,
  product: StoredProduct,
  stripe: MembershipStripe,
  event: Stripe.Event,
): Promise<MembershipChange[]> {
  const occurredAt = fromUnix(event.created) ?? new Date();
  switch (event.type) {
    case 'checkout.session.completed':
      return isAppSession(appId, event.data.object) ? [stripeSessionChange(appId, product, event.data.object)] : [];
    case 'invoice.paid': {
      // The first invoice is the Checkout session's payment; this records the renewals.
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      if (invoice.billing_reason !== 'subscription_cycle' || details?.metadata?.tesseraAppId !== appId) return [];
      const subscriptionId = idOf(details.subscription);
      if (!subscriptionId) return [];
      return [
        {
          appId,
          provider: 'stripe',
          eventId: `invoice:${invoice.id}`,
          subscriptionId,
          kind: 'payment',
          amount: invoice.amount_paid,
          currency: invoice.currency,
          appUserId: details.metadata?.tesseraUserId ?? null,
          email: invoice.customer_email ?? null,
          productId: product.id,
          status: 'active',
          periodEnd: fromUnix(invoice.lines?.data?.[0]?.period?.end),
          cancelledAt: null,
          occurredAt,
        },
      ];
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      if (sub.metadata?.tesseraAppId !== appId) return [];
      const status = event.type === 'customer.subscription.deleted' ? 'ended' : stripeStatus(sub);
      return [
        {
          appId,
          provider: 'stripe',
          eventId: event.id,
          subscriptionId: sub.id,
          kind: 'status',
          amount: null,
          currency: null,
          appUserId: sub.metadata?.tesseraUserId ?? null,
          email: null,
          productId: sub.items?.data?.[0]?.price?.id ?? null,
          status,
          // Cancelled at the period's end: access runs until then.
          periodEnd: status === 'cancelled' ? periodEndOf(sub) : null,
          cancelledAt: fromUnix(sub.canceled_at),
          occurredAt,
        },
      ];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const before = (event.data.previous_attributes as { amount_refunded?: number } | undefined)?.amount_refunded;
      const amount = charge.amount_refunded - (before ?? 0);
      return stripeRefundChanges(appId, stripe, event, {
        customer: charge.customer,
        amount,
        currency: charge.currency,
      });
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const charge = typeof dispute.charge === 'string' ? await stripe.getCharge(dispute.charge) : dispute.charge;
      if (!charge) return [];
      return stripeRefundChanges(appId, stripe, event, {
        customer: charge.customer,
        amount: dispute.amount,
        currency: dispute.currency,
      });
    }
    default:
      return [];
  }
}
