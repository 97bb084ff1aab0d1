import { z } from 'zod';

/**
 * End users' credits as the app's builder manages them (docs/product/tools.md#credits): the app's
 * end users with their balance and runs, and adjustments (a signed amount with a reason) kept in a
 * ledger.
 *
 * - `GET /api/apps/{appId}/end-users?q=`: the newest `END_USERS_LIST_MAX` end users (e-mail or name
 *   containing `q`), `EndUsersResponse`.
 * - `GET /api/apps/{appId}/end-users/{appUserId}/credits`: one end user and their adjustments,
 *   newest first (`CreditHistoryResponse`).
 * - `POST /api/apps/{appId}/end-users/{appUserId}/credits` with `CreditAdjustmentRequest`: adds
 *   (or removes) credits; the balance never goes below 0 (`CreditAdjustmentResponse`).
 */

/** Most credits one adjustment adds or removes. */
export const CREDIT_ADJUSTMENT_MAX = 10_000;
export const CREDIT_REASON_MAX_LENGTH = 200;
/** End users one list answer carries (newest first; search narrows it). */
export const END_USERS_LIST_MAX = 200;
/** Adjustments one history answer carries (newest first). */
export const CREDIT_HISTORY_MAX = 100;

/** Our messages (the spec has none for these); `{left}` is filled in. */
export const CREDITS_MESSAGES = {
  endUserNotFound: 'This end user does not exist in this app',
  amountRange: `Add or remove between 1 and ${CREDIT_ADJUSTMENT_MAX.toLocaleString('en-US')} credits`,
  reasonRequired: 'Write a reason for the change',
  reasonTooLong: `The reason is at most ${CREDIT_REASON_MAX_LENGTH} characters`,
  belowZero: "Credits can't go below 0: this user has {left} left",
} as const;

export const EndUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Part of an e-mail address or name'),
});
export type EndUsersQuery = z.infer<typeof EndUsersQuerySchema>;

export const EndUserCreditsSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  createdAt: z.string(),
  /** The balance (the app's starting credits until the first run or change). */
  credits: z.number(),
  /** Runs of the app's tools, failed ones excluded. */
  runs: z.number(),
  lastRunAt: z.string().nullable(),
});
export type EndUserCredits = z.infer<typeof EndUserCreditsSchema>;

export const EndUsersResponseSchema = z.object({
  users: z.array(EndUserCreditsSchema),
  /** End users matching the search, of which `users` holds the newest. */
  total: z.number(),
  startingCredits: z.number(),
  creditsPerRun: z.number(),
});
export type EndUsersResponse = z.infer<typeof EndUsersResponseSchema>;

export const CreditAdjustmentRequestSchema = z.object({
  delta: z
    .number({ message: CREDITS_MESSAGES.amountRange })
    .int(CREDITS_MESSAGES.amountRange)
    .min(-CREDIT_ADJUSTMENT_MAX, CREDITS_MESSAGES.amountRange)
    .max(CREDIT_ADJUSTMENT_MAX, CREDITS_MESSAGES.amountRange)
    .refine((n) => n !== 0, CREDITS_MESSAGES.amountRange),
  reason: z
    .string({ message: CREDITS_MESSAGES.reasonRequired })
    .trim()
    .min(1, CREDITS_MESSAGES.reasonRequired)
    .max(CREDIT_REASON_MAX_LENGTH, CREDITS_MESSAGES.reasonTooLong),
});
export type CreditAdjustmentRequest = z.infer<typeof CreditAdjustmentRequestSchema>;

export const CreditAdjustmentSchema = z.object({
  id: z.string(),
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  /** The builder's e-mail (null once their account is gone). */
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditAdjustment = z.infer<typeof CreditAdjustmentSchema>;

export const CreditHistoryResponseSchema = z.object({
  user: EndUserCreditsSchema,
  adjustments: z.array(CreditAdjustmentSchema),
});
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponseSchema>;

export const CreditAdjustmentResponseSchema = z.object({
  user: EndUserCreditsSchema,
  adjustment: CreditAdjustmentSchema,
});
export type CreditAdjustmentResponse = z.infer<typeof CreditAdjustmentResponseSchema>;
