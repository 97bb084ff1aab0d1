import { z } from 'zod';
import { PLANS } from './constants';

/** One builder on the operators' admin screen (docs/product/accounts-and-plans.md#roles-and-permissions). */
export const AdminBuilderSchema = z.object({
  accountId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  plan: z.enum(PLANS),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  planSubscriptionStatus: z.string().nullable(),
  planSubscriptionCancelledAt: z.string().nullable(),
  createdAt: z.string(),
  usage: z.object({
    /** Builder chat messages sent, in all and this UTC month. */
    messages: z.number(),
    messagesThisMonth: z.number(),
    /** Bytes of data processed this UTC month (the plan's monthly budget counts these). */
    dataProcessingBytes: z.number(),
    /** Tool runs of the builder's apps this UTC month. */
    runsThisMonth: z.number(),
  }),
});
export type AdminBuilder = z.infer<typeof AdminBuilderSchema>;

export const AdminBuildersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const AdminBuildersResponseSchema = z.object({
  builders: z.array(AdminBuilderSchema),
  total: z.number(),
  /** Page size. */
  limit: z.number(),
});
export type AdminBuildersResponse = z.infer<typeof AdminBuildersResponseSchema>;

/** `PATCH /api/admin/builders/{accountId}`: a plan given by hand, or the user disabled / enabled. */
export const AdminUpdateBuilderSchema = z
  .strictObject({ plan: z.enum(PLANS).optional(), disabled: z.boolean().optional() })
  .refine((v) => v.plan !== undefined || v.disabled !== undefined, 'Nothing to change');
export type AdminUpdateBuilder = z.infer<typeof AdminUpdateBuilderSchema>;

/**
 * `GET|PUT /api/admin/settings`: the install's settings on /admin. `defaultPlan` is the plan every
 * builder has at least (admins always have everything); until an admin saves one it is DEFAULT_PLAN's.
 */
export const InstallSettingsSchema = z.object({
  defaultPlan: z.enum(PLANS),
  /** Where defaultPlan comes from: saved on /admin, or the DEFAULT_PLAN variable (lite when unset). */
  defaultPlanSource: z.enum(['admin', 'environment']),
  /** Whether Home's gallery offers the starter templates that ship with the product. */
  showStarterTemplates: z.boolean(),
  /** Whether a payment provider is configured (without one, no plan can be bought here). */
  paymentProviders: z.object({ stripe: z.boolean(), gumroad: z.boolean() }),
});
export type InstallSettings = z.infer<typeof InstallSettingsSchema>;
export const UpdateInstallSettingsSchema = z
  .strictObject({ defaultPlan: z.enum(PLANS).optional(), showStarterTemplates: z.boolean().optional() })
  .refine((v) => v.defaultPlan !== undefined || v.showStarterTemplates !== undefined, 'Nothing to change');
export type UpdateInstallSettings = z.infer<typeof UpdateInstallSettingsSchema>;

export const ADMIN_MESSAGES = {
  adminsOnly: 'Only admins can do this',
  notYourself: 'You cannot disable your own account',
  builderNotFound: 'Builder not found',
} as const;
