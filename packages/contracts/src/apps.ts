import { z } from 'zod';
import { isValidEmail } from './auth';
import { EMAIL_MAX_LENGTH } from './constants';
import { APP_MESSAGES } from './messages';
import { ToolAppPartsSchema, ToolSettingsSchema } from './tools';

export const APP_KINDS = ['tool', 'generated', 'space'] as const;
export type AppKind = (typeof APP_KINDS)[number];
export const APP_BUILDER_VERSION = 4;
export const APP_NAME_MAX_LENGTH = 100;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

const sources = z.record(z.string().min(1).max(200), z.string().max(500_000));

/**
 * A whole generated app in one payload (docs/product/database.md#data App files bundle): entities are JSON Schemas
 * checked by `parseEntitySchema`; pages, components and services map names to source text.
 */
export const GenAppSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(APP_NAME_MAX_LENGTH),
  slug: z.string().regex(SLUG_PATTERN, 'must be lowercase letters, digits and dashes (48 at most)').optional(),
  entities: z.record(z.string(), z.unknown()).default({}),
  pages: sources.default({}),
  components: sources.default({}),
  services: sources.default({}),
  layout: z.string().max(500_000).optional(),
  globalsCss: z.string().max(500_000).optional(),
  mainPage: z.string().max(200).optional(),
});
export type GenApp = z.infer<typeof GenAppSchema>;

/**
 * A single tool or a space: its name, the tool keys (tools, fields, inputSteps, texts; checked
 * against the product's rules by the server, docs/product/tools.md#rules-and-messages) and any
 * other key kept as given.
 */
export const ToolAppSchema = z.looseObject({
  name: z.string().trim().min(1).max(APP_NAME_MAX_LENGTH),
  ...ToolAppPartsSchema.shape,
});
export type ToolApp = z.infer<typeof ToolAppSchema>;

/** `POST /api/apps` (docs/product/runtime.md#calls): create (no appId) or replace (appId) an app. */
export const SaveAppRequestSchema = z
  .object({
    appType: z.enum(APP_KINDS),
    appId: z.string().min(1).max(100).nullish(),
    genApp: GenAppSchema.optional(),
    app: ToolAppSchema.optional(),
    appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional(),
  })
  .refine((v) => (v.appType === 'generated' ? v.genApp : v.app), {
    message: 'a generated app needs "genApp"; a tool or space needs "app"',
  });
export type SaveAppRequest = z.infer<typeof SaveAppRequestSchema>;

export const SaveAppResponseSchema = z.object({
  appId: z.string(),
  slug: z.string(),
  name: z.string(),
  appType: z.enum(APP_KINDS),
});
export type SaveAppResponse = z.infer<typeof SaveAppResponseSchema>;

export const SaveAppStyleRequestSchema = z.object({
  appStyle: z.record(z.string(), z.unknown()),
  appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional(),
});

/** Longest terms or privacy link an app's settings keep. */
export const APP_SETTINGS_LINK_MAX_LENGTH = 2000;

/** An absolute http(s) address with a host, as the app's login page links to it. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const settingsLink = z
  .string({ error: 'must be a web address' })
  .trim()
  .max(APP_SETTINGS_LINK_MAX_LENGTH, `must be at most ${APP_SETTINGS_LINK_MAX_LENGTH} characters`)
  .refine((v) => v === '' || isHttpUrl(v), 'must be a web address starting with http:// or https://')
  .nullish();

/**
 * An app's settings (docs/product/editor-and-chat.md#data App settings). The sign-up fields are checked here; the paid-membership
 * fields are kept as given (paid memberships are not built yet), and other keys a panel stores (the
 * tool settings of docs/product/accounts-and-plans.md, `isLoginRequired`) pass through unchanged. Empty text means "not set".
 * The rules between fields (sign-up needs the three contacts and a published app) are the server's:
 * see `signupRequirementsMissing`.
 */
export const AppSettingsSchema = z.looseObject({
  isSignupEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  /** New end users are in before confirming their address (off or absent: they confirm with a code first). */
  isUnconfirmedSignupAllowed: z.boolean({ error: 'must be true or false' }).optional(),
  termsOfServiceLink: settingsLink,
  privacyPolicyLink: settingsLink,
  supportEmail: z
    .string({ error: 'must be an e-mail address' })
    .trim()
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
    .refine((v) => v === '' || isValidEmail(v), 'must be an e-mail address such as help@example.com')
    .nullish(),
  isPaidMembershipsEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  paidMembershipsProduct: z.looseObject({ id: z.string().optional(), name: z.string().optional() }).nullish(),
  paidMembershipsSettings: z
    .looseObject({
      paymentProvider: z.string().optional(),
      hasPaymentProviderAccessToken: z.boolean().optional(),
      isSetupCompleted: z.boolean().optional(),
    })
    .nullish(),
  gumroadAccessToken: z.string().nullish(),
  /** Paid memberships through Stripe (docs/product/memberships.md): stored sealed, never shown. */
  stripeSecretKey: z.string().nullish(),
  stripeWebhookSecret: z.string().nullish(),
  // The tool settings' shapes (docs/product/tools.md#data); their ranges and gates are the server's rules.
  ...ToolSettingsSchema.shape,
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** The contacts an app's login page shows; sign-up cannot be on without all three (docs/product/editor-and-chat.md#rules-and-messages). */
export const SIGNUP_REQUIRED_FIELDS = ['termsOfServiceLink', 'privacyPolicyLink', 'supportEmail'] as const;
export type SignupRequiredField = (typeof SIGNUP_REQUIRED_FIELDS)[number];

/** The sign-up contacts these settings leave empty (all of them are required while sign-up is on). */
export function signupRequirementsMissing(
  settings: Partial<Record<SignupRequiredField, unknown>>,
): SignupRequiredField[] {
  return SIGNUP_REQUIRED_FIELDS.filter((field) => {
    const value = settings[field];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** The panel's labels of the sign-up contacts. */
export const SIGNUP_FIELD_LABELS: Record<SignupRequiredField, string> = {
  termsOfServiceLink: 'Terms of service link',
  privacyPolicyLink: 'Privacy policy link',
  supportEmail: 'Support e-mail',
};
const SIGNUP_FIELD_NOUNS: Record<SignupRequiredField, string> = {
  termsOfServiceLink: 'a terms of service link',
  privacyPolicyLink: 'a privacy policy link',
  supportEmail: 'a support e-mail',
};

/** "Sign-up needs a terms of service link and a support e-mail": the refusal naming what is missing. */
export function signupNeedsFieldsMessage(fields: readonly SignupRequiredField[]): string {
  const nouns = fields.map((f) => SIGNUP_FIELD_NOUNS[f]);
  const list = nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}` : (nouns[0] ?? '');
  return APP_MESSAGES.signupNeedsFields.replace('{fields}', list);
}

/** `POST /api/apps/{appId}/settings`: replaces the app's settings as a whole (docs/product/editor-and-chat.md#data; its rules are in the route's description, api-routes-apps.ts). */
export const SaveAppSettingsRequestSchema = z.object({
  appSettings: AppSettingsSchema,
  appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional(),
});

export const AppSummarySchema = z.object({
  appId: z.string(),
  name: z.string(),
  slug: z.string(),
  appType: z.enum(APP_KINDS),
  updatedAt: z.string(),
  /** When end users last got a version (null: a draft, never published). */
  publishedAt: z.string().nullable(),
});
export type AppSummary = z.infer<typeof AppSummarySchema>;
/**
 * One app of `GET /api/apps`: its summary, and what went wrong in its last chat turn (the turn's own
 * words: it failed, or its changes were not all applied), null when it went through or there was none.
 */
export const AppListItemSchema = AppSummarySchema.extend({ lastTurnError: z.string().nullable() });
export type AppListItem = z.infer<typeof AppListItemSchema>;
export const AppListResponseSchema = z.object({ apps: z.array(AppListItemSchema) });

/** Longest description a new app starts from (it becomes the app's first chat message). */
export const APP_DESCRIPTION_MAX_LENGTH = 4000;

/**
 * `POST /api/apps/from-description`: a new generated app named after the description, which the
 * editor then sends as the first chat message. The same `requestKey` from the same builder gives
 * back the app the first request made (a double click creates one app).
 */
export const CreateAppFromDescriptionRequestSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Describe your app first')
    .max(APP_DESCRIPTION_MAX_LENGTH, `must be at most ${APP_DESCRIPTION_MAX_LENGTH} characters`),
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, dashes or underscores')
    .optional(),
});
export type CreateAppFromDescriptionRequest = z.infer<typeof CreateAppFromDescriptionRequestSchema>;

/** `PATCH /api/apps/{appId}`: a new display name; the app keeps its address. */
export const RenameAppRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(APP_NAME_MAX_LENGTH, `must be at most ${APP_NAME_MAX_LENGTH} characters`),
});
export type RenameAppRequest = z.infer<typeof RenameAppRequestSchema>;

/** `POST /api/apps/{appId}/slug`: the app's new address (App details); one another app has or had is refused. */
export const ChangeSlugRequestSchema = z.object({
  slug: z
    .string({ error: 'must be text' })
    .trim()
    .toLowerCase()
    .regex(SLUG_PATTERN, 'must be lowercase letters, digits and dashes (48 at most)'),
});
export type ChangeSlugRequest = z.infer<typeof ChangeSlugRequestSchema>;

/** `POST /api/apps/{appId}/duplicate`: a draft copy (code and schemas; records with `includeData`). */
export const DuplicateAppRequestSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(APP_NAME_MAX_LENGTH).optional(),
  includeData: z.boolean({ error: 'must be true or false' }).default(false),
});
export type DuplicateAppRequest = z.input<typeof DuplicateAppRequestSchema>;

/** `PUT /api/apps/{appId}/entities/{name}`: create or replace one entity's schema (Database panel). */
export const SaveEntityRequestSchema = z.object({ schema: z.record(z.string(), z.unknown()) });
/** `POST /api/apps/{appId}/entities/{name}/fields/{field}/rename`: the property and every record's value move together. */
export const RenameFieldRequestSchema = z.object({ to: z.string().min(1).max(64) });
