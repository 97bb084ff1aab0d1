import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { isOutboundError, safeFetch, type FetchPolicy } from '../../platform/outbound';
import type { SubscriptionStatus } from './payment-provider';

export const GUMROAD_API_URL = 'https://api.gumroad.com';

/** The fields of Gumroad's sale (GET /v2/sales/:id) that we read. */
const SaleSchema = z.looseObject({
  id: z.string(),
  email: z.string().nullish(),
  product_id: z.string().nullish(),
  product_permalink: z.string().nullish(),
  subscription_id: z.string().nullish(),
  created_at: z.string().nullish(),
  refunded: z.boolean().nullish(),
  chargedback: z.boolean().nullish(),
  /** What the buyer paid, in cents, and its currency (memberships record revenue from these). */
  price: z.number().nullish(),
  currency: z.string().nullish(),
});
export type GumroadSale = z.infer<typeof SaleSchema>;

/** A seller's product (GET /v2/products). */
const ProductSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  price: z.number().nullish(),
  currency: z.string().nullish(),
  short_url: z.string().nullish(),
  /** monthly | yearly | … for a membership; absent for a one-time product. */
  subscription_duration: z.string().nullish(),
});
export type GumroadProduct = z.infer<typeof ProductSchema>;

/** Gumroad's subscriber (GET /v2/subscribers/:id). */
const SubscriberSchema = z.looseObject({
  id: z.string(),
  product_id: z.string().nullish(),
  user_email: z.string().nullish(),
  status: z.string(),
  cancelled_at: z.string().nullish(),
  user_requested_cancellation_at: z.string().nullish(),
  ended_at: z.string().nullish(),
  failed_at: z.string().nullish(),
});
export type GumroadSubscriber = z.infer<typeof SubscriberSchema>;

/** Gumroad's subscription pings (resource subscriptions); a ping without one of these is a sale. */
export const GUMROAD_SUBSCRIPTION_PINGS: ReadonlySet<string> = new Set([
  'cancellation',
  'subscription_ended',
  'subscription_restarted',
  'subscription_updated',
]);

/**
 * When a subscription ping's change happened (part of its event id, so a replay is the same event):
 * the subscriber's end for an ended subscription, else the ping's own times, else the subscriber's.
 */
export function subscriptionPingTime(resource: string, form: Record<string, string>, subscriber: GumroadSubscriber) {
  return (
    (resource === 'subscription_ended' ? subscriber.ended_at : null) ??
    form.cancelled_at ??
    form.ended_at ??
    form.restarted_at ??
    form.updated_at ??
    subscriber.cancelled_at ??
    subscriber.user_requested_cancellation_at ??
    subscriber.ended_at ??
    new Date().toISOString()
  );
}

/** Gumroad's subscriber statuses in ours. */
export function subscriberStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'alive':
      return 'active';
    case 'pending_cancellation':
      return 'cancelled';
    case 'pending_failure':
    case 'failed_payment':
      return 'past_due';
    default:
      // cancelled, fixed_subscription_period_ended
      return 'ended';
  }
}

export interface GumroadClient {
  /** The sale, or null when Gumroad does not know it. */
  getSale(saleId: string): Promise<GumroadSale | null>;
  getSubscriber(subscriptionId: string): Promise<GumroadSubscriber | null>;
  /** The seller's products; null when Gumroad refuses the access token. */
  listProducts(): Promise<GumroadProduct[] | null>;
  /** The seller's sales of a product to one e-mail (newest first, first page). */
  findSales(productId: string, email: string): Promise<GumroadSale[]>;
}

/**
 * Gumroad's HTTP API with the seller's access token, through the outbound fetcher (public
 * addresses only; tests allow their loopback fake).
 */
export function createGumroadClient({
  accessToken,
  apiUrl = GUMROAD_API_URL,
  policy,
}: {
  accessToken: string;
  apiUrl?: string;
  policy?: FetchPolicy;
}): GumroadClient {
  const base = apiUrl.replace(/\/+$/, '');
  async function get<T>(
    path: string,
    key: string,
    schema: z.ZodType<T>,
    params: Record<string, string> = {},
  ): Promise<T | null> {
    const query = new URLSearchParams({ access_token: accessToken, ...params });
    const url = `${base}${path}?${query}`;
    let res;
    try {
      res = await safeFetch(url, { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 0, policy });
    } catch (err) {
      if (isOutboundError(err)) throw new AppError('FETCH_FAILED', 'Gumroad could not be reached, try again later');
      throw err;
    }
    if (res.status === 404) return null;
    let body: unknown;
    try {
      body = JSON.parse(res.text());
    } catch {
      body = null;
    }
    const record = body as Record<string, unknown> | null;
    if (res.ok && record?.success === true) {
      const parsed = schema.safeParse(record[key]);
      if (parsed.success) return parsed.data;
    }
    // Gumroad answers an unknown id with success: false (sometimes with a 4xx).
    if (record && record.success === false && res.status < 500) return null;
    throw new AppError('FETCH_FAILED', 'Gumroad could not be reached, try again later', { status: res.status });
  }
  return {
    getSale: (saleId) => get(`/v2/sales/${encodeURIComponent(saleId)}`, 'sale', SaleSchema),
    getSubscriber: (id) => get(`/v2/subscribers/${encodeURIComponent(id)}`, 'subscriber', SubscriberSchema),
    listProducts: () => get('/v2/products', 'products', z.array(ProductSchema)),
    findSales: async (productId, email) =>
      (await get('/v2/sales', 'sales', z.array(SaleSchema), { product_id: productId, email })) ?? [],
  };
}
