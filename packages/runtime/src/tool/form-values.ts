/**
 * The tool form's values and their checks (docs/product/tools.md#rules-and-messages): what each
 * field type holds, which step a field is on, and the messages of a missing or malformed value.
 */
import { TOOL_PAGE_MESSAGES, type ToolPageBoot, type ToolPageField } from '@tessera/contracts/tool-page';

export type FieldValue = string | string[];
export type FormValues = Record<string, FieldValue>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmpty = (value: FieldValue | undefined) =>
  value === undefined || (Array.isArray(value) ? value.length === 0 : !value.trim());

/** The message of one field's value, or null when it is fine. */
export function fieldError(field: ToolPageField, value: FieldValue | undefined): string | null {
  if (isEmpty(value)) {
    if (!field.required) return null;
    return field.name === 'input'
      ? TOOL_PAGE_MESSAGES.inputRequired
      : TOOL_PAGE_MESSAGES.required.replace('{label}', field.label);
  }
  const text = Array.isArray(value) ? '' : value!.trim();
  if (field.type === 'email' && !EMAIL.test(text)) return TOOL_PAGE_MESSAGES.invalidEmail;
  if ((field.type === 'height' || field.type === 'weight') && !(Number(text) > 0))
    return TOOL_PAGE_MESSAGES.invalidNumber;
  return null;
}

/** Messages by field name for the given fields (empty when all pass). */
export function formErrors(fields: ToolPageField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/**
 * The form's steps: with multi-step input, one page per input step that has fields (fields
 * without a step go on the first), else one page with every field.
 */
export function formPages(boot: Pick<ToolPageBoot, 'fields' | 'steps' | 'texts'>): Array<{
  title: string | null;
  fields: ToolPageField[];
}> {
  if (!boot.texts.isMultiStepInput || boot.steps.length === 0) return [{ title: null, fields: boot.fields }];
  const known = new Set(boot.steps.map((s) => s.id));
  const pages = boot.steps.map((step, i) => ({
    title: step.title,
    fields: boot.fields.filter((f) => f.stepId === step.id || (i === 0 && (!f.stepId || !known.has(f.stepId)))),
  }));
  const withFields = pages.filter((p) => p.fields.length > 0);
  return withFields.length ? withFields : [{ title: null, fields: boot.fields }];
}

/** The field an example fills: the main `input`, else the first text-like field. */
export function exampleTarget(fields: ToolPageField[]): ToolPageField | null {
  return (
    fields.find((f) => f.name === 'input') ?? fields.find((f) => f.type === 'long_text' || f.type === 'text') ?? null
  );
}

/** Values as the run request sends them: trimmed text, lists kept, numbers for measures, empty fields left out. */
export function runInputs(fields: ToolPageField[], values: FormValues): Record<string, FieldValue | number> {
  const out: Record<string, FieldValue | number> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (isEmpty(value)) continue;
    if (Array.isArray(value)) out[field.name] = value;
    // Height and weight are held in centimetres and kilograms, whatever unit the visitor typed in.
    else if (field.type === 'height' || field.type === 'weight') out[field.name] = Number(value);
    else out[field.name] = value!.trim();
  }
  return out;
}
