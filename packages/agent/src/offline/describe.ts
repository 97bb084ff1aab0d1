// Understanding a description ("Build a task tracker with tasks (title, done, due date) and projects
// (name)", "a recipe book", "CRM for my bakery") as entities with typed fields, a name and a theme.
import type { EntitySchema, PropertySchema } from '@tessera/contracts/entities';
import { DEFAULT_PERMISSIONS, ENTITY_NAME_PATTERN, MAX_ENTITY_PROPERTIES } from '@tessera/contracts/entities';
import { APP_KINDS, KNOWN_ENTITIES, PALETTE_HINTS, type AppKind } from './catalogue';
import { displayFieldOf, inferField, splitList, type InferredField } from './fields';
import { COLOR_WORDS, PALETTES, normalizeHex, paletteOf, type Theme } from './theme';
import { pascalCase, pluralize, singularize, snakeCase, titleCase, wordsOf } from './text';

/** An entity the description asks for, before schemas are written. */
export interface PlannedEntity {
  name: string;
  fields: InferredField[];
}

const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'with',
  'and',
  'or',
  'of',
  'for',
  'to',
  'in',
  'on',
  'my',
  'our',
  'your',
  'their',
  'some',
  'has',
  'have',
  'having',
  'where',
  'which',
  'that',
  'build',
  'create',
  'make',
  'me',
  'app',
  'another',
  'one',
  'more',
  'other',
  'this',
  'tracker',
  'manager',
  'track',
  'manage',
  'store',
  'keep',
  'list',
  'log',
  'containing',
  'including',
  'each',
  'every',
  'also',
  'plus',
  'called',
  'named',
  'entity',
  'entities',
  'table',
  'tables',
  'i',
  'we',
  'want',
  'need',
  'like',
  'would',
  'please',
  'can',
  'you',
  'it',
  'its',
  'is',
  'are',
  'be',
  'by',
  'as',
  'at',
  'from',
  'into',
  'about',
  'all',
  'simple',
  'basic',
  'small',
  'little',
  'new',
  'nice',
]);
const NOT_ENTITY = new Set([
  'field',
  'column',
  'property',
  'one',
  'another',
  'thing',
  'something',
  'everything',
  'name',
  'app',
  'title',
  'color',
  'colour',
  'theme',
  'style',
  'fields',
  'example',
  'e.g',
  'eg',
  'ie',
  'like',
  'such',
  'values',
  'options',
  'type',
  'types',
  'pages',
  'page',
]);
const ADJECTIVES = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'simple',
  'basic',
  'small',
  'little',
  'tiny',
  'new',
  'nice',
  'cool',
  'quick',
  'minimal',
  'modern',
  'beautiful',
  'clean',
  'me',
  'build',
  'create',
  'make',
  'for',
  'with',
  'and',
  'of',
  'to',
  'i',
  'want',
  'need',
]);
const NAME_HEADS =
  'tracker|manager|management|planner|book|log|journal|watchlist|list|crm|store|shop|portal|dashboard|organi[sz]er|catalog(?:ue)?|diary|hub|board|library|inventory|directory|collection|app|system|tool|desk|pipeline';

/** Entity name from a noun phrase: `line items` -> `LineItem`; the built-in User becomes Member. */
export function entityNameOf(phrase: string): string | null {
  const trimmed = phrase.trim();
  // A CamelCase name is taken as written: "CheckIn", "MenuItem".
  if (/^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(trimmed)) return pascalCase(singularize(trimmed));
  const words = wordsOf(trimmed);
  // Articles and verbs only around the noun: "my books", "check ins".
  while (words.length && STOPWORDS.has(words[0]!) && words[0] !== 'log') words.shift();
  while (words.length && STOPWORDS.has(words.at(-1)!) && words.at(-1) !== 'log') words.pop();
  if (words.length === 0 || words.length > 3) return null;
  if (words.length === 1 && NOT_ENTITY.has(words[0]!)) return null;
  let name = pascalCase(singularize(words.join(' ')));
  if (name === 'User') name = 'Member';
  return ENTITY_NAME_PATTERN.test(name) ? name : null;
}

/** The noun phrase ending just before `end` in `text` (at most three words, no stopwords). */
function nounBefore(text: string, end: number): string {
  const tokens = text.slice(0, end).trimEnd().split(/\s+/);
  const out: string[] = [];
  while (tokens.length && out.length < 3) {
    const token = tokens.pop()!;
    const bare = token.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
    if (!bare || STOPWORDS.has(bare.toLowerCase())) break;
    out.unshift(bare);
    if (/[,.;:!?]$/.test(tokens.at(-1) ?? '')) break;
    if (/^[,.;:!?(]/.test(token) || /[,.;:!?]/.test(token.slice(0, -1))) break;
  }
  // "task tracker with tasks" stops at "with"; "line items" keeps two words.
  return out.slice(-2).join(' ');
}

/** `name (f1, f2 (a, b))` groups: the noun before each top-level parenthesis and the text inside. */
function parenthesisGroups(text: string): Array<{ noun: string; inside: string; at: number }> {
  const groups: Array<{ noun: string; inside: string; at: number }> = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('(', i);
    if (open < 0) break;
    let depth = 0;
    let close = -1;
    for (let j = open; j < text.length; j++) {
      if (text[j] === '(') depth++;
      if (text[j] === ')') {
        depth--;
        if (depth === 0) {
          close = j;
          break;
        }
      }
    }
    const inside = close < 0 ? text.slice(open + 1) : text.slice(open + 1, close);
    groups.push({ noun: nounBefore(text, open), inside, at: open });
    i = close < 0 ? text.length : close + 1;
  }
  return groups;
}

/**
 * Field lists written as sentences: `Tasks: title, done` lines, `tasks with fields title, done`,
 * `recipes have a title, ingredients and a photo`, `each book has a title and an author`,
 * `books with title, author and rating`, `for each client I want their name and email`. Each group
 * keeps the sentence it came from, so parentheses inside it are not read as entities of their own.
 */
function listedGroups(text: string): Array<{ noun: string; inside: string; sentence: string }> {
  const groups: Array<{ noun: string; inside: string; sentence: string }> = [];
  const isHead = (noun: string) =>
    /^(trackers?|managers?|apps?|applications?|systems?|tools?|lists?|logs?|hubs?|boards?|dashboards?|portals?|crms?|things|stuff|items?)$/i.test(
      noun,
    );
  for (const sentence of text.split(/\n|;|\.(?=\s|$)/)) {
    const colon = /^\s*(?:[-*•]\s*)?([A-Za-z][A-Za-z ]{0,30}?)\s*:\s*(.+)$/.exec(sentence);
    const colonNoun = colon?.[1]!.trim() ?? '';
    const isListLine =
      colon &&
      colonNoun.split(/\s+/).length <= 3 &&
      !isHead(colonNoun.split(/\s+/).at(-1)!) &&
      /^[^()]+,[^()]+$/.test(colon[2]!) &&
      !/\bwith\b/i.test(colon[2]!);
    if (colon && isListLine) {
      groups.push({ noun: colon[1]!, inside: colon[2]!, sentence });
      continue;
    }
    // "A book club app: books with title, author; meetings with date" reads after the colon.
    const body = colon ? colon[2]! : sentence;
    const patterns: Array<[RegExp, (m: RegExpExecArray) => string]> = [
      [
        /([A-Za-z]+(?: [A-Za-z]+)?)\s+(?:with|having|that have|that has|which have|has|have)\s+(?:the\s+)?(?:fields|columns|properties|attributes)\s*:?\s*(.+)$/i,
        (m) => nounBefore(m[1]!, m[1]!.length),
      ],
      [
        /\beach\s+([A-Za-z]+)\s+(?:has|have|should have|contains|includes|needs)\s+(?:a\s+|an\s+|the\s+)?(.+(?:,|\band\b).+)$/i,
        (m) => m[1]!,
      ],
      [
        /\b([A-Za-z]+s)\s+(?:have|should have|contain|include|need)\s+(?:a\s+|an\s+|the\s+)?(.+(?:,|\band\b).+)$/i,
        (m) => m[1]!,
      ],
      [
        /\bfor\s+(?:each|every)\s+([A-Za-z]+)\s*,?\s*(?:i|we)\s+(?:want|need|store|track|keep)\s+(?:to\s+(?:store|track|save|know|keep)\s+)?(?:their|its|the|a|an)?\s*(.+(?:,|\band\b).+)$/i,
        (m) => m[1]!,
      ],
      [/\b([A-Za-z]+s)\s+with\s+(?:a\s+|an\s+|the\s+)?(.+(?:,|\band\b).+)$/i, (m) => m[1]!],
    ];
    for (const [pattern, nounOf] of patterns) {
      const m = pattern.exec(body);
      if (!m) continue;
      const noun = nounOf(m);
      if (isHead(noun)) continue;
      groups.push({ noun, inside: m[2]!, sentence });
      break;
    }
  }
  return groups;
}

/** Relations written in words: "tasks belong to projects", "projects have many tasks", "each task has a project". */
function relationPhrases(text: string, names: string[]): Array<{ child: string; parent: string }> {
  const out: Array<{ child: string; parent: string }> = [];
  const find = (word: string) => names.find((n) => n === entityNameOf(word));
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/\b(\w+)\s+(?:belongs?|belonging)\s+to\s+(?:an?\s+|one\s+|the\s+)?(\w+)/g)) {
    const child = find(m[1]!);
    const parent = find(m[2]!);
    if (child && parent && child !== parent) out.push({ child, parent });
  }
  for (const m of lower.matchAll(
    /\b(\w+)\s+(?:has|have|contains?|holds?)\s+(?:many|several|multiple|a list of)\s+(\w+)/g,
  )) {
    const parent = find(m[1]!);
    const child = find(m[2]!);
    if (child && parent && child !== parent) out.push({ child, parent });
  }
  for (const m of lower.matchAll(/\beach\s+(\w+)\s+(?:has|is in|is part of|is linked to)\s+(?:an?\s+|one\s+)?(\w+)/g)) {
    const child = find(m[1]!);
    const parent = find(m[2]!);
    if (child && parent && child !== parent) out.push({ child, parent });
  }
  return out;
}

// Catalogue fields that name another entity; without that entity they are left out.
const RELATION_WORDS = new Set([
  'project',
  'customer',
  'habit',
  'supplier',
  'product',
  'event',
  'workout',
  'application',
  'client',
  'author',
]);

export function knownFields(name: string, allNames: string[]): InferredField[] {
  const known = KNOWN_ENTITIES[name];
  const source = known?.fields ?? 'name*, category, notes';
  const fields = splitList(source, /^,/)
    .map((f) => inferField(f, allNames))
    .filter((f): f is InferredField => f !== null);
  // References to entities the app does not have are dropped (a Deal without customers keeps no customer_id).
  return fields.filter(
    (f) =>
      !RELATION_WORDS.has(f.key) && (!f.key.endsWith('_id') || allNames.some((n) => `${snakeCase(n)}_id` === f.key)),
  );
}

/**
 * Turns planned fields into an entity schema, booleans default false. Without a required field, the
 * display field becomes required unless `requireDisplay` is false (a title the user did not ask for).
 */
export function schemaOf(
  name: string,
  fields: InferredField[],
  requireDisplay = true,
): EntitySchema & { name: string } {
  const properties: Record<string, PropertySchema> = {};
  const required: string[] = [];
  for (const f of fields) {
    if (properties[f.key]) continue;
    if (Object.keys(properties).length >= MAX_ENTITY_PROPERTIES) break;
    properties[f.key] = f.schema;
    if (f.required) required.push(f.key);
  }
  const schema: EntitySchema & { name: string } = {
    name,
    type: 'object',
    properties,
    'x-accessControl': { permissions: { ...DEFAULT_PERMISSIONS } },
  };
  if (required.length === 0 && requireDisplay) {
    const display = displayFieldOf(schema);
    if (display && properties[display]?.type === 'string' && !properties[display]?.format) required.push(display);
  }
  if (required.length) schema.required = required;
  return schema;
}

/** The first app kind whose words appear in the text. */
export function appKindOf(text: string): AppKind | null {
  const lower = text.toLowerCase();
  return APP_KINDS.find((k) => k.pattern.test(lower)) ?? null;
}

/** Entities written out with their fields: `tasks (title, done)`, `Tasks: title, done`, `recipes have a, b and c`. */
export function explicitEntitiesOf(text: string): Array<{ name: string; inside: string }> {
  const listed = listedGroups(text);
  // Parentheses inside a listed sentence belong to its fields ("a status (todo, done)").
  let rest = text;
  for (const g of listed) rest = rest.replace(g.sentence, ' '.repeat(g.sentence.length));
  const found = [...listed.map((g) => ({ ...g, at: text.indexOf(g.sentence) })), ...parenthesisGroups(rest)].sort(
    (a, b) => a.at - b.at,
  );
  const explicit: Array<{ name: string; inside: string }> = [];
  for (const g of found) {
    const name = entityNameOf(g.noun);
    if (!name || explicit.some((e) => e.name === name)) continue;
    // "(e.g. ...)" or a lone word in parentheses is not a field list.
    if (splitList(g.inside).length < 1 || /^(e\.?g|i\.?e|optional)/i.test(g.inside.trim())) continue;
    explicit.push({ name, inside: g.inside });
  }
  return explicit;
}

/** The entities a description asks for, in order, with their fields. */
export function plannedEntitiesOf(text: string): { entities: PlannedEntity[]; kind: AppKind | null } {
  const explicit = explicitEntitiesOf(text);
  let kind = appKindOf(text);
  // Entities written out without the kind's main one make it another app ("clients (name, …)" is not appointments).
  if (kind && explicit.length && !explicit.some((e) => e.name === kind!.entities[0])) kind = null;

  let names: string[] = explicit.map((e) => e.name);
  const lower = text.toLowerCase();
  const mentionedKnown = Object.keys(KNOWN_ENTITIES).filter((n) =>
    new RegExp(`\\b${wordsOf(pluralize(n)).join('[ _-]?')}\\b`).test(lower),
  );
  if (names.length) {
    for (const n of mentionedKnown) if (!names.includes(n)) names.push(n);
  } else if (kind) {
    names = [...kind.entities];
    for (const n of mentionedKnown) if (!names.includes(n)) names.push(n);
  } else if (mentionedKnown.length) {
    names = mentionedKnown;
  } else {
    const generic = genericNoun(lower);
    names = [generic ?? 'Item'];
  }

  const entities: PlannedEntity[] = names.map((name) => {
    const given = explicit.find((e) => e.name === name);
    if (!given) return { name, fields: knownFields(name, names) };
    const fields = splitList(given.inside)
      .map((f) =>
        inferField(
          f,
          names.filter((n) => n !== name),
        ),
      )
      .filter((f): f is InferredField => f !== null);
    return { name, fields: fields.length ? fields : knownFields(name, names) };
  });

  for (const { child, parent } of relationPhrases(text, names)) {
    const entity = entities.find((e) => e.name === child)!;
    const key = `${snakeCase(parent)}_id`;
    if (!entity.fields.some((f) => f.key === key))
      entity.fields.push({ key, schema: { type: 'string' }, required: false });
  }
  return { entities, kind };
}

export function genericNoun(lower: string): string | null {
  const patterns = [
    /\b(?:manage|track|organi[sz]e|catalog(?:ue)?|log|keep track of|record|collect|store|rate|review|plan)\s+(?:all\s+)?(?:of\s+)?(?:my|our|the|your|his|her)?\s*([a-z]+)/,
    /\b([a-z]+)\s+(?:tracker|manager|app|log|list|catalog|catalogue|planner|organi[sz]er|database|collection|directory|inventory)\b/,
  ];
  for (const p of patterns) {
    const m = p.exec(lower);
    if (m && !STOPWORDS.has(m[1]!) && !ADJECTIVES.has(m[1]!)) {
      const name = entityNameOf(m[1]!);
      if (name) return name;
    }
  }
  return null;
}

/** The app's display name: "called X", "task tracker" -> "Task Tracker", "CRM for my bakery" -> "Bakery CRM". */
export function appNameOf(text: string, kind: AppKind | null, entities: PlannedEntity[]): string {
  const called =
    /\b(?:called|named|titled)\s+["“'‘]?([A-Za-z0-9][^"”’.,;:\n]{0,40}?)["”'’]?(?=$|[.,;:!\n]|\s+(?:with|for|that|which|where|to|and)\b)/i.exec(
      text,
    );
  if (called) return titleCase(called[1]!.trim());
  const quoted = /["“]([A-Za-z0-9][^"”\n]{1,40})["”]/.exec(text);
  if (quoted && !/[,()]/.test(quoted[1]!)) return quoted[1]!.trim();
  // Each head word with up to two words before it (heads may overlap: "a book club app").
  for (const phrase of text.matchAll(new RegExp(`\\b(${NAME_HEADS})\\b`, 'gi'))) {
    const lead = text
      .slice(0, phrase.index)
      .split(/[.,;:!?()]/)
      .at(-1)!
      .trim()
      .split(/\s+/)
      .slice(-2);
    const modifiers = lead.filter((w) => w && !ADJECTIVES.has(w.toLowerCase()) && !STOPWORDS.has(w.toLowerCase()));
    const head = phrase[1]!;
    // "a book club app": "book" names no app when another noun follows it.
    const next = /^\s+([a-z]+)/i.exec(text.slice(phrase.index! + phrase[0].length))?.[1]?.toLowerCase();
    if (next && !STOPWORDS.has(next) && !/^(app|tracker|manager|system|tool)$/.test(next)) continue;
    if (modifiers.length && /^(app|system|tool)$/i.test(head)) return titleCase(modifiers.join(' ').toLowerCase());
    if (modifiers.length) return titleCase([...modifiers, head].join(' ').toLowerCase());
    const forWhom = /\bfor\s+(?:my|our|a|the|his|her)\s+([a-z]+(?: [a-z]+)?)/i.exec(text.slice(phrase.index));
    const whom = forWhom
      ? forWhom[1]!
          .toLowerCase()
          .split(' ')
          .filter((w) => !STOPWORDS.has(w))
          .join(' ')
      : '';
    // "an app for my book club" -> Book Club; "CRM for my bakery" -> Bakery CRM.
    if (whom && /^(app|system|tool)$/i.test(head)) return titleCase(whom);
    if (whom && /^(crm|dashboard|portal|inventory|shop|store|hub)$/i.test(head))
      return titleCase(`${whom} ${head.toLowerCase()}`);
    if (!/^(app|system|tool|collection)$/i.test(head)) return titleCase(head.toLowerCase());
  }
  if (kind) return kind.name;
  const first = entities[0];
  return first ? `${titleCase(wordsOf(pluralize(first.name)).join(' '))}` : 'My App';
}

/** A theme request inside any text: "dark", "use green", "#ff6600", "primary colour teal". */
export function themeRequestOf(text: string): { primary?: string; mode?: 'light' | 'dark' } {
  const lower = text.toLowerCase();
  const out: { primary?: string; mode?: 'light' | 'dark' } = {};
  if (
    /\b(dark|night)\s*(mode|theme|look|style|colou?rs?|background)?\b/.test(lower) &&
    !/\bdark\s+(green|blue|red|purple|orange|teal|gray|grey)\b/.test(lower)
  )
    out.mode = 'dark';
  if (/\b(light|bright|white)\s*(mode|theme|look|background)\b/.test(lower) || /\bmake it light\b/.test(lower))
    out.mode = 'light';
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(text);
  if (hex) out.primary = normalizeHex(hex[0])!;
  else {
    const colorPattern = COLOR_WORDS.join('|');
    const m =
      new RegExp(
        `\\b(?:in|use|using|with|to|make it|primary(?: colou?r)?(?: to| as| is)?|accent(?: colou?r)?(?: to)?|theme(?: to)?|color(?: to)?|colour(?: to)?)\\s+(?:a\\s+|an\\s+)?(?:dark\\s+|light\\s+)?(${colorPattern})\\b`,
      ).exec(lower) ??
      new RegExp(`\\b(${colorPattern})\\s+(?:theme|colou?rs?|palette|accents?|look|style|buttons?|primary)\\b`).exec(
        lower,
      );
    const palette = m ? paletteOf(m[1]!) : null;
    if (palette) out.primary = PALETTES[palette]!;
  }
  return out;
}

/** The theme for a new app: what the description asks for, else what suits the kind of app. */
export function themeOf(text: string, kind: AppKind | null): Theme {
  const request = themeRequestOf(text);
  const lower = text.toLowerCase();
  const hinted = PALETTE_HINTS.find(([p]) => p.test(lower))?.[1];
  const palette = hinted ?? kind?.palette ?? 'indigo';
  return { primary: request.primary ?? PALETTES[palette] ?? PALETTES.indigo!, mode: request.mode ?? 'light' };
}
