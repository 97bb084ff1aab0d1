import { z } from 'zod';
import { CHAT_LIMITS } from './chat';
import { PLANS, type PlanId } from './constants';
import { PLAN_LIMITS, type PlanLimits } from './plans';
import { LIVE_TOOLS_PER_APP, MAX_TOOLS_PER_APP } from './tool-limits';
import { TOOL_RUNS_PER_MONTH } from './tool-runs';

/**
 * The operator's plan catalogue (docs/product/accounts-and-plans.md#data): the plans offered to
 * builders, their prices, checkout and the limits every plan gate reads. Loaded from PLANS_FILE (or
 * DATA_DIR/plans.json) and validated at start; DEFAULT_PLAN_CATALOGUE otherwise.
 */

/** Every limit a plan gate reads: the data-source limits plus the builder chat allowances. */
export interface PlanCatalogueLimits extends PlanLimits {
  /** Builder chat messages in all; null means unlimited. */
  builderMessages: number | null;
  /** Builder chat messages a UTC day; null means no daily limit. */
  dailyMessages: number | null;
  /** Active (live) tools one app may have. */
  liveToolsPerApp: number;
  /** Runs of all of a builder's tools per calendar month (UTC). */
  toolRunsPerMonth: number;
}

const count = z.number().int().min(0).max(1_000_000_000_000);
const price = z.number().min(0).max(1_000_000);

export const PlanCatalogueLimitsSchema = z.strictObject({
  maxDataItems: count,
  maxFileSizeBytes: count.min(1),
  maxFilePages: count.min(1).nullable(),
  scraperMaxDepth: z.number().int().min(0).max(10),
  scraperMaxPages: count.min(1).max(10_000),
  monthlyDataProcessingBytes: count,
  maxInflatedBytes: count.min(1),
  builderMessages: count.nullable(),
  dailyMessages: count.nullable(),
  liveToolsPerApp: z.number().int().min(1).max(MAX_TOOLS_PER_APP),
  toolRunsPerMonth: count,
}) satisfies z.ZodType<PlanCatalogueLimits>;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);

/** One plan of the catalogue file. `plan` is the tier the purchase grants (the account's `plan`). */
export const PlanCatalogueEntrySchema = z.strictObject({
  /** The plan card's id; the free plan's card is `free`. */
  id: text(60).regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _ only'),
  plan: z.enum(PLANS),
  name: text(60),
  /** Monthly price in dollars (0 for the free plan). */
  price,
  priceYearly: price.nullable().default(null),
  /** A promotional monthly price shown next to the struck-out price. */
  discuountedPrice: price.nullable().default(null),
  oneTimePayment: z.boolean().default(false),
  isMostPopular: z.boolean().default(false),
  description: z.string().trim().max(500).default(''),
  buttonText: optionalText(40),
  /** Checkout link (a Gumroad product page); the Gumroad sale of it grants the plan. */
  link: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .default(null),
  /** Gumroad product id or permalink that a verified sale is matched against. */
  gumroadProductId: optionalText(200),
  /** Stripe Price ids for Checkout. */
  stripePriceMonthly: optionalText(200),
  stripePriceYearly: optionalText(200),
  /** Short selling points shown on the card. */
  features: z.array(text(120)).max(12).default([]),
  limits: PlanCatalogueLimitsSchema,
});

/**
 * A catalogue entry as the file may give it: the tool limits added to the catalogue later may be
 * left out, and then are the built-in ones of the entry's tier (a catalogue written before still loads).
 */
const withToolLimitDefaults = (raw: unknown) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const { plan, limits } = raw as { plan?: unknown; limits?: unknown };
  if (!PLANS.includes(plan as PlanId) || typeof limits !== 'object' || limits === null || Array.isArray(limits))
    return raw;
  const tier = plan as PlanId;
  return {
    ...raw,
    limits: { liveToolsPerApp: LIVE_TOOLS_PER_APP[tier], toolRunsPerMonth: TOOL_RUNS_PER_MONTH[tier], ...limits },
  };
};
export type PlanCatalogueEntry = z.infer<typeof PlanCatalogueEntrySchema>;

export const PlanCatalogueSchema = z
  .strictObject({ plans: z.array(z.preprocess(withToolLimitDefaults, PlanCatalogueEntrySchema)).min(1).max(20) })
  .superRefine(({ plans }, ctx) => {
    const ids = new Set<string>();
    for (const [i, p] of plans.entries()) {
      if (ids.has(p.id)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'id'], message: `duplicate id "${p.id}"` });
      ids.add(p.id);
    }
    for (const tier of PLANS) {
      if (!plans.some((p) => p.plan === tier))
        ctx.addIssue({ code: 'custom', path: ['plans'], message: `no plan gives the limits of "${tier}"` });
    }
  });
export type PlanCatalogue = z.infer<typeof PlanCatalogueSchema>;

/** A plan card as `GET /api/live_api/app/paidPlans` serves it (docs/product/accounts-and-plans.md#data). */
export const PlanCardSchema = z.object({
  id: z.string(),
  plan: z.enum(PLANS),
  name: z.string(),
  price: z.number(),
  priceYearly: z.number().nullable(),
  discuountedPrice: z.number().nullable(),
  oneTimePayment: z.boolean(),
  isMostPopular: z.boolean(),
  description: z.string(),
  buttonText: z.string().nullable(),
  link: z.string().nullable(),
  features: z.array(z.string()),
  limits: PlanCatalogueLimitsSchema,
  /** How this plan can be bought here: Stripe Checkout, the Gumroad link, or not at all. */
  checkout: z.object({ stripe: z.boolean(), gumroad: z.boolean() }),
});
export type PlanCard = z.infer<typeof PlanCardSchema>;

export const PaidPlansResponseSchema = z.object({ plans: z.array(PlanCardSchema) });
export type PaidPlansResponse = z.infer<typeof PaidPlansResponseSchema>;

const limitsOf = (plan: PlanId): PlanCatalogueLimits => ({
  ...PLAN_LIMITS[plan],
  ...CHAT_LIMITS[plan],
  liveToolsPerApp: LIVE_TOOLS_PER_APP[plan],
  toolRunsPerMonth: TOOL_RUNS_PER_MONTH[plan],
});

/** The built-in catalogue: the four tiers with the limits of PLAN_LIMITS, CHAT_LIMITS, LIVE_TOOLS_PER_APP and TOOL_RUNS_PER_MONTH. */
export const DEFAULT_PLAN_CATALOGUE: PlanCatalogue = PlanCatalogueSchema.parse({
  plans: [
    {
      id: 'free',
      plan: 'lite',
      name: 'Lite',
      price: 0,
      description: 'Try the builder with one data source per app.',
      buttonText: 'Start free',
      limits: limitsOf('lite'),
    },
    {
      id: 'explorer',
      plan: 'explorer',
      name: 'Explorer',
      price: 19,
      priceYearly: 190,
      description: 'For builders with a few apps and more data.',
      features: ['Photo fields in tools'],
      limits: limitsOf('explorer'),
    },
    {
      id: 'monetizer',
      plan: 'monetizer',
      name: 'Monetizer',
      price: 49,
      priceYearly: 490,
      isMostPopular: true,
      description: 'Sell your apps: more data processing and chat.',
      features: ['Photo fields in tools', 'Hide the Tessera badge'],
      limits: limitsOf('monetizer'),
    },
    {
      id: 'moon',
      plan: 'moon',
      name: 'MOON',
      price: 149,
      priceYearly: 1490,
      description: 'Everything, with App settings on generated apps.',
      features: ['App settings on generated apps', 'Hide the Tessera badge'],
      limits: limitsOf('moon'),
    },
  ],
});

/** Checkout for a plan card: `POST /api/billing/checkout` (Stripe Checkout). */
export const CheckoutRequestSchema = z.strictObject({
  planId: z.string().trim().min(1).max(60),
  interval: z.enum(['month', 'year']).default('month'),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
export const CheckoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** `POST /api/billing/gumroad/claim`: the sale a builder came back from Gumroad with. */
export const GumroadClaimRequestSchema = z.strictObject({ saleId: z.string().trim().min(1).max(200) });
export type GumroadClaimRequest = z.infer<typeof GumroadClaimRequestSchema>;

/** `POST /api/billing/portal`: Stripe's customer portal for the signed-in builder. */
export const PortalResponseSchema = z.object({ url: z.string() });

/** `GET /api/billing/subscription`: who bills the builder, and whether Stripe's portal can manage it. */
export const BillingSubscriptionSchema = z.object({
  provider: z.enum(['stripe', 'gumroad', 'admin']).nullable(),
  canManageBilling: z.boolean(),
});
export type BillingSubscription = z.infer<typeof BillingSubscriptionSchema>;

/** Our own texts of checkout and billing (the product names none). */
export const BILLING_MESSAGES = {
  planNotOffered: 'This plan is not offered',
  stripeNotConfigured: 'Card checkout is not set up on this site',
  gumroadNotConfigured: 'Gumroad purchases are not set up on this site',
  noStripePrice: 'This plan cannot be bought by card here',
  freePlan: 'The free plan needs no checkout',
  saleNotFound: 'We could not find this Gumroad purchase',
  saleNotAPlan: 'This Gumroad purchase is not for a plan of this site',
  saleRefunded: 'This Gumroad purchase was refunded',
  saleOfAnotherAccount: 'This purchase is already linked to another account',
  saleOfAnotherEmail: 'This purchase was made with another email address: sign in with that address to get it',
  noStripeCustomer: 'There is no card subscription to manage yet',
  badPing: 'Unknown ping',
  planChanged: 'Your plan is now {plan}',
  checkoutFailed: 'Checkout could not start, try again later',
} as const;
