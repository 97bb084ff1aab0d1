import { isValidEmail } from '@tessera/contracts/auth';
import { type RetrievedChunk } from '@tessera/contracts/context';
import { TOOL_RUN_MESSAGES, toolRunMessage, type ToolFieldValue } from '@tessera/contracts/tool-runs';
import {
  fieldsOfTool,
  parseCustomField,
  RESERVED_FIELD_NAME,
  type CustomField,
  type CustomFieldInput,
  type FilterCondition,
  type Tool,
} from '@tessera/contracts/tools';

/** A field of a run's form, as the server checks it. */
export interface RunField {
  name: string;
  label: string;
  type: CustomField['type'];
  required: boolean;
  personal: boolean;
  memorize: boolean;
  filterCondition: FilterCondition;
  options: string[];
}

/** Longest height or weight written as text ("5 ft 11 in"). */
const MEASURE_MAX_LENGTH = 40;
/** Characters of the instructions that go into the retrieval query after the field values. */
const QUERY_INSTRUCTIONS_CHARS = 300;

/**
 * The inputs of a tool's form: its custom fields, or, when it has none, the one main input named
 * `input` (unless the texts hide it), as the public page renders them.
 */
export function runFieldsOf(
  parts: { tools?: Array<Pick<Tool, 'toolId'>>; fields?: CustomFieldInput[] },
  tool: Pick<Tool, 'toolId'>,
  texts: { inputLabel?: string; isInputHidden?: boolean } | undefined,
): RunField[] {
  const fields = fieldsOfTool({ tools: parts.tools, fields: parts.fields ?? [] }, tool.toolId).map((f) =>
    parseCustomField(f),
  );
  if (!fields.length)
    return texts?.isInputHidden
      ? []
      : [
          {
            name: RESERVED_FIELD_NAME,
            label: texts?.inputLabel?.trim() || 'Input',
            type: 'long_text',
            required: true,
            personal: false,
            memorize: false,
            filterCondition: 'none',
            options: [],
          },
        ];
  return fields.map((f) => ({
    name: f.name,
    label: f.label || f.name,
    type: f.type,
    required: f.required,
    personal: f.personal,
    memorize: f.memorize,
    filterCondition: f.filterCondition,
    options: f.options.map((o) => o.label),
  }));
}

const isEmpty = (v: ToolFieldValue | undefined) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && !v.length);

export type ValuesCheck = { ok: true; values: Record<string, ToolFieldValue> } | { ok: false; message: string };

/** Checks a form's values against its fields: known names only, required ones given, each of its type. */
export function checkRunValues(fields: RunField[], values: Record<string, ToolFieldValue>): ValuesCheck {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const name of Object.keys(values))
    if (!byName.has(name)) return { ok: false, message: toolRunMessage(TOOL_RUN_MESSAGES.unknownField, { name }) };
  // Entries, not assignments: a field named `__proto__` must stay a plain key.
  const out: Array<[string, ToolFieldValue]> = [];
  for (const field of fields) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    const fail = (message: string) => ({
      ok: false as const,
      message: toolRunMessage(message, { label: field.label }),
    });
    if (isEmpty(value)) {
      if (field.required)
        return field.name === RESERVED_FIELD_NAME
          ? { ok: false, message: TOOL_RUN_MESSAGES.inputEmpty }
          : fail(TOOL_RUN_MESSAGES.fieldRequired);
      continue;
    }
    const options = new Map(field.options.map((o) => [o.trim().toLowerCase(), o]));
    switch (field.type) {
      case 'select':
      case 'tool_item_select': {
        const choice = typeof value === 'string' ? options.get(value.trim().toLowerCase()) : undefined;
        if (!choice) return fail(TOOL_RUN_MESSAGES.fieldNotOption);
        out.push([field.name, choice]);
        break;
      }
      case 'multiselect': {
        const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
        const chosen = list?.map((v) => options.get(v.trim().toLowerCase()));
        if (!chosen || chosen.some((c) => !c)) return fail(TOOL_RUN_MESSAGES.fieldNotOption);
        out.push([field.name, [...new Set(chosen as string[])]]);
        break;
      }
      case 'email':
        if (typeof value !== 'string' || !isValidEmail(value.trim())) return fail(TOOL_RUN_MESSAGES.fieldNotEmail);
        out.push([field.name, value.trim()]);
        break;
      case 'height':
      case 'weight':
        if (typeof value === 'number') out.push([field.name, value]);
        else if (typeof value === 'string' && value.trim().length <= MEASURE_MAX_LENGTH)
          out.push([field.name, value.trim()]);
        else return fail(TOOL_RUN_MESSAGES.fieldNotNumber);
        break;
      default:
        if (typeof value !== 'string') return fail(TOOL_RUN_MESSAGES.fieldNotText);
        out.push([field.name, value.trim()]);
    }
  }
  return { ok: true, values: Object.fromEntries(out) };
}

const asText = (v: ToolFieldValue | undefined) =>
  v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : String(v);

/** The instructions with each `[name]` tag replaced by that field's value (unknown tags stay as written). */
export function fillInstructions(instructions: string, values: Record<string, ToolFieldValue>): string {
  return instructions.replace(/\[([A-Za-z0-9_]{1,64})\]/g, (tag, name: string) =>
    Object.hasOwn(values, name) ? asText(values[name]) : tag,
  );
}

/** What retrieval looks for: the values of the non-personal fields first, then the start of the instructions. */
export function retrievalQuery(
  fields: RunField[],
  values: Record<string, ToolFieldValue>,
  instructions: string,
): string {
  const parts = fields.filter((f) => !f.personal).map((f) => asText(values[f.name]));
  return [...parts, instructions.slice(0, QUERY_INSTRUCTIONS_CHARS)].filter(Boolean).join('\n');
}

/** The question the offline model matches sentences against: the non-personal values. */
export function questionOf(fields: RunField[], values: Record<string, ToolFieldValue>): string {
  return fields
    .filter((f) => !f.personal)
    .map((f) => asText(values[f.name]))
    .filter(Boolean)
    .join('\n');
}

const containsWord = (line: string, value: string) => {
  const escaped = value
    .trim()
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (
    escaped !== '' && new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?:$|[^\\p{L}\\p{N}])`, 'u').test(line.toLowerCase())
  );
};

/**
 * Smart items filtering: in CSV items (one row per line), a field whose condition is `include`
 * keeps only the rows naming one of its values, `exclude` drops those rows. Other items and fields
 * with no value are left alone; a chunk left with no row is dropped.
 */
export function filterCsvRows(
  chunks: RetrievedChunk[],
  fields: RunField[],
  values: Record<string, ToolFieldValue>,
): RetrievedChunk[] {
  const rules = fields
    .filter((f) => f.filterCondition !== 'none' && !isEmpty(values[f.name]))
    .map((f) => ({
      include: f.filterCondition === 'include',
      words: (Array.isArray(values[f.name]) ? (values[f.name] as string[]) : [asText(values[f.name])]).filter(Boolean),
    }));
  if (!rules.length) return chunks;
  return chunks.flatMap((chunk) => {
    if (chunk.contextItem.type !== 'csv') return [chunk];
    const rows = chunk.content
      .split('\n')
      .filter((row) => rules.every(({ include, words }) => words.some((w) => containsWord(row, w)) === include));
    return rows.length ? [{ ...chunk, content: rows.join('\n') }] : [];
  });
}

/** The system prompt and user message a provider's model gets for a run. */
export function runPrompt(input: {
  title: string;
  instructions: string;
  context: string;
  fields: RunField[];
  values: Record<string, ToolFieldValue>;
}): { system: string; user: string } {
  const system = [
    `You are "${input.title}", an AI tool. Follow the instructions below, using only the reference data after them.`,
    'If the data does not contain the answer, say so plainly instead of guessing. Name the source (in square brackets) of the facts you use.',
    '',
    'Instructions:',
    input.instructions.trim() || 'Answer the request from the reference data.',
    '',
    'Reference data:',
    input.context || '(none)',
  ].join('\n');
  const user =
    input.fields
      .filter((f) => !isEmpty(input.values[f.name]))
      .map((f) => `${f.label}: ${asText(input.values[f.name])}`)
      .join('\n') || '(no input)';
  return { system, user };
}
