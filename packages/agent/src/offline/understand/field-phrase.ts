// One field of a description's field list, read as a field: "a rating from 1 to 5" is an integer
// `rating` between 1 and 5, "whether they are attending" a yes/no `attending`, "who paid (a flatmate)"
// a link to a Flatmate. Pieces of the sentence never become field names.
import type { PropertySchema } from '@tessera/contracts/entities';
import { inferSchema, schemaFromHint, type InferredField } from '../fields';
import { labelOf, singularize, snakeCase, wordsOf } from '../text';

const LEADING = /^(?:an?|the|their|its|his|her|my|our|your|some|optional(?:ly)?|also|plus|then|with|and|each)\s+/i;
const TRAILING = /\s+(?:it|them|one|this|that|too|as well)$/i;
const YES_NO = /\s*\(?\b(?:yes\s*\/\s*no|y\s*\/\s*n|true\s*\/\s*false|yes or no|flag|checkbox|toggle)\b\)?$/i;
const UNITS: Record<string, { unit: string; integer: boolean }> = {
  minutes: { unit: 'minutes', integer: true },
  mins: { unit: 'minutes', integer: true },
  hours: { unit: 'hours', integer: false },
  hrs: { unit: 'hours', integer: false },
  days: { unit: 'days', integer: true },
  weeks: { unit: 'weeks', integer: true },
  months: { unit: 'months', integer: true },
  years: { unit: 'years', integer: true },
  km: { unit: 'km', integer: false },
  kilometres: { unit: 'km', integer: false },
  kilometers: { unit: 'km', integer: false },
  miles: { unit: 'miles', integer: false },
  kg: { unit: 'kg', integer: false },
  bpm: { unit: 'bpm', integer: true },
  'square metres': { unit: 'm²', integer: false },
  'square meters': { unit: 'm²', integer: false },
  m2: { unit: 'm²', integer: false },
};
const UNIT_PATTERN = Object.keys(UNITS).join('|');
export const CURRENCIES: Array<[RegExp, string]> = [
  [/€|\beuros?\b|\beur\b/i, 'EUR'],
  [/£|\bpounds?\b|\bgbp\b|\bsterling\b/i, 'GBP'],
  [/¥|\byen\b|\bjpy\b/i, 'JPY'],
  [/\bfrancs?\b|\bchf\b/i, 'CHF'],
  [/\$|\bdollars?\b|\busd\b/i, 'USD'],
];
const MONEY_WORDS = new Set(
  'price prices cost costs amount fee fees salary budget rent rate total revenue balance income spend spent saved donation payment deposit_amount value deposit fare tip wage wages fine'.split(
    ' ',
  ),
);
const INTEGER_WORDS = new Set(
  'pages bedrooms bathrooms servings quantity qty stock capacity year age reps sets seats guests players people count number score rating mileage goals goal times weeks months days minutes floors laps votes likes views copies units streak points visits attendees tickets participants page floor vintage rooms words packets frames parts opens clicks downloads skeins doses bottles boxes bags'.split(
    ' ',
  ),
);
// Last words that make a field text whatever comes before: "goal name", "score notes".
const NAME_WORDS = new Set('name title label description notes note comment comments'.split(' '));
const NUMBER_EXTRA = new Set('temperature humidity moisture hours weight height distance length abv'.split(' '));
// A unit after the name makes it a measurement: "amount ml", "weight kg", "size m2".
const MEASURE_UNITS = /^(ml|l|cl|litres?|liters?|kg|g|grams?|lbs?|km|m|m2|cm|mm|miles|percent|pct)$/;

/** The field a list item names, or null (with the reason) when it names none. */
export function fieldFromPhrase(
  raw: string,
  entityNames: readonly string[],
  currency: string,
): { field: InferredField; label?: string } | { skipped: string } {
  let text = raw
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(/\be-mail\b/gi, 'email');
  let hint = '';
  const paren = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(text);
  if (paren) [text, hint] = [paren[1]!, paren[2]!];
  const colon = /^([^:]+):\s*(.+)$/.exec(text);
  if (!hint && colon) [text, hint] = [colon[1]!, colon[2]!];
  text = text.trim();
  while (LEADING.test(text)) text = text.replace(LEADING, '');
  text = text.replace(TRAILING, '');
  const required = /\*$/.test(text) || /^required\s/i.test(text);
  text = text.replace(/\*$/, '').replace(/^required\s+/i, '');
  const target = (word: string) =>
    entityNames.find((n) => [word, word.split(/\s+/).at(-1)!].some((w) => snakeCase(n) === snakeCase(singularize(w))));

  let schema: PropertySchema | null = null;
  let unit: string | undefined;
  let m: RegExpExecArray | null;
  // Yes/no fields: "adopted yes/no", "deposit paid flag", "whether they are attending".
  if (YES_NO.test(text) || /^(yes\s*\/\s*no|y\/n|yes or no)$/i.test(hint.trim())) {
    text = text.replace(YES_NO, '');
    schema = { type: 'boolean', default: false };
    hint = '';
  } else if (
    (m =
      /^whether\s+(?:or not\s+)?(?:(?:they|it|he|she|i|we|you)(?:'ve|'re|'s|'m)?\s+)?(?:(?:are|is|was|were|am|have|has|had|been|did|do|does|got)\s+)*(.+)$/i.exec(
        text,
      ))
  ) {
    text = m[1]!.replace(TRAILING, '');
    schema = { type: 'boolean', default: false };
  }
  text = text.replace(/^(?:belongs?|belonging|is|are|goes|go)\s+(to|for|in)\s+/i, '$1 ');
  // Links: "which book", "for a person", "who paid (a flatmate)".
  const which =
    /\bwhich\s+(\w+(?:\s\w+)?)$/i.exec(text) ??
    /^(?:for|to|of|from|by)\s+(?:an?|the|each|one)?\s*(\w+(?:\s\w+)?)$/i.exec(text);
  const linked = which ? target(which[1]!) : hint ? target(hint.replace(LEADING, '')) : undefined;
  if (linked && !schema) return { field: { key: `${snakeCase(linked)}_id`, schema: { type: 'string' }, required } };
  if (which && !linked && /^which\s/i.test(text)) text = which[1]!;
  if ((m = /^who\s+(?:does|do)\b/i.exec(text))) text = 'assignee';
  else if ((m = /^who\s+(\w+)$/i.exec(text))) text = `${m[1]} by`;
  else if (/^how often\b/i.test(text)) text = 'frequency';
  else if (/^how (?:i|we|you|they) (?:felt|feel)\b/i.test(text)) text = 'feeling';
  else if ((m = /^how many\s+(.+)$/i.exec(text))) text = m[1]!;
  else if (/^how much\b/i.test(text)) text = 'amount';
  else if (/^where\b/i.test(text)) text = 'location';
  else if ((m = /^when\s+(?:it|they|he|she)\s+(?:was|were|is|are)\s+(.+)$/i.exec(text))) {
    text = m[1]!;
    schema ??= { type: 'string', format: 'date' };
  } else if ((m = /^what\s+(?:i|we|you|they)\s+(?:am|'m|are|feel)\s+(\w+)/i.exec(text))) text = m[1]!;
  else if ((m = /^(link|url|website)\s+to\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+)?(.+)$/i.exec(text)))
    text = `${m[2]} ${m[1]}`;
  else if ((m = /^(\w+)\s+or\s+(\w+)$/i.exec(text)) && !schema) {
    text = `${m[1]} ${m[2]}`;
    schema = { type: 'string', enum: [m[1]!.toLowerCase(), m[2]!.toLowerCase()], default: m[1]!.toLowerCase() };
  }
  text = text.replace(/^(max(?:imum)?|min(?:imum)?)\s+number\s+of\s+/i, '$1 ').replace(/^number\s+of\s+(.+)$/i, '$1');
  text = text
    .replace(/\s+(?:so far|in stock|this year|per person)$/i, '')
    .replace(/^(\w+)\s+of\s+(?:the|each|every)\s+(?:day|week|month|year|visit|trip|session)$/i, '$1');
  if (text.toLowerCase() === 'date and time') [text, schema] = ['starts at', { type: 'string', format: 'date-time' }];

  // Numbers with a range, a scale, a percentage or a unit.
  if ((m = /^(.*?)\s+(?:from\s+|between\s+)?(\d+)\s*(?:-|–|to|and)\s*(\d+)$/i.exec(text)) && !schema) {
    text = m[1]!;
    schema = { type: 'integer', minimum: Number(m[2]), maximum: Number(m[3]) };
  } else if ((m = /^(.*?)\s+out of\s+(\d+)$/i.exec(text)) && !schema) {
    text = m[1]!;
    schema = { type: 'integer', minimum: Number(m[2]) <= 10 ? 1 : 0, maximum: Number(m[2]) };
  } else if ((m = /^(.*?)\s*(?:percent|percentage|%)$/i.exec(text)) && !schema) {
    text = m[1]!;
    schema = { type: 'integer', minimum: 0, maximum: 100 };
  } else if (
    !schema &&
    ((m = new RegExp(`^(.*?)\\s+(?:in|\\()\\s*(${UNIT_PATTERN})\\)?$`, 'i').exec(text)) ||
      (hint && (m = new RegExp(`^()(${UNIT_PATTERN})$`, 'i').exec(hint.trim()))))
  ) {
    if (m[1]) text = m[1];
    const u = UNITS[m[2]!.toLowerCase()]!;
    unit = u.unit;
    schema = u.integer ? { type: 'integer', minimum: 0 } : { type: 'number', minimum: 0 };
    hint = '';
  } else if ((m = /^(.*?)\s+in\s+(euros?|dollars?|pounds?|eur|usd|gbp|yen)$/i.exec(text))) {
    text = m[1]!;
    currency = CURRENCIES.find(([p]) => p.test(m![2]!))?.[1] ?? currency;
  }

  const words = wordsOf(text).filter(
    (w) => !['field', 'fields', 'column', 'property', 'my', 'their', 'its'].includes(w),
  );
  if (words.length === 0) return { skipped: raw.trim() };
  if (words.length > 4) return { skipped: raw.trim() };
  let key = snakeCase(words.join(' '));
  if (/^\d/.test(key)) return { skipped: raw.trim() };
  if (['id', 'created_at', 'updated_at', 'creator_id'].includes(key)) return { skipped: raw.trim() };
  const own = target(key) ?? target(key.replace(/_id$/, ''));
  if (own && !hint && !schema) return { field: { key: `${snakeCase(own)}_id`, schema: { type: 'string' }, required } };

  if (!schema && hint) schema = schemaFromHint(key, hint);
  if (!schema) schema = typeOfName(key);
  if (schema.type === 'array' && !/s$/.test(key)) key = `${key}s`;
  if (schema.enum && schema.type === 'string' && /s$/.test(key) && !/(ss|us|is)$/.test(key))
    key = snakeCase(singularize(key));
  if (schema.type === 'number' && isMoney(key) && !schema.maximum) {
    schema = { type: 'number', minimum: 0, description: `Amount in ${currency}` };
  }
  const label = unit ? `${labelOf(key)} (${unit})` : undefined;
  if (label) schema = { ...schema, title: label };
  return { field: { key, schema, required }, ...(label ? { label } : {}) };
}

function isMoney(key: string): boolean {
  const words = key.split('_');
  return words.some((w) => MONEY_WORDS.has(w)) && !words.some((w) => ['level', 'count', 'number'].includes(w));
}

/** The type a field's name suggests, with whole numbers for counts and money for prices. */
export function typeOfName(key: string): PropertySchema {
  const words = key.split('_');
  const singulars = words.map((w) => singularize(w));
  if (words.length > 1 && MEASURE_UNITS.test(words.at(-1)!)) return { type: 'number' };
  if (words.length > 1 && words.at(-1) === 'since') return { type: 'string', format: 'date' };
  if (isMoney(key) && !words.some((w) => ['date', 'day', 'on', 'at', 'link'].includes(w))) return { type: 'number' };
  if (words.includes('per')) return { type: 'integer', minimum: 0 };
  const base = inferSchema(key);
  const last = words.at(-1)!;
  if (base.type === 'number') {
    if (base.maximum !== undefined) return { type: 'integer', minimum: 1, maximum: base.maximum };
    if (NUMBER_EXTRA.has(last)) return base;
    if (INTEGER_WORDS.has(last) || INTEGER_WORDS.has(words[0]!) || /^(min|max)_/.test(key))
      return { type: 'integer', minimum: 0 };
    return base;
  }
  if (base.type === 'string' && !base.format && !base.enum) {
    if (
      /^(min|max)_/.test(key) ||
      (INTEGER_WORDS.has(last) && last !== 'number') ||
      (words.length > 1 && INTEGER_WORDS.has(words[0]!) && words[0] !== 'number' && !NAME_WORDS.has(last))
    )
      return { type: 'integer', minimum: 0 };
    if (NUMBER_EXTRA.has(last)) return { type: 'number' };
    if (singulars.some((w) => ['photo', 'image', 'picture', 'screenshot', 'logo', 'poster'].includes(w)))
      return { type: 'string', format: 'image' };
    if (['paid', 'done', 'packed', 'returned', 'claimed', 'adopted', 'bought', 'confirmed', 'attending'].includes(last))
      return { type: 'boolean', default: false };
  }
  return base;
}
