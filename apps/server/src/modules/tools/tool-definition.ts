import {
  CustomFieldInputSchema,
  InputStepSchema,
  ToolSchema,
  ToolTextsSchema,
  parseCustomField,
  type CustomField,
  type InputStep,
  type Tool,
  type ToolAppParts,
  type ToolRuleError,
  type ToolTexts,
} from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';

/** The tool keys of an app's definition (docs/product/tools.md#data). */
export const TOOL_KEYS = ['tools', 'fields', 'inputSteps', 'texts'] as const;

/** The checked tool parts of a stored definition. */
export interface StoredToolParts {
  tools: Tool[];
  fields: CustomField[];
  inputSteps: InputStep[];
  texts?: ToolTexts;
}

function each<T>(value: unknown, parse: (item: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = parse(item);
    return parsed ? [parsed] : [];
  });
}

/**
 * The tool parts of a stored definition, read leniently: a definition stored as given before the
 * tool rules existed may hold entries they refuse; those are skipped instead of failing every read.
 */
export function toolPartsOf(definition: Record<string, unknown> | null | undefined): StoredToolParts {
  const def = definition ?? {};
  const tools = each(def.tools, (t) => {
    const r = ToolSchema.safeParse(t);
    return r.success ? r.data : null;
  });
  const fields = each(def.fields, (f) => {
    const r = CustomFieldInputSchema.safeParse(f);
    return r.success ? parseCustomField(r.data) : null;
  });
  const inputSteps = each(def.inputSteps, (s) => {
    const r = InputStepSchema.safeParse(s);
    return r.success ? r.data : null;
  });
  const texts = ToolTextsSchema.safeParse(def.texts);
  return { tools, fields, inputSteps, ...(texts.success && def.texts ? { texts: texts.data } : {}) };
}

/** The definition with these tool parts in place of its own. */
export function withToolParts(definition: Record<string, unknown>, parts: ToolAppParts): Record<string, unknown> {
  const out: Record<string, unknown> = { ...definition };
  for (const key of TOOL_KEYS) if (parts[key] !== undefined) out[key] = parts[key];
  return out;
}

/** The tool keys a definition has, to carry over a save that does not send them. */
export function storedToolKeys(definition: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TOOL_KEYS) if (definition && Object.hasOwn(definition, key)) out[key] = definition[key];
  return out;
}

/** A rule's refusal as the API's error. */
export function ruleError(error: ToolRuleError): AppError {
  const details: Record<string, unknown> = {};
  if (error.path) details.field = error.path;
  if (error.upgradeReason) details.upgradeReason = error.upgradeReason;
  return new AppError(error.code, error.message, Object.keys(details).length ? details : undefined);
}
