import { z } from 'zod';

/** The ranges the analytics page offers, in days (docs/product/analytics.md#rules-and-messages). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

export const ANALYTICS_MESSAGES = {
  notPublished: 'Publish your app to access analytics',
  loadFailed: 'Could not load analytics',
  badRange: 'days must be 7, 30 or 90',
} as const;

export const AnalyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: ANALYTICS_MESSAGES.badRange })
    .optional()
    .describe('The range: 7, 30 (default) or 90 days, ending today (UTC)'),
});

const count = z.number().int().nonnegative();

export const AnalyticsDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  visits: count,
  visitors: count.describe('Unique visitors that day'),
  signUps: count,
  activeUsers: count.describe('End users who signed in or used the app that day'),
  records: count.describe('Records created that day, all entities'),
  toolRuns: count,
  tokens: count,
  cost: z.number().nonnegative().describe('USD'),
  revenue: z
    .number()
    .describe("Paid memberships' payments less refunds and disputes that day, in major units of `revenueCurrency`"),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const AnalyticsResponseSchema = z.object({
  published: z.boolean().describe('False until the first publish: the page then asks to publish'),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: AnalyticsDaySchema.omit({ day: true }),
  revenueCurrency: z
    .string()
    .describe("ISO 4217, lowercase: the currency of the app's membership payments in the range (the most used one)"),
  daily: z.array(AnalyticsDaySchema).describe('One entry per day of the range, oldest first, zeros included'),
  entities: z
    .array(
      z.object({
        entity: z.string(),
        records: count,
        daily: z.array(count).describe('Records created each day of the range, aligned with `daily`'),
      }),
    )
    .describe('Entities with records created in the range, most first'),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;
