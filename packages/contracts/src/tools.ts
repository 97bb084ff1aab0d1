import { z } from 'zod';
import {
  AI_QUERY_METHODS,
  FIELD_INSTRUCTIONS_MAX_LENGTH,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_OPTIONS,
  MAX_INPUT_STEPS,
  MAX_TOOL_DATA_ITEMS,
  MAX_TOOLS_PER_APP,
  TOOL_EXAMPLE_MAX_LENGTH,
  TOOL_EXAMPLES_COUNT,
  TOOL_INSTRUCTIONS_MAX_LENGTH,
  TOOL_LONG_TEXT_MAX_LENGTH,
  TOOL_SHORT_TEXT_MAX_LENGTH,
  TOOL_TITLE_MAX_LENGTH,
  TOOL_URL_MAX_LENGTH,
} from './tool-limits';

/**
 * The single AI tool's data (docs/product/tools.md#data). A tool app's definition is the `app`
 * payload of `POST /api/apps`: its name, tools, custom fields, input steps and texts. The shapes
 * here are generous outer bounds; the product's rules and exact messages are in tool-rules.ts
 * (a label too long is the rule's message, a 1 MB label is the schema's refusal).
 */

/** Outer bounds well past every product limit: beyond them the payload is refused as malformed. */
const HARD_TEXT = 10_000;
const HARD_LIST = 200;
const id = z.string().trim().min(1, 'must not be empty').max(100);
const url = z.string().trim().max(TOOL_URL_MAX_LENGTH, `must be at most ${TOOL_URL_MAX_LENGTH} characters`);

export const CUSTOM_FIELD_TYPES = [
  'text',
  'long_text',
  'select',
  'multiselect',
  'email',
  'place',
  'photo',
  'height',
  'weight',
  'tool_item_select',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
/** Field types that list options. */
export const OPTION_FIELD_TYPES: readonly CustomFieldType[] = ['select', 'multiselect', 'tool_item_select'];
/** Field types only admins may add. */
export const ADMIN_FIELD_TYPES: readonly CustomFieldType[] = ['place', 'tool_item_select'];
/** Field types that need a paid plan. */
export const PAID_FIELD_TYPES: readonly CustomFieldType[] = ['photo'];
/** How smart items filtering uses a field's value on CSV items. */
export const FILTER_CONDITIONS = ['none', 'include', 'exclude'] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];
export const TOOL_STATUSES = ['active', 'draft'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

export const FieldOptionSchema = z.object({
  label: z.string().trim().max(HARD_TEXT),
  iconUrl: url.nullish(),
});
export type FieldOption = z.infer<typeof FieldOptionSchema>;

const fieldShape = {
  /** Generated from the label (fieldNameFromLabel); the `[name]` tag of the instructions. */
  name: z.string().trim().max(HARD_TEXT).optional(),
  label: z.string().trim().max(HARD_TEXT),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean().default(false),
  personal: z.boolean().default(false),
  memorize: z.boolean().default(false),
  stepId: id.nullish(),
  instructions: z.string().max(FIELD_INSTRUCTIONS_MAX_LENGTH).default(''),
  toolId: id.nullish(),
  filterCondition: z.enum(FILTER_CONDITIONS).default('none'),
  options: z.array(FieldOptionSchema).max(HARD_LIST).optional(),
  /** The older place of `options`; folded into `options` when a field is read. */
  optionsConfig: z.object({ options: z.array(FieldOptionSchema).max(HARD_LIST) }).optional(),
};

/**
 * A custom field as sent: `name` may be left out (it is made from the label), options may come as
 * `optionsConfig.options`. `parseCustomField` gives the stored form.
 */
export const CustomFieldInputSchema = z.object(fieldShape);
export type CustomFieldInput = z.input<typeof CustomFieldInputSchema>;

/** A custom field as stored and read: a name, and options in one place. */
export const CustomFieldSchema = z.object({
  ...fieldShape,
  name: z.string(),
  options: z.array(FieldOptionSchema).max(MAX_FIELD_OPTIONS),
  optionsConfig: z.undefined().optional(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

export const InputStepSchema = z.object({ id, title: z.string().trim().max(TOOL_SHORT_TEXT_MAX_LENGTH).default('') });
export type InputStep = z.infer<typeof InputStepSchema>;

/** One data item a tool answers from (a context item of the same app). */
export const ToolDataItemSchema = z.object({
  contextItemId: id,
  type: z.string().max(40).nullish(),
  templateFileUrl: url.nullish(),
  instructionsUrl: url.nullish(),
  /** The item this one replaced (set by replaceDataItem). */
  originalContextItemId: id.nullish(),
});
export type ToolDataItem = z.infer<typeof ToolDataItemSchema>;

/** The texts of a tool page (docs/product/tools.md#data App text); exactly three examples. */
export const ToolTextsSchema = z.object({
  header: z.string().trim().max(TOOL_SHORT_TEXT_MAX_LENGTH).default(''),
  description: z.string().trim().max(TOOL_LONG_TEXT_MAX_LENGTH).default(''),
  inputLabel: z.string().trim().max(TOOL_SHORT_TEXT_MAX_LENGTH).default(''),
  inputPlaceholder: z.string().trim().max(TOOL_SHORT_TEXT_MAX_LENGTH).default(''),
  isInputHidden: z.boolean().default(false),
  isInputCollapsed: z.boolean().default(false),
  welcomeMessage: z.string().trim().max(TOOL_LONG_TEXT_MAX_LENGTH).default(''),
  examples: z
    .array(z.string().trim().max(TOOL_EXAMPLE_MAX_LENGTH))
    .length(TOOL_EXAMPLES_COUNT, `must be exactly ${TOOL_EXAMPLES_COUNT} examples`)
    .default(['', '', '']),
  ctaMessage: z.string().trim().max(TOOL_LONG_TEXT_MAX_LENGTH).default(''),
  ctaButton: z.string().trim().max(TOOL_SHORT_TEXT_MAX_LENGTH).default(''),
  ctaLink: url
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v),
      'must be a web address starting with http:// or https://',
    )
    .default(''),
  isMultiStepInput: z.boolean().default(false),
});
export type ToolTexts = z.infer<typeof ToolTextsSchema>;
export const DEFAULT_TOOL_TEXTS: ToolTexts = ToolTextsSchema.parse({});

/** One tool of an app. Its custom fields are the app's fields whose `toolId` is this tool's. */
export const ToolSchema = z.object({
  toolId: id,
  title: z
    .string()
    .trim()
    .max(TOOL_TITLE_MAX_LENGTH, `must be at most ${TOOL_TITLE_MAX_LENGTH} characters`)
    .default(''),
  /** Under `/tool/` on the app's own address; unique (case-insensitively) among the app's tools. */
  path: z.string().trim().max(HARD_TEXT),
  /**
   * The path was made for the tool and still follows its title (`retitledTool`): set on a tool made
   * without a path, gone for good once the builder sets the path or the tool goes live.
   */
  autoPath: z.boolean().optional(),
  status: z.enum(TOOL_STATUSES).default('draft'),
  imageUrl: url.nullish(),
  dataItems: z.array(ToolDataItemSchema).max(MAX_TOOL_DATA_ITEMS).default([]),
  /** What the model is asked, with `[name]` tags for the fields' values (and `[input]` for the main input). */
  instructions: z.string().max(TOOL_INSTRUCTIONS_MAX_LENGTH).default(''),
  /** The tool page's texts; the app's `texts` apply where a tool has none. */
  texts: ToolTextsSchema.optional(),
});
export type Tool = z.infer<typeof ToolSchema>;
export type ToolInput = z.input<typeof ToolSchema>;

/**
 * The tool keys of an app's definition: the `app` payload of `POST /api/apps` (ToolAppSchema in
 * apps.ts adds the name and keeps any other key as given, as before the tool builder existed).
 */
export const ToolAppPartsSchema = z.object({
  tools: z
    .array(ToolSchema)
    .max(MAX_TOOLS_PER_APP * 2)
    .optional(),
  fields: z
    .array(CustomFieldInputSchema)
    .max(MAX_CUSTOM_FIELDS * 10)
    .optional(),
  inputSteps: z
    .array(InputStepSchema)
    .max(MAX_INPUT_STEPS * 5)
    .optional(),
  /** The app's texts (App texts while the app has no tool). */
  texts: ToolTextsSchema.optional(),
});
export type ToolAppParts = z.infer<typeof ToolAppPartsSchema>;

/** The tool settings kept in the app's settings (docs/product/tools.md#data Tool settings). */
export const TOOL_SETTING_KEYS = [
  'aiModel',
  'modelTemperature',
  'aiQueryMethod',
  'dailyUserLimit',
  'weeklyUserLimit',
  'isClaimable',
  'requireBuilderCollaboratorAccount',
  'isToolTemplate',
  'isAppTemplate',
  'templateCategory',
  'templateImageUrl',
  'templateDescription',
  'isProTool',
  'creditsPerRun',
  'startingCredits',
  'userCanEditResults',
] as const;
export type ToolSettingKey = (typeof TOOL_SETTING_KEYS)[number];

/** Their shapes, checked wherever they appear in `POST /api/apps/{appId}/settings`. */
export const ToolSettingsSchema = z.object({
  aiModel: z.string().trim().max(200).nullish(),
  modelTemperature: z.number().finite().nullish(),
  aiQueryMethod: z.enum(AI_QUERY_METHODS).nullish(),
  dailyUserLimit: z.number().int('must be a whole number').nullish(),
  weeklyUserLimit: z.number().int('must be a whole number').nullish(),
  isClaimable: z.boolean().nullish(),
  requireBuilderCollaboratorAccount: z.boolean().nullish(),
  isToolTemplate: z.boolean().nullish(),
  isAppTemplate: z.boolean().nullish(),
  templateCategory: z.string().trim().max(200).nullish(),
  templateImageUrl: url.nullish(),
  templateDescription: z.string().trim().max(TOOL_LONG_TEXT_MAX_LENGTH).nullish(),
  isProTool: z.boolean().nullish(),
  creditsPerRun: z.number().int('must be a whole number').nullish(),
  startingCredits: z.number().int('must be a whole number').nullish(),
  userCanEditResults: z.boolean().nullish(),
});
export type ToolSettings = z.infer<typeof ToolSettingsSchema>;

/** A tool as the tools page lists it: the tool and where it is (or would be) reachable. */
export const ToolSummarySchema = z.object({
  toolId: z.string(),
  title: z.string(),
  path: z.string(),
  status: z.enum(TOOL_STATUSES),
  imageUrl: z.string().nullish(),
  fieldCount: z.number().int(),
  dataItemCount: z.number().int(),
  /** `{app address}/tool/{path}`. */
  publicUrl: z.string(),
});
export type ToolSummary = z.infer<typeof ToolSummarySchema>;

/** `GET /api/apps/{appId}/tools`. */
export const ToolListResponseSchema = z.object({
  tools: z.array(ToolSummarySchema),
  /** Active tools the builder's plan allows in this app. */
  liveToolLimit: z.number().int(),
});
export type ToolListResponse = z.infer<typeof ToolListResponseSchema>;

/** `POST /api/apps/{appId}/tools`: a new draft tool (its path is made from the title when left out). */
export const CreateToolRequestSchema = z.object({
  title: z.string().trim().max(HARD_TEXT).default(''),
  path: z.string().trim().max(HARD_TEXT).optional(),
  imageUrl: url.nullish(),
});
export type CreateToolRequest = z.input<typeof CreateToolRequestSchema>;

/** `PATCH /api/apps/{appId}/tools/{toolId}`: the given keys change; `status` changes through activate. */
export const UpdateToolRequestSchema = z.object({
  title: z.string().trim().max(HARD_TEXT).optional(),
  path: z.string().trim().max(HARD_TEXT).optional(),
  imageUrl: url.nullish(),
  instructions: z.string().max(TOOL_INSTRUCTIONS_MAX_LENGTH).optional(),
  dataItems: z.array(ToolDataItemSchema).max(MAX_TOOL_DATA_ITEMS).optional(),
  texts: ToolTextsSchema.optional(),
});
export type UpdateToolRequest = z.input<typeof UpdateToolRequestSchema>;

/** `POST /api/apps/{appId}/tools/{toolId}/activate`. */
export const ActivateToolRequestSchema = z.object({ isActive: z.boolean({ error: 'must be true or false' }) });
export type ActivateToolRequest = z.infer<typeof ActivateToolRequestSchema>;

/** One tool with its fields and steps (`GET`, `PATCH`, `POST …/activate` of a tool). */
export const ToolDetailResponseSchema = z.object({
  tool: ToolSchema,
  fields: z.array(CustomFieldSchema),
  inputSteps: z.array(InputStepSchema),
  publicUrl: z.string(),
});
export type ToolDetailResponse = z.infer<typeof ToolDetailResponseSchema>;

/** What magic create makes: a field (default) or a field's options. */
export const MAGIC_TYPES = ['field', 'options'] as const;
export type MagicType = (typeof MAGIC_TYPES)[number];

/** `POST /api/builder/magicCreate`: `input` names the field ("Favourite cuisine: Italian, Thai"); `prompt` adds guidance. */
export const MagicCreateRequestSchema = z.object({
  input: z.string().trim().min(1, 'Describe the field first').max(500, 'must be at most 500 characters'),
  magicType: z.enum(MAGIC_TYPES).default('field'),
  prompt: z.string().trim().max(2_000, 'must be at most 2000 characters').default(''),
  /** When given, the builder's app: the new field's name and label must be free in it. */
  appId: id.optional(),
  toolId: id.optional(),
});
export type MagicCreateRequest = z.input<typeof MagicCreateRequestSchema>;

export const MagicCreateResponseSchema = z.object({
  field: CustomFieldSchema,
  /** `offline` when no model is configured (the deterministic field maker answered). */
  model: z.string(),
});
export type MagicCreateResponse = z.infer<typeof MagicCreateResponseSchema>;

/** `GET /api/apps/{appId}/settings/claimInvitation`. */
export const ClaimInvitationResponseSchema = z.object({ inviteLink: z.string(), claimCode: z.string() });
export type ClaimInvitationResponse = z.infer<typeof ClaimInvitationResponseSchema>;
