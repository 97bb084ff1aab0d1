import {
  FIELD_LABEL_MAX_LENGTH,
  MAX_FIELD_OPTIONS,
  OPTION_LABEL_MAX_LENGTH,
  type CustomFieldInput,
  type CustomFieldType,
  type MagicType,
} from '@tessera/contracts/tools';

/**
 * The offline field maker behind magic create when no model is configured
 * (docs/product/tools.md#calls): deterministic, it reads the builder's words for a field
 * ("Favourite cuisine: Italian, Thai, Mexican", "Your e-mail", "Tell us about your business")
 * and makes the field: a label, a type from the words, options from a list, required when asked.
 * It invents nothing: a type it cannot tell is plain text, options come only from the input.
 */

const TYPE_WORDS: Array<[CustomFieldType, RegExp]> = [
  ['email', /\be-?mail\b/i],
  ['photo', /\b(photo|picture|image|selfie|headshot|snapshot)s?\b/i],
  ['height', /\b(height|how tall)\b/i],
  ['weight', /\b(weight|how heavy|kg|kilograms?|lbs?|pounds)\b/i],
  ['place', /\b(city|address|location|place|country|town|where (?:do|are) you)\b/i],
  [
    'long_text',
    /\b(describe|description|details|story|about (?:you|your)|tell us|notes?|message|bio|paragraph|explain|summary|feedback)\b/i,
  ],
];
const MULTI_WORDS = /\b(multiple|several|all that apply|any of|select all|one or more|choose many|multi-?select)\b/i;
const REQUIRED_WORDS = /\b(required|mandatory|obligatory)\b/i;

/** The list in a field description: after a colon or in parentheses, split on commas, slashes, "or", new lines. */
function listOf(text: string): { head: string; items: string[] } {
  const paren = /^(.*?)\(([^)]*)\)\s*$/s.exec(text);
  const colon = /^([^:]*):(.*)$/s.exec(text);
  const [head, list] = paren ? [paren[1]!, paren[2]!] : colon ? [colon[1]!, colon[2]!] : [text, ''];
  const items = list
    .split(/\s*(?:,|;|\/|\||\n|\bor\b|\band\b)\s*/i)
    .map((s) => s.replace(/^[-*•\s]+|[.\s]+$/g, '').trim())
    .filter((s) => s !== '');
  return { head: head.trim(), items };
}

/** "what is your favourite cuisine?" -> "What is your favourite cuisine" (capitalised, trimmed, bounded). */
function labelOf(text: string): string {
  const cleaned = text
    .replace(/\s+/g, ' ')
    .replace(/[?!.:;,\s]+$/, '')
    .trim();
  const label = cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
  return label.length > FIELD_LABEL_MAX_LENGTH
    ? label.slice(0, FIELD_LABEL_MAX_LENGTH).replace(/\s+\S*$/, '') || label.slice(0, FIELD_LABEL_MAX_LENGTH)
    : label;
}

function optionsOf(items: string[]): Array<{ label: string }> {
  const seen = new Set<string>();
  const out: Array<{ label: string }> = [];
  for (const item of items) {
    const label = item.slice(0, OPTION_LABEL_MAX_LENGTH).trim();
    const key = label.toLowerCase();
    if (label === '' || seen.has(key)) continue;
    seen.add(key);
    out.push({ label: label.charAt(0).toUpperCase() + label.slice(1) });
    if (out.length === MAX_FIELD_OPTIONS) break;
  }
  return out;
}

/**
 * A field from the builder's words; null when no label can be made of them. `magicType: options`
 * asks for a choice field whose options come from the input or, failing that, the prompt.
 */
export function makeFieldOffline(input: string, magicType: MagicType, prompt: string): CustomFieldInput | null {
  const { head, items } = listOf(input);
  const label = labelOf(head);
  if (label === '' || !/[\p{L}\p{N}]/u.test(label)) return null;
  const words = `${input}\n${prompt}`;
  let options = optionsOf(items);
  if (magicType === 'options' && options.length === 0) options = optionsOf(listOf(`x:${prompt}`).items);
  let type: CustomFieldType;
  if (options.length >= 2 || magicType === 'options') type = MULTI_WORDS.test(words) ? 'multiselect' : 'select';
  else type = TYPE_WORDS.find(([, pattern]) => pattern.test(head) || pattern.test(prompt))?.[0] ?? 'text';
  if (magicType === 'options' && options.length === 0) return null;
  return {
    label,
    type,
    required: REQUIRED_WORDS.test(prompt),
    instructions: prompt.slice(0, 2_000),
    ...(type === 'select' || type === 'multiselect' ? { options } : {}),
  };
}
