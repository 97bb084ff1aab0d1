// Turns a domain line (domains-a.ts) into descriptions in several voices, each with the entities and
// fields a careful builder would make of it in the corpus notation (descriptions.ts). The phrasing
// of each voice is picked by a stable hash of the purpose, so the corpus never changes between runs.
import type { CorpusCase } from './descriptions';

interface FieldSpec {
  words: string;
  keys: string[];
  type: string | null;
  options: string[];
  link: string | null;
}
interface EntitySpec {
  plural: string;
  singular: string;
  names: string[];
  fields: FieldSpec[];
}
export interface Domain {
  purpose: string;
  entities: EntitySpec[];
}

/** A stable 32-bit FNV-1a hash of a text. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function singularOf(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(word)) return word.replace(/es$/, '');
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}
const pascal = (words: string) =>
  words
    .split(/[\s-]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
const snake = (words: string) =>
  words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
// Head nouns too vague to name an entity alone ("recipe lines" is not a Line).
const VAGUE = /^(entry|item|list|record|line|up|in|slip)$/;

function parseEntity(head: string, body: string): EntitySpec {
  const [plural, irregular] = head.split('/').map((s) => s.trim()) as [string, string | undefined];
  const words = plural.split(' ');
  const singular = irregular ? irregular.toLowerCase() : [...words.slice(0, -1), singularOf(words.at(-1)!)].join(' ');
  const full = irregular ?? pascal(singular);
  const last = singular.split(' ').at(-1)!;
  const names = words.length > 1 && !VAGUE.test(last) ? [full, pascal(last)] : [full];
  const fields = body.split(',').map((raw): FieldSpec => {
    const f = raw.trim();
    if (f.startsWith('>')) return { words: '', keys: [], type: null, options: [], link: f.slice(1).trim() };
    const [wordsPart, optionPart] = f.split('=') as [string, string | undefined];
    const [w, type] = wordsPart.split(':') as [string, string | undefined];
    const alternatives = w.split('|').map((s) => s.trim());
    return {
      words: alternatives[0]!,
      keys: alternatives.map(snake),
      type: optionPart ? 'enum' : (type ?? null),
      options: optionPart ? optionPart.split('/') : [],
      link: null,
    };
  });
  return { plural, singular, names, fields };
}

export function parseDomain(line: string): Domain {
  const [purpose, rest] = line.split('#').map((s) => s.trim()) as [string, string];
  const entities = rest.split(';').map((part) => {
    const colon = part.indexOf(':');
    return parseEntity(part.slice(0, colon), part.slice(colon + 1));
  });
  return { purpose, entities };
}

/** What a careful builder makes of a domain, in the corpus notation. */
export function expectedOf(domain: Domain): Record<string, string> {
  const out: Record<string, string> = {};
  const byPlural = new Map(domain.entities.map((e) => [e.plural, e] as const));
  for (const e of domain.entities) {
    out[e.names.join('|')] = e.fields
      .map((f) => (f.link ? `${f.link}:>${byPlural.get(f.link)!.names[0]}` : `${f.keys.join('|')}:${f.type ?? '*'}`))
      .join(', ');
  }
  return out;
}

const an = (w: string) => (/^[aeiou]/i.test(w) ? `an ${w}` : `a ${w}`);
const join = (items: string[], last = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
const pick = <T>(items: T[], seed: string) => items[hashOf(seed) % items.length]!;

function fieldWords(f: FieldSpec, style: number, domain: Domain): string {
  if (f.link) return domain.entities.find((e) => e.plural === f.link)!.singular;
  if (f.options.length)
    return [
      `${f.words} (${join(f.options, 'or')})`,
      `${f.words}: ${f.options.join('/')}`,
      `${f.words} (${f.options.join(', ')})`,
    ][style % 3]!;
  if (f.type === 'boolean') return [`${f.words} (yes/no)`, `${f.words} yes/no`, `${f.words} y/n`][style % 3]!;
  return f.words;
}

function chatty(d: Domain): string {
  const opener = pick(
    [
      'Hi! Could you build me an app for my',
      "Hello, I'd like an app for our",
      'I need an app for my',
      'We are looking for a tool for our',
      'Can you make something for my',
    ],
    d.purpose,
  );
  const parts = [`${opener} ${d.purpose}.`];
  d.entities.forEach((e, i) => {
    const plain = e.fields.filter((f) => !f.link).map((f) => fieldWords(f, i, d));
    const links = e.fields.filter((f) => f.link).map((f) => d.entities.find((x) => x.plural === f.link)!.singular);
    const lead = [
      `For ${e.plural} we need ${join(plain)}.`,
      `Each ${e.singular} has ${join(plain)}.`,
      `We also keep ${e.plural}, with ${join(plain)}.`,
    ][(i + hashOf(d.purpose)) % 3]!;
    parts.push(plain.length ? lead : `Then there are ${e.plural}.`);
    if (links.length) parts.push(`Every ${e.singular} is linked to ${join(links.map(an))}.`);
  });
  parts.push(pick(['Thanks a lot!', 'That would help us a lot.', 'Keep it simple please.', ''], d.purpose + 'end'));
  return parts.join(' ').trim();
}

function terse(d: Domain): string {
  const style = hashOf(d.purpose + 'terse') % 3;
  const rows = d.entities.map((e) => ({ e, list: e.fields.map((f) => fieldWords(f, style, d)) }));
  if (style === 0) return [`${d.purpose}:`, ...rows.map((r) => `- ${r.e.plural}: ${r.list.join(', ')}`)].join('\n');
  if (style === 1) return `${d.purpose} — ${rows.map((r) => `${r.e.plural} (${r.list.join(', ')})`).join('; ')}`;
  return [
    pick(['Need', 'Want', 'Quick one:'], d.purpose) + ` ${d.purpose}.`,
    ...rows.map((r) => `${r.e.plural.charAt(0).toUpperCase()}${r.e.plural.slice(1)} - ${r.list.join(', ')}.`),
  ].join(' ');
}

// Slips a non-native writer or a fast typist makes, only in the words around the nouns.
const SLIPS: [RegExp, string][] = [
  [/\bwhich\b/g, 'wich'],
  [/\bbecause\b/g, 'becuase'],
  [/\btheir\b/g, 'there'],
  [/\balso\b/g, 'allso'],
  [/\bneed\b/g, 'ned'],
];

function plainSpoken(d: Domain): string {
  const parts = [
    pick(['hello, i want make app for', 'i need one app to manage my', 'pls build', 'we want simple'], d.purpose) +
      ` ${d.purpose}.`,
  ];
  d.entities.forEach((e, i) => {
    const list = e.fields.map((f) => fieldWords(f, i + 1, d));
    parts.push(
      [
        `there is ${e.plural}, they have ${join(list)}`,
        `also need ${e.plural} which have ${join(list)}`,
        `for the ${e.plural} i need ${list.join(', ')}`,
      ][(i + hashOf(d.purpose)) % 3]! + '.',
    );
  });
  let text = parts.join(' ');
  for (const [pattern, slip] of SLIPS) if (hashOf(d.purpose + slip) % 2 === 0) text = text.replace(pattern, slip);
  return text;
}

/** The descriptions of one domain, one per voice, each with its expected entities. */
export function casesOf(line: string): { group: string; voice: string; c: CorpusCase }[] {
  const d = parseDomain(line);
  const entities = expectedOf(d);
  return [
    { voice: 'chatty', text: chatty(d) },
    { voice: 'terse', text: terse(d) },
    { voice: 'non-native', text: plainSpoken(d) },
  ].map(({ voice, text }) => ({ group: d.purpose, voice, c: { text, entities } }));
}
