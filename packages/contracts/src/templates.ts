import { z } from 'zod';
import { APP_KINDS, SaveAppResponseSchema, isHttpUrl } from './apps';
import {
  TEMPLATE_CATEGORY_MAX_LENGTH,
  TOOL_LONG_TEXT_MAX_LENGTH,
  TOOL_MESSAGES,
  TOOL_URL_MAX_LENGTH,
} from './tool-limits';

/** The template library's messages (docs/product/templates.md#rules-and-messages). */
export const TEMPLATE_MESSAGES = {
  notFound: 'Template not found',
  proOnly: 'This template is for paid plans, upgrade your plan to use it',
  categoryRequired: 'Choose a category for the template',
  unknownCategory: 'Choose one of the template categories',
  needsPublish: 'Publish the app before offering it as a template',
  needsLiveTool: 'Make the tool live before offering it as a template',
  adminsOnly: 'Only admins can manage templates',
} as const;

/** The settings keys that make an app a template; a copy of a template never carries them. */
export const TEMPLATE_SETTING_KEYS = [
  'isToolTemplate',
  'isAppTemplate',
  'templateCategory',
  'templateImageUrl',
  'templateDescription',
  'isProTool',
] as const;

/** One template of the gallery: only what the gallery shows, nothing of its owner or data. */
export const TemplateSummarySchema = z.object({
  templateId: z.string(),
  name: z.string(),
  appType: z.enum(APP_KINDS),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isPro: z.boolean(),
});
export type TemplateSummary = z.infer<typeof TemplateSummarySchema>;

/** `GET /api/templates`: the published templates and the categories, in the admins' order. */
export const TemplateListResponseSchema = z.object({
  templates: z.array(TemplateSummarySchema),
  categories: z.array(z.string()),
});
export type TemplateListResponse = z.infer<typeof TemplateListResponseSchema>;

/** `POST /api/templates/{templateId}/use`: the same key from the same builder gives back the first copy. */
export const UseTemplateRequestSchema = z.object({
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, dashes or underscores'),
});
export type UseTemplateRequest = z.infer<typeof UseTemplateRequestSchema>;

/** The builder's copy; `toolId` is a single tool's tool, whose builder opens on it (null for apps). */
export const UseTemplateResponseSchema = SaveAppResponseSchema.extend({ toolId: z.string().nullable() });
export type UseTemplateResponse = z.infer<typeof UseTemplateResponseSchema>;

/** `GET /api/templates/categories`. */
export const TemplateCategoriesResponseSchema = z.object({ categories: z.array(z.string()) });
export type TemplateCategoriesResponse = z.infer<typeof TemplateCategoriesResponseSchema>;

/** `POST /api/templates/categories` (admins): checked with `checkTemplateCategory` on the server. */
export const CreateTemplateCategoryRequestSchema = z.object({
  name: z.string({ error: TOOL_MESSAGES.categoryEmpty }).max(TEMPLATE_CATEGORY_MAX_LENGTH * 4),
});
export type CreateTemplateCategoryRequest = z.infer<typeof CreateTemplateCategoryRequestSchema>;

/** `POST /api/apps/{appId}/template` (admins, on their own app): whether and how it is offered. */
export const SaveAppTemplateRequestSchema = z.object({
  isTemplate: z.boolean({ error: 'must be true or false' }),
  category: z.string().trim().max(TEMPLATE_CATEGORY_MAX_LENGTH).nullish(),
  description: z.string().trim().max(TOOL_LONG_TEXT_MAX_LENGTH).nullish(),
  imageUrl: z
    .string()
    .trim()
    .max(TOOL_URL_MAX_LENGTH)
    .refine((v) => v === '' || isHttpUrl(v), 'must be a web address starting with http:// or https://')
    .nullish(),
  isPro: z.boolean({ error: 'must be true or false' }).optional(),
});
export type SaveAppTemplateRequest = z.infer<typeof SaveAppTemplateRequestSchema>;

/** The template settings of one app as its admin sees them. */
export const AppTemplateSchema = z.object({
  isTemplate: z.boolean(),
  category: z.string().nullable(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isPro: z.boolean(),
});
export type AppTemplate = z.infer<typeof AppTemplateSchema>;
