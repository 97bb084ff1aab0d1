import type { PlanId } from './constants';

/**
 * The single AI tool's fixed limits and messages (docs/product/tools.md#limits and #rules-and-messages).
 * The spec fixes the ranges and the messages; the maximums it leaves unshown are ours, chosen here.
 */

/** Custom fields one tool may have. */
export const MAX_CUSTOM_FIELDS = 20;
/** Tools one app may hold (drafts included). */
export const MAX_TOOLS_PER_APP = 20;
/** Input steps one tool may have. */
export const MAX_INPUT_STEPS = 10;
/** Options one select, multiselect or item-select field may list. */
export const MAX_FIELD_OPTIONS = 50;
/** A field's label, as the form shows it. */
export const FIELD_LABEL_MAX_LENGTH = 60;
/** A field's generated name (its `[name]` tag). */
export const FIELD_NAME_MAX_LENGTH = 40;
/** One option's label. */
export const OPTION_LABEL_MAX_LENGTH = 60;
/** A field's own instructions to the model. */
export const FIELD_INSTRUCTIONS_MAX_LENGTH = 2_000;
/** A tool's instructions (with `[field]` tags). */
export const TOOL_INSTRUCTIONS_MAX_LENGTH = 20_000;
/** A tool's title (its header). */
export const TOOL_TITLE_MAX_LENGTH = 120;
/** A tool's path under `/tool/`. */
export const TOOL_PATH_MAX_LENGTH = 60;
/** Web addresses kept in a tool (image, icon, call-to-action link, template file). */
export const TOOL_URL_MAX_LENGTH = 2_000;
/** Short texts of a tool page (header, labels, placeholder, button). */
export const TOOL_SHORT_TEXT_MAX_LENGTH = 200;
/** Long texts of a tool page (description, welcome and call-to-action messages). */
export const TOOL_LONG_TEXT_MAX_LENGTH = 2_000;
/** One example input a visitor can click. */
export const TOOL_EXAMPLE_MAX_LENGTH = 300;
/** Exactly this many examples (docs/product/tools.md#data App text). */
export const TOOL_EXAMPLES_COUNT = 3;
/** Data items one tool may reference. */
export const MAX_TOOL_DATA_ITEMS = 20;
/** A template category name. */
export const TEMPLATE_CATEGORY_MAX_LENGTH = 40;

/**
 * Active (live) tools one app may have, per plan, built in: the operator's plan catalogue
 * (`liveToolsPerApp`) sets the numbers used; activating one more opens the upgrade prompt.
 */
export const LIVE_TOOLS_PER_APP: Record<PlanId, number> = { lite: 1, explorer: 3, monetizer: 10, moon: 20 };

/** The upgrade reason of the live-tool limit (the UI opens the upgrade prompt with it). */
export const ACTIVATED_TOOL_PER_APP_LIMIT_REACHED = 'ACTIVATED_TOOL_PER_APP_LIMIT_REACHED';

/** Ranges and defaults of the tool settings (stored in the app's settings). */
export const TOOL_SETTINGS_RANGES = {
  dailyUserLimit: { min: 1, max: 100 },
  weeklyUserLimit: { min: 1, max: 100 },
  creditsPerRun: { min: 0, max: 20, default: 1 },
  /** Credits a new end user of the app starts with. */
  startingCredits: { min: 0, max: 10_000, default: 50 },
  modelTemperature: { min: 0, max: 2, step: 0.1, default: 0.7 },
} as const;

/** The query methods of a tool: plain retrieval, or retrieval with the fields' filter conditions on CSV items. */
export const AI_QUERY_METHODS = ['default', 'smart_items_filtering'] as const;
export type AiQueryMethod = (typeof AI_QUERY_METHODS)[number];

/** Every user-facing text of the tool builder's rules, shared by the server and the UI. */
export const TOOL_MESSAGES = {
  fieldExists: 'Field already exists',
  reservedFieldName: 'Input is a reserved field name, try another name',
  maxFields: 'There can be a maximum of {n} custom fields, contact us if you need more fields',
  fieldLabelEmpty: 'Field label cannot be empty',
  fieldLabelTooLong: `Field labels are at most ${FIELD_LABEL_MAX_LENGTH} characters`,
  fieldInUse: 'This field is used in the instructions as [{name}]; remove the tag before deleting it',
  memorizeNeedsSignup: 'Turn on sign-up to let users memorize a field',
  memorizePhoto: 'Photo fields cannot be memorized',
  photoNeedsPaidPlan: 'Photo fields are available on paid plans, upgrade your plan to add one',
  adminOnlyFieldType: 'Only admins can add {type} fields',
  optionEmpty: 'Option is empty',
  optionExists: 'Option already exists',
  optionTooLong: `Options are at most ${OPTION_LABEL_MAX_LENGTH} characters`,
  tooManyOptions: `A field can have at most ${MAX_FIELD_OPTIONS} options`,
  unknownStep: 'This field is in a step that does not exist',
  invalidPath: 'Path should contain only letters, numbers, and dashes. It cannot be empty.',
  pathTooLong: `Paths are at most ${TOOL_PATH_MAX_LENGTH} characters`,
  pathTaken: 'Another tool of this app already uses this path',
  toolIdRepeated: 'Two tools have the same id',
  maxTools: `An app can have at most ${MAX_TOOLS_PER_APP} tools`,
  activationNeedsTitle: 'Your tool should have a header before it is activated',
  liveToolLimit: "Your plan's live tools per app are all in use ({n}), upgrade to activate more",
  toolNotFound: 'Tool not found',
  categoryEmpty: 'Category name cannot be empty',
  categoryExists: 'Category already exists',
  categoryTooLong: `Category names are at most ${TEMPLATE_CATEGORY_MAX_LENGTH} characters`,
  settingsUpgrade: 'Upgrade your plan to edit tool settings',
  settingsAdminOnly: 'Only admins can change {setting}',
  settingOutOfRange: '{setting} must be between {min} and {max}',
  temperatureStep: 'Temperature goes in steps of 0.1',
  magicFieldName: 'Magic edit failed, try again using a different field name',
  magicFailed: 'Magic edit failed',
  magicCreateFailed: 'Failed creating the field',
  inviteNeedsPublish: "You can't copy invite link until you publish your app",
  inviteNotClaimable: 'Turn on claim by customer to get an invite link',
  inviteFailed: 'Failed to get invitation, try again later',
  saveToolFailed: 'Failed to save tool',
} as const;

/** `template` with each `{key}` replaced by its value. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}
