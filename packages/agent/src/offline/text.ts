// Word helpers for the offline app builder: naming entities, pages, fields and labels.

const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  leaf: 'leaves',
  life: 'lives',
  knife: 'knives',
  wife: 'wives',
  shelf: 'shelves',
  analysis: 'analyses',
};
const IRREGULAR_SINGULARS = Object.fromEntries(Object.entries(IRREGULAR_PLURALS).map(([s, p]) => [p, s]));
const UNCOUNTABLE = new Set([
  'news',
  'series',
  'species',
  'data',
  'info',
  'information',
  'equipment',
  'inventory',
  'feedback',
  'money',
  'software',
  'staff',
  'stuff',
]);
const KEEP_S = /(ss|us|is|ics|ness)$/;

/** Lower-case words of a phrase, splitting camelCase, snake_case, hyphens and spaces. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function mapLastWord(text: string, fn: (word: string) => string): string {
  const match = /^(.*?)([A-Z]?[a-z]+)$/.exec(text) ?? /^(.*?)([A-Za-z]+)$/.exec(text);
  if (!match) return text;
  const [, head, last] = match as unknown as [string, string, string];
  const mapped = fn(last.toLowerCase());
  const cased = last[0] === last[0]!.toUpperCase() ? capitalize(mapped) : mapped;
  return head + cased;
}

/** The singular of an English noun (the last word of a phrase or identifier). */
export function singularize(text: string): string {
  return mapLastWord(text, (w) => {
    if (IRREGULAR_SINGULARS[w]) return IRREGULAR_SINGULARS[w]!;
    if (UNCOUNTABLE.has(w) || IRREGULAR_PLURALS[w] || w.length < 3) return w;
    if (/[^aeiou]ies$/.test(w)) return w.slice(0, -3) + 'y';
    if (/(ches|shes|sses|xes|zzes)$/.test(w)) return w.slice(0, -2);
    // statuses, campuses, bonuses (but houses, causes keep their e).
    if (/[^aeiou]uses$/.test(w) && !/(excuses|fuses|refuses|accuses)$/.test(w)) return w.slice(0, -2);
    if (/oes$/.test(w) && !/(shoes|toes)$/.test(w)) return w.slice(0, -2);
    if (KEEP_S.test(w)) return w;
    if (w.endsWith('s')) return w.slice(0, -1);
    return w;
  });
}

/** The plural of an English noun (the last word of a phrase or identifier). */
export function pluralize(text: string): string {
  return mapLastWord(text, (w) => {
    if (IRREGULAR_PLURALS[w]) return IRREGULAR_PLURALS[w]!;
    if (UNCOUNTABLE.has(w) || IRREGULAR_SINGULARS[w]) return w;
    if (/[^aeiou]y$/.test(w)) return w.slice(0, -1) + 'ies';
    if (/(s|x|z|ch|sh)$/.test(w)) return w + 'es';
    return w + 's';
  });
}

/** `due date` / `dueDate` / `due-date` -> `due_date`. */
export function snakeCase(text: string): string {
  return wordsOf(text).join('_');
}

/** `line items` -> `LineItems` (no singularising). */
export function pascalCase(text: string): string {
  return wordsOf(text).map(capitalize).join('');
}

/** `task tracker` -> `Task Tracker`, keeping short acronyms such as CRM upper-case. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : capitalize(w)))
    .join(' ');
}
const ACRONYMS = new Set(['crm', 'hr', 'erp', 'faq', 'sku', 'url', 'id', 'api', 'kpi', 'rsvp', 'diy', 'ai']);

/** The text with its first letter upper-cased: `tasks board` -> `Tasks board`. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A property name as a label: `due_date` -> `Due date`, `project_id` -> `Project`. */
export function labelOf(key: string): string {
  const words = wordsOf(key.replace(/_id$/, ''));
  return capitalize(words.map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w)).join(' '));
}

/** An entity name as lower-case words for prose: `LineItem` -> `line item`. */
export function humanize(name: string): string {
  return wordsOf(name).join(' ');
}

/** `Task` -> `task`, `LineItem` -> `lineItem`: a variable name for one record. */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** A JS string literal (double-quoted) for generated code. */
export function jsString(text: string): string {
  return JSON.stringify(text);
}

/** Joins items as "a, b and c". */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
