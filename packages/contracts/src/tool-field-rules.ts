import { isPlanAtLeast } from './plans';
import type { PlanId } from './constants';
import {
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_OPTIONS,
  OPTION_LABEL_MAX_LENGTH,
  TOOL_MESSAGES,
  fillMessage,
} from './tool-limits';
import {
  ADMIN_FIELD_TYPES,
  OPTION_FIELD_TYPES,
  PAID_FIELD_TYPES,
  type CustomField,
  type CustomFieldInput,
  type CustomFieldType,
  type FieldOption,
} from './tools';

/**
 * The custom-field rules of docs/product/tools.md#rules-and-messages, pure so the builder checks as
 * the builder types and the server checks the same on save. Each check answers null when the
 * input passes, or the refusal with the product's exact message.
 */

/** Who is editing: the builder's plan (and its live tools per app) and admin flag, and whether the app has sign-up on. */
export interface ToolRuleContext {
  plan: PlanId;
  isAdmin: boolean;
  isSignupEnabled: boolean;
  /** Live tools per app on the builder's plan, from the operator's plan catalogue. */
  liveToolLimit: number;
}

export type ToolRuleCode = 'VALIDATION_FAILED' | 'CONFLICT' | 'FORBIDDEN' | 'PLAN_LIMIT_REACHED';

export interface ToolRuleError {
  code: ToolRuleCode;
  message: string;
  /** Where in the payload, e.g. `fields.2.label`. */
  path?: string;
  /** For PLAN_LIMIT_REACHED: which upgrade prompt the UI opens. */
  upgradeReason?: string;
}

const refuse = (message: string, path?: string, code: ToolRuleCode = 'VALIDATION_FAILED'): ToolRuleError => ({
  code,
  message,
  ...(path !== undefined ? { path } : {}),
});

/** The name the main input's tag uses; no custom field may take it. */
export const RESERVED_FIELD_NAME = 'input';

/** A field's name from its label: "Favourite dish!" -> `favourite_dish` (lowercase letters, digits, underscores). */
export function fieldNameFromLabel(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, FIELD_NAME_MAX_LENGTH)
    .replace(/_+$/, '');
  if (name === '') return 'field';
  return /^[0-9]/.test(name) ? `f_${name}`.slice(0, FIELD_NAME_MAX_LENGTH) : name;
}

/** Whether a given name has the generated form (so `[name]` tags can be found in instructions). */
export function isValidFieldName(name: string): boolean {
  return name.length <= FIELD_NAME_MAX_LENGTH && /^[a-z][a-z0-9_]*$/.test(name);
}

/** The stored form of a field: a name, options in one place, email always personal, no memorize on photos. */
export function parseCustomField(input: CustomFieldInput): CustomField {
  const options = (input.options ?? input.optionsConfig?.options ?? []).map((o) => ({
    label: o.label.trim(),
    ...(o.iconUrl ? { iconUrl: o.iconUrl } : {}),
  }));
  const type = input.type;
  return {
    name: input.name?.trim() || fieldNameFromLabel(input.label),
    label: input.label.trim(),
    type,
    required: input.required ?? false,
    // Email fields are always personal (never quoted into shared results).
    personal: type === 'email' ? true : (input.personal ?? false),
    memorize: input.memorize ?? false,
    stepId: input.stepId ?? null,
    instructions: input.instructions ?? '',
    toolId: input.toolId ?? null,
    filterCondition: input.filterCondition ?? 'none',
    options: OPTION_FIELD_TYPES.includes(type) ? options : [],
  };
}

/**
 * A label (and the name made from it) among the other fields of the same tool: not empty, not
 * too long, not `input`, and not already used (case-insensitive).
 */
export function checkFieldLabel(
  label: string,
  others: readonly Pick<CustomField, 'label' | 'name'>[],
  name: string = fieldNameFromLabel(label),
): string | null {
  const trimmed = label.trim();
  if (trimmed === '') return TOOL_MESSAGES.fieldLabelEmpty;
  if (trimmed.length > FIELD_LABEL_MAX_LENGTH) return TOOL_MESSAGES.fieldLabelTooLong;
  if (name === RESERVED_FIELD_NAME) return TOOL_MESSAGES.reservedFieldName;
  if (!isValidFieldName(name)) return TOOL_MESSAGES.fieldLabelEmpty;
  const lower = trimmed.toLowerCase();
  if (others.some((o) => o.label.trim().toLowerCase() === lower || o.name === name)) return TOOL_MESSAGES.fieldExists;
  return null;
}

/** 'There can be a maximum of 20 custom fields…' once a tool has that many. */
export function checkFieldCount(count: number): string | null {
  return count > MAX_CUSTOM_FIELDS ? fillMessage(TOOL_MESSAGES.maxFields, { n: MAX_CUSTOM_FIELDS }) : null;
}

/** Whether another field may be added to a tool that has `count` fields. */
export function canAddField(count: number): boolean {
  return count < MAX_CUSTOM_FIELDS;
}

/** One option among the others of the same field. */
export function checkOptionLabel(label: string, others: readonly Pick<FieldOption, 'label'>[]): string | null {
  const trimmed = label.trim();
  if (trimmed === '') return TOOL_MESSAGES.optionEmpty;
  if (trimmed.length > OPTION_LABEL_MAX_LENGTH) return TOOL_MESSAGES.optionTooLong;
  const lower = trimmed.toLowerCase();
  if (others.some((o) => o.label.trim().toLowerCase() === lower)) return TOOL_MESSAGES.optionExists;
  return null;
}

/** Every option of a field, in order: the first refusal, with its index. */
export function checkOptions(options: readonly FieldOption[]): { index: number; message: string } | null {
  if (options.length > MAX_FIELD_OPTIONS) return { index: MAX_FIELD_OPTIONS, message: TOOL_MESSAGES.tooManyOptions };
  for (let i = 0; i < options.length; i++) {
    const message = checkOptionLabel(options[i]!.label, options.slice(0, i));
    if (message) return { index: i, message };
  }
  return null;
}

/** Whether this builder may add a field of `type`: photo needs a paid plan, place and item select an admin. */
export function fieldTypeRefusal(
  type: CustomFieldType,
  ctx: Pick<ToolRuleContext, 'plan' | 'isAdmin'>,
): ToolRuleError | null {
  if (ctx.isAdmin) return null;
  if (ADMIN_FIELD_TYPES.includes(type))
    return refuse(
      fillMessage(TOOL_MESSAGES.adminOnlyFieldType, { type: FIELD_TYPE_LABELS[type] }),
      undefined,
      'FORBIDDEN',
    );
  if (PAID_FIELD_TYPES.includes(type) && !isPlanAtLeast(ctx.plan, 'explorer'))
    return { ...refuse(TOOL_MESSAGES.photoNeedsPaidPlan, undefined, 'PLAN_LIMIT_REACHED'), upgradeReason: 'default' };
  return null;
}

/** The types this builder may pick when adding a field (the UI hides the others). */
export function allowedFieldTypes(ctx: Pick<ToolRuleContext, 'plan' | 'isAdmin'>): CustomFieldType[] {
  return (Object.keys(FIELD_TYPE_LABELS) as CustomFieldType[]).filter((t) => !fieldTypeRefusal(t, ctx));
}

/** Whether the memorize option shows: sign-up on, and not a photo. */
export function canMemorize(type: CustomFieldType, isSignupEnabled: boolean): boolean {
  return isSignupEnabled && type !== 'photo';
}

/** Why a field may not be memorized, or null. */
export function memorizeRefusal(type: CustomFieldType, isSignupEnabled: boolean): string | null {
  if (type === 'photo') return TOOL_MESSAGES.memorizePhoto;
  return isSignupEnabled ? null : TOOL_MESSAGES.memorizeNeedsSignup;
}

/** The `[name]` tags of a text, in order, each once. */
export function instructionTags(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(/\[([A-Za-z0-9_]{1,64})\]/g)) seen.add(match[1]!);
  return [...seen];
}

/** The tags of the instructions that name no field (and are not `[input]`): the builder sees them flagged. */
export function unknownInstructionTags(text: string, fields: readonly Pick<CustomField, 'name'>[]): string[] {
  const names = new Set([RESERVED_FIELD_NAME, ...fields.map((f) => f.name)]);
  return instructionTags(text).filter((tag) => !names.has(tag));
}

/** A field whose `[name]` is in the instructions cannot be deleted, unless it is personal. */
export function deleteFieldRefusal(field: Pick<CustomField, 'name' | 'personal'>, instructions: string): string | null {
  if (field.personal) return null;
  return instructionTags(instructions).includes(field.name)
    ? fillMessage(TOOL_MESSAGES.fieldInUse, { name: field.name })
    : null;
}

/** The field types' names as the builder shows them. */
export const FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  long_text: 'Long text',
  select: 'Select',
  multiselect: 'Multi-select',
  email: 'Email',
  place: 'Place',
  photo: 'Photo',
  height: 'Height',
  weight: 'Weight',
  tool_item_select: 'Item select',
};
