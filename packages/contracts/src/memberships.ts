import { z } from 'zod';

export { MEMBERSHIP_MESSAGES, formatMembershipPrice } from './membership-texts';

export const MEMBERSHIP_PROVIDERS = ['gumroad'] as const;
export type MembershipProvider = (typeof MEMBERSHIP_PROVIDERS)[number];

/** A product an app's end users can buy (a Gumroad product). */
export const MembershipProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** In the currency's smallest unit (cents). */
  price: z.number().int(),
  /** ISO 4217, lowercase. */
  currency: z.string(),
  /** monthly | yearly; null for a one-time purchase. */
  recurrence: z.enum(['monthly', 'yearly']).nullable(),
});
export type MembershipProduct = z.infer<typeof MembershipProductSchema>;

export const MembershipProductsResponseSchema = z.object({ products: z.array(MembershipProductSchema) });
export type MembershipProductsResponse = z.infer<typeof MembershipProductsResponseSchema>;

const secret = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, `must be ${what}`)
    .max(500, 'must be at most 500 characters')
    .refine((v) => !/\s/.test(v), `must be ${what}`);

/** The builder's Gumroad access token: checked with Gumroad, then stored encrypted. */
export const PaymentsTokenRequestSchema = z.object({ accessToken: secret('a Gumroad access token') });

/** The product to connect (again: a resync; another one: a change). Gumroad is the provider. */
export const PaymentsConnectRequestSchema = z.object({
  provider: z.literal('gumroad').default('gumroad'),
  productId: z.string().trim().min(1, 'Pick a product').max(200),
});
export type PaymentsConnectRequest = z.infer<typeof PaymentsConnectRequestSchema>;

export const PaymentsConnectResponseSchema = z.object({
  product: MembershipProductSchema,
  /** Where the provider must send its pings/webhooks for this app (owner only; holds the app's secret). */
  notificationUrl: z.string(),
  message: z.string(),
});
export type PaymentsConnectResponse = z.infer<typeof PaymentsConnectResponseSchema>;

/** The signed-in end user's membership, as the paywall reads it. */
export const MembershipStatusSchema = z.object({
  required: z.boolean(),
  active: z.boolean(),
  provider: z.enum(MEMBERSHIP_PROVIDERS).nullable(),
  product: MembershipProductSchema.nullable(),
  /** Access ends then (a cancelled membership); null while it renews. */
  accessUntil: z.string().nullable(),
});
export type MembershipStatus = z.infer<typeof MembershipStatusSchema>;

export const MembershipCheckoutResponseSchema = z.object({ url: z.string() });
