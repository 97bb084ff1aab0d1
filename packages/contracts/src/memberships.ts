import { z } from 'zod';
import { AppLookSchema } from './app-branding';

export {
  MEMBERSHIP_MESSAGES,
  currencyMinorDigits,
  formatMembershipPrice,
  formatPaymentAmount,
  membershipPeriod,
} from './membership-texts';

export const MEMBERSHIP_PROVIDERS = ['gumroad', 'stripe'] as const;
export type MembershipProvider = (typeof MEMBERSHIP_PROVIDERS)[number];

/** A product an app's end users can buy (a Gumroad product, or a Stripe recurring price). */
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

/**
 * The builder's key with the provider (a Gumroad access token, or a Stripe secret or restricted key):
 * checked with the provider, then stored encrypted. Without `provider`, Gumroad.
 */
export const PaymentsTokenRequestSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body) && !('provider' in body)
      ? { ...body, provider: 'gumroad' }
      : body,
  z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('gumroad'), accessToken: secret('a Gumroad access token') }),
    z.object({
      provider: z.literal('stripe'),
      accessToken: secret('a Stripe secret key').refine(
        (v) => /^(sk|rk)_/.test(v),
        'must be a Stripe secret key (sk_…) or restricted key (rk_…)',
      ),
    }),
  ]),
);
export type PaymentsTokenRequest = z.infer<typeof PaymentsTokenRequestSchema>;

/** The signing secret of the webhook endpoint the builder added in Stripe for this app. */
export const PaymentsWebhookSecretRequestSchema = z.object({
  webhookSecret: secret('a Stripe signing secret').refine(
    (v) => v.startsWith('whsec_'),
    'must be a Stripe signing secret (whsec_…)',
  ),
});

/** The product to connect (again: a resync; another one: a change), with the provider whose key is stored. */
export const PaymentsConnectRequestSchema = z.object({
  provider: z.enum(MEMBERSHIP_PROVIDERS).default('gumroad'),
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

/** Where the connected provider's notifications go; for Stripe, the events to pick and whether the signing secret is stored. */
export const PaymentsNotificationResponseSchema = z.object({
  provider: z.enum(MEMBERSHIP_PROVIDERS),
  notificationUrl: z.string(),
  events: z.array(z.string()),
  hasWebhookSecret: z.boolean(),
});
export type PaymentsNotificationResponse = z.infer<typeof PaymentsNotificationResponseSchema>;

/** The signed-in end user's membership, as the paywall reads it. */
export const MembershipStatusSchema = z.object({
  required: z.boolean(),
  active: z.boolean(),
  provider: z.enum(MEMBERSHIP_PROVIDERS).nullable(),
  product: MembershipProductSchema.nullable(),
  /** Access ends then (a cancelled membership); null while it renews. */
  accessUntil: z.string().nullable(),
  /** The published app's look (colours, font, logo): the paywall wears it. */
  look: AppLookSchema.optional(),
});
export type MembershipStatus = z.infer<typeof MembershipStatusSchema>;

export const MembershipCheckoutResponseSchema = z.object({ url: z.string() });

/** The paywall's checkout; Stripe comes back to `returnUrl` (the paywall page, on the host the end user is on). */
export const MembershipCheckoutRequestSchema = z.object({
  returnUrl: z
    .url({ protocol: /^https?$/, error: 'must be the paywall page' })
    .max(2000)
    .optional(),
});

/** The paywall's check; `sessionId` is the Stripe Checkout session the success URL came back with. */
export const MembershipVerifyRequestSchema = z.object({ sessionId: z.string().trim().max(200).optional() });
