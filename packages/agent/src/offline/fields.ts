import { propertyKind, type EntitySchema, type PropertySchema } from '@tessera/contracts/entities';
import { labelOf, snakeCase, wordsOf } from './text';

/** How a property is shown and edited in generated pages. */
export type FieldKind =
  | 'text'
  | 'longtext'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'email'
  | 'url'
  | 'image'
  | 'color'
  | 'select'
  | 'tags'
  | 'relation'
  | 'json';

/** A property of an entity as the page generators see it. */
export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options: string[];
  /** For `relation`: the entity the `{name}_id` field points at. */
  target?: string;
  /** For money (`number` stored as "Amount in EUR"): the ISO currency code its amounts are in. */
  currency?: string;
  schema: PropertySchema;
}

/** The currency of a money property ("Amount in EUR" -> "EUR"), or undefined for other properties. */
export function currencyOfProperty(prop: PropertySchema): string | undefined {
  return prop.type === 'number' ? /^Amount in ([A-Z]{3})$/.exec(prop.description ?? '')?.[1] : undefined;
}

/** A field the description asked for, before it becomes a schema property. */
export interface InferredField {
  key: string;
  schema: PropertySchema;
  required: boolean;
}

// Words that are never a field on their own ("add a field", "add another one").
const NOT_FIELD_NAMES = new Set([
  'a',
  'an',
  'the',
  'it',
  'them',
  'this',
  'that',
  'new',
  'some',
  'more',
  'another',
  'one',
  'other',
  'few',
  'field',
  'thing',
  'stuff',
  'something',
]);
const BOOLEAN_WORDS = new Set([
  'done',
  'completed',
  'complete',
  'finished',
  'paid',
  'active',
  'archived',
  'published',
  'favorite',
  'favourite',
  'enabled',
  'verified',
  'approved',
  'available',
  'pinned',
  'starred',
  'resolved',
  'attended',
  'confirmed',
  'watched',
  'read',
  'visited',
  'private',
  'featured',
  'urgent',
  'important',
  'vegetarian',
  'vegan',
  'billable',
  'recurring',
]);
const BOOLEAN_PREFIXES = ['is', 'has', 'can', 'should', 'in'];
const DATE_WORDS = new Set([
  'date',
  'due',
  'deadline',
  'birthday',
  'dob',
  'birthdate',
  'anniversary',
  'expiry',
  'expires',
  'day',
  'on',
]);
const DATETIME_WORDS = new Set(['at', 'time', 'datetime', 'timestamp', 'when']);
const NUMBER_WORDS = new Set([
  'price',
  'amount',
  'count',
  'qty',
  'quantity',
  'number',
  'rating',
  'cost',
  'total',
  'budget',
  'salary',
  'score',
  'age',
  'weight',
  'height',
  'calories',
  'duration',
  'minutes',
  'hours',
  'servings',
  'stock',
  'distance',
  'reps',
  'sets',
  'percent',
  'percentage',
  'progress',
  'balance',
  'revenue',
  'year',
  'pages',
  'capacity',
  'value',
  'estimate',
  'points',
  'fee',
  'rate',
  'size',
  'goal',
  'target',
  'level',
  'days',
  'km',
  'miles',
  'visits',
  'guests',
  'seats',
  'mileage',
  'odometer',
  'attendance',
  'population',
  'laps',
  'floors',
  'bedrooms',
  'bathrooms',
  'streak',
  'times',
  'views',
  'likes',
  'votes',
  'copies',
  'units',
]);
const NOT_NUMBER = new Set([
  'license',
  'licence',
  'passport',
  'vin',
  'code',
  'phone',
  'telephone',
  'mobile',
  'tel',
  'zip',
  'postcode',
  'postal',
  'isbn',
  'sku',
  'serial',
  'plate',
  'account',
  'tracking',
  'invoice',
  'order',
  'reference',
  'room',
]);
const NOT_PARTICIPLES = new Set([
  'need',
  'speed',
  'seed',
  'breed',
  'feed',
  'bed',
  'shed',
  'red',
  'reed',
  'embed',
  'created',
  'updated',
  'bred',
  'weed',
]);
// "cook time" is a duration (minutes), not a moment.
const DURATION_PREFIXES = new Set([
  'cook',
  'cooking',
  'prep',
  'preparation',
  'travel',
  'reading',
  'run',
  'running',
  'total',
  'screen',
  'wait',
  'waiting',
  'response',
  'build',
  'lead',
  'play',
  'practice',
]);
const LONG_TEXT_WORDS = new Set([
  'notes',
  'note',
  'description',
  'body',
  'content',
  'bio',
  'summary',
  'details',
  'comments',
  'comment',
  'instructions',
  'ingredients',
  'address',
  'message',
  'text',
  'review',
  'feedback',
  'agenda',
  'steps',
  'directions',
  'reflection',
  'entry',
  'story',
  'answer',
  'question',
]);
const IMAGE_WORDS = new Set([
  'image',
  'photo',
  'picture',
  'avatar',
  'cover',
  'logo',
  'thumbnail',
  'headshot',
  'poster',
  'pic',
  'banner',
  'screenshot',
]);
const URL_WORDS = new Set(['url', 'link', 'website', 'homepage', 'site', 'linkedin', 'github']);
const TAG_WORDS = new Set([
  'tags',
  'labels',
  'keywords',
  'skills',
  'topics',
  'genres',
  'categories',
  'allergens',
  'hobbies',
  'interests',
]);
const ENUM_DEFAULTS: Record<string, string[]> = {
  status: ['todo', 'in_progress', 'done'],
  priority: ['low', 'medium', 'high'],
  difficulty: ['easy', 'medium', 'hard'],
  severity: ['low', 'medium', 'high', 'critical'],
  mood: ['great', 'good', 'okay', 'bad'],
  stage: ['new', 'qualified', 'proposal', 'won', 'lost'],
  frequency: ['daily', 'weekly', 'monthly'],
  size: ['small', 'medium', 'large'],
};
const TYPE_HINTS: Array<[RegExp, (key: string) => PropertySchema]> = [
  [/^(long text|text ?area|paragraph|multi-?line|rich text)$/, () => ({ type: 'string' })],
  [/^(yes ?\/ ?no|bool(ean)?|checkbox|true ?\/ ?false|flag|toggle)$/, () => ({ type: 'boolean', default: false })],
  [/^(number|numeric|int(eger)?|decimal|float|money|currency|amount)$/, () => ({ type: 'number' })],
  [/^(date time|datetime|date and time|timestamp|time)$/, () => ({ type: 'string', format: 'date-time' })],
  [/^date$/, () => ({ type: 'string', format: 'date' })],
  [/^(e-?mail)$/, () => ({ type: 'string', format: 'email' })],
  [/^(url|link|website|uri)$/, () => ({ type: 'string', format: 'uri' })],
  [/^(image|photo|picture|upload)$/, () => ({ type: 'string', format: 'image' })],
  [/^(colou?r)$/, () => ({ type: 'string', format: 'color' })],
  [/^(list|tags|array|list of (text|strings|words))$/, () => ({ type: 'array', items: { type: 'string' } })],
  [/^(text|string|short text|word)$/, () => ({ type: 'string' })],
];

/** Splits a list on commas, slashes, `or` and `and`, ignoring separators inside parentheses. */
export function splitList(text: string, separators = /^(,|;|\/|\band\b|\bor\b|&)/i): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0) {
      const rest = text.slice(i);
      const sep = separators.exec(rest);
      const prev = i === 0 ? ' ' : text[i - 1]!;
      if (sep && (/^[,;/&]/.test(sep[0]) || /\s/.test(prev))) {
        items.push(current);
        current = '';
        i += sep[0].length - 1;
        continue;
      }
    }
    current += ch;
  }
  items.push(current);
  return items.map((s) => s.trim()).filter(Boolean);
}

/** Reads a field written in a description: `due date`, `status (todo, doing, done)`, `price: number`, `title*`. */
export function inferField(raw: string, entityNames: readonly string[] = []): InferredField | null {
  let text = raw.trim().replace(/^(an?|the|its|their|some|optional(ly)?)\s+/i, '');
  let hint = '';
  const paren = /^(.*?)\s*[([](.*)[)\]]\s*$/.exec(text);
  if (paren) {
    text = paren[1]!;
    hint = paren[2]!;
  } else {
    const typed = /^(.*?)\s*(?::|\bas\b|\bof type\b|=)\s*(.+)$/i.exec(text);
    if (typed) {
      text = typed[1]!;
      hint = typed[2]!;
    }
  }
  let required = false;
  if (/\*$/.test(text) || /\brequired\b/i.test(hint) || /^required\s+/i.test(text)) required = true;
  text = text.replace(/\*$/, '').replace(/^required\s+/i, '');
  hint = hint.replace(/\brequired\b|\boptional\b/gi, '').replace(/^[\s,;]+|[\s,;]+$/g, '');
  const words = wordsOf(text).filter((w) => !['field', 'fields', 'column', 'property'].includes(w));
  if (words.length === 0 || words.length > 5 || (words.length === 1 && NOT_FIELD_NAMES.has(words[0]!))) return null;
  let key = snakeCase(words.join(' '));
  if (/^\d/.test(key)) key = `field_${key}`;
  if (['id', 'created_at', 'createdat', 'updated_at', 'updatedat', 'creator_id', 'creatorid'].includes(key))
    return null;

  // A field named after another entity is a reference to one of its records.
  const target = entityNames.find((name) => snakeCase(name) === key || snakeCase(name) === key.replace(/_id$/, ''));
  if (target && !hint) return { key: `${snakeCase(target)}_id`, schema: { type: 'string' }, required };

  const schema = hint ? schemaFromHint(key, hint) : null;
  return { key: adjustKey(key, schema ?? inferSchema(key)), schema: schema ?? inferSchema(key), required };
}

export function schemaFromHint(key: string, hint: string): PropertySchema | null {
  const clean = hint.trim().toLowerCase();
  for (const [pattern, make] of TYPE_HINTS) if (pattern.test(clean)) return make(key);
  const values = splitList(hint)
    .map((v) => v.replace(/^["']|["']$/g, '').trim())
    .filter((v) => v && v.length <= 40);
  if (values.length >= 2) {
    const isNumeric = values.every((v) => /^-?\d+(\.\d+)?$/.test(v));
    if (isNumeric && values.length === 2 && /-|–|to/.test(hint)) {
      return { type: 'number', minimum: Number(values[0]), maximum: Number(values[1]) };
    }
    const unique = [...new Set(values)];
    if (TAG_WORDS.has(key)) return { type: 'array', items: { type: 'string', enum: unique } };
    return { type: 'string', enum: unique, default: unique[0] };
  }
  const range = /^(-?\d+)\s*(?:-|–|to)\s*(-?\d+)$/.exec(clean);
  if (range) return { type: 'number', minimum: Number(range[1]), maximum: Number(range[2]) };
  return null;
}

/** Image fields carry "image" in their name so the database grid shows them as images. */
function adjustKey(key: string, schema: PropertySchema): string {
  if (schema.format === 'image' && !/image/.test(key)) return `${key}_image`;
  return key;
}

/** The schema a field name suggests: `done` -> boolean, `due_date` -> date, `price` -> number, ... */
export function inferSchema(key: string): PropertySchema {
  const words = key.split('_').filter(Boolean);
  const last = words.at(-1) ?? key;
  const first = words[0] ?? key;
  const has = (set: Set<string>) => words.some((w) => set.has(w));

  if (words.length > 1 && BOOLEAN_PREFIXES.includes(first)) return { type: 'boolean', default: false };
  if (BOOLEAN_WORDS.has(key)) return { type: 'boolean', default: false };
  // A lone past participle reads as a yes/no: "listened", "shipped", "married".
  if (words.length === 1 && /^[a-z]{3,}ed$/.test(key) && !NOT_PARTICIPLES.has(key))
    return { type: 'boolean', default: false };
  if (has(IMAGE_WORDS)) return { type: 'string', format: 'image' };
  if (has(new Set(['email', 'mail']))) return { type: 'string', format: 'email' };
  if (has(URL_WORDS)) return { type: 'string', format: 'uri' };
  if (last === 'color' || last === 'colour') return { type: 'string', format: 'color' };
  if (TAG_WORDS.has(key)) return { type: 'array', items: { type: 'string' } };
  if (last === 'time' && words.length > 1 && DURATION_PREFIXES.has(first)) return { type: 'number' };
  if (DATETIME_WORDS.has(last) || /^(starts|ends|scheduled|start|end)_?(at|time)$/.test(key))
    return { type: 'string', format: 'date-time' };
  if (DATE_WORDS.has(last) || has(new Set(['date', 'deadline', 'birthday']))) return { type: 'string', format: 'date' };
  if (ENUM_DEFAULTS[key]) return { type: 'string', enum: ENUM_DEFAULTS[key], default: ENUM_DEFAULTS[key]![0] };
  if (has(NOT_NUMBER)) return { type: 'string' };
  if (last === 'rating' || last === 'stars') return { type: 'number', minimum: 0, maximum: 5 };
  // "score notes" and "goal name" are text: the last word names what the field holds.
  const named = LONG_TEXT_WORDS.has(last) || ['name', 'title', 'label'].includes(last);
  if (NUMBER_WORDS.has(last) || (words.length > 1 && NUMBER_WORDS.has(first) && !named)) return { type: 'number' };
  return { type: 'string' };
}

/** Long free text gets a textarea rather than a one-line input. */
export function isLongText(key: string): boolean {
  return key.split('_').some((w) => LONG_TEXT_WORDS.has(w));
}

/** The property used as a record's title: `name`, `title`, ... or the first text property. */
export function displayFieldOf(schema: EntitySchema): string | null {
  const keys = Object.keys(schema.properties);
  const preferred = [
    'name',
    'title',
    'full_name',
    'label',
    'subject',
    'headline',
    'company',
    'customer_name',
    'client_name',
    'description',
  ];
  for (const key of preferred)
    if (schema.properties[key]?.type === 'string' && !schema.properties[key]?.enum) return key;
  const text = keys.find((k) => {
    const p = schema.properties[k]!;
    return p.type === 'string' && !p.format && !p.enum && !/_id$/.test(k) && !isLongText(k);
  });
  return text ?? keys.find((k) => schema.properties[k]!.type === 'string' && !/_id$/.test(k)) ?? null;
}

/** How generated pages treat each property of an entity, in schema order. */
export function fieldSpecsOf(schema: EntitySchema, entityNames: readonly string[]): FieldSpec[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([key, prop]) => {
    const spec: FieldSpec = {
      key,
      label: labelOf(key),
      kind: kindOf(key, prop),
      required: required.has(key),
      options: [],
      schema: prop,
    };
    if (prop.type === 'string' && /_id$/.test(key)) {
      const target = entityNames.find((name) => `${snakeCase(name)}_id` === key);
      if (target) {
        spec.kind = 'relation';
        spec.target = target;
      }
    }
    const values = prop.type === 'array' ? prop.items?.enum : prop.enum;
    if (values) spec.options = values.map(String);
    const currency = currencyOfProperty(prop);
    if (currency) spec.currency = currency;
    return spec;
  });
}

function kindOf(key: string, prop: PropertySchema): FieldKind {
  const kind = propertyKind(key, prop);
  if (kind === 'multiselect') return 'tags';
  return kind === 'text' && isLongText(key) ? 'longtext' : kind;
}
