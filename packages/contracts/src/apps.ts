import { z } from 'zod';

export const APP_KINDS = ['tool', 'generated', 'space'] as const;
export type AppKind = (typeof APP_KINDS)[number];
export const APP_BUILDER_VERSION = 4;
export const APP_NAME_MAX_LENGTH = 100;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

const sources = z.record(z.string().min(1).max(200), z.string().max(500_000));

/**
 * A whole generated app in one payload (spec 3 §3 App files bundle): entities are JSON Schemas
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

/** A single tool or a space: its own payload, kept as given (its panels validate it). */
export const ToolAppSchema = z.looseObject({ name: z.string().trim().min(1).max(APP_NAME_MAX_LENGTH) });

/** `POST /api/apps` (spec 3 §7): create (no appId) or replace (appId) an app. */
export const SaveAppRequestSchema = z
  .object({
    appType: z.enum(APP_KINDS),
    appId: z.string().min(1).max(100).nullish(),
    genApp: GenAppSchema.optional(),
    app: ToolAppSchema.optional(),
    appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional(),
  })
  .refine((v) => (v.appType === 'generated' ? v.genApp : v.app), { message: 'a generated app needs "genApp"; a tool or space needs "app"' });
export type SaveAppRequest = z.infer<typeof SaveAppRequestSchema>;

export const SaveAppResponseSchema = z.object({ appId: z.string(), slug: z.string(), name: z.string(), appType: z.enum(APP_KINDS) });
export type SaveAppResponse = z.infer<typeof SaveAppResponseSchema>;

export const SaveAppStyleRequestSchema = z.object({ appStyle: z.record(z.string(), z.unknown()), appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional() });
export const SaveAppSettingsRequestSchema = z.object({ appSettings: z.record(z.string(), z.unknown()), appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional() });

export const AppSummarySchema = z.object({ appId: z.string(), name: z.string(), slug: z.string(), appType: z.enum(APP_KINDS), updatedAt: z.string() });
export type AppSummary = z.infer<typeof AppSummarySchema>;
export const AppListResponseSchema = z.object({ apps: z.array(AppSummarySchema) });

/** `PUT /api/apps/{appId}/entities/{name}`: create or replace one entity's schema (Database panel). */
export const SaveEntityRequestSchema = z.object({ schema: z.record(z.string(), z.unknown()) });
/** `POST /api/apps/{appId}/entities/{name}/fields/{field}/rename`: the property and every record's value move together. */
export const RenameFieldRequestSchema = z.object({ to: z.string().min(1).max(64) });
