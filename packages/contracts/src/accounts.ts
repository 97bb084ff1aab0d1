import { z } from 'zod';
import { ACCOUNT_TYPES, PLANS } from './constants';

/** `GET /api/live_api/account/current`: exactly the fields of docs/product/accounts-and-plans.md#calls. */
export const AccountSchema = z.object({
  accountId: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  plan: z.enum(PLANS),
  hasPaidAppPackage: z.boolean(),
  subscriptionId: z.string().nullable(),
  planSubscriptionStatus: z.string().nullable(),
  planSubscriptionCancelledAt: z.string().nullable(),
  appId: z.string().nullable(),
  appHeader: z.string().nullable(),
  hasBusinessInfo: z.boolean(),
  isAdmin: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

export const CreateAccountResponseSchema = z.object({ accountId: z.string() });
export type CreateAccountResponse = z.infer<typeof CreateAccountResponseSchema>;

/** `POST /api/live_api/account/create`: the body is optional; `saleId` links a purchase (docs/product/accounts-and-plans.md#states-and-transitions sale_id). */
export const CreateAccountRequestSchema = z.object({ saleId: z.string().trim().min(1).max(200).nullish() });
export type CreateAccountRequest = z.infer<typeof CreateAccountRequestSchema>;
