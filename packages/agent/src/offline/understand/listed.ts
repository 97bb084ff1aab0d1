// Entities written out one sentence or one line each, the way people list them: "- members: name,
// email", "Plans - name, price", "For tenants we need name and phone", "Each payment has an amount",
// "We also keep plans, with …", "there is dogs, they have …", "also need seeds which have …", and the
// links said in a sentence of their own ("Every check-in is linked to a member and a plan").
// Read before the other readers, which get the rest of the text.
import { splitOutsideParens, type LinkPhrase, type Segment } from './segments';

const NOUN = "([a-z][a-z'-]*(?:\\s+[a-z][a-z'-]*){0,2}?)";
const HAVE = '(?:has|have|had|needs?|gets?|should have|must have|contains?|includes?)';
const WANT = '(?:need|ned|want|wanna|keep|track|have|store|log|record|manage|save)';
const PATTERNS: RegExp[] = [
  new RegExp(`^(?:[-*•]\\s*)?${NOUN}\\s*(?::|\\s[-–—]\\s)\\s*(.+)$`, 'i'),
  new RegExp(
    `^(?:and\\s+|also\\s+)?for (?:the |our |my |all )?${NOUN},?\\s+(?:we|i)\\s+(?:also\\s+)?${WANT}(?: to (?:know|keep|store|track|save))?\\s+(.+)$`,
    'i',
  ),
  new RegExp(`^(?:and\\s+|also\\s+)?(?:each|every|a|an|one) ${NOUN} ${HAVE}\\s+(.+)$`, 'i'),
  new RegExp(
    `^(?:and\\s+)?(?:we|i)?\\s*(?:also\\s+|allso\\s+)?${WANT}\\s+(?:the |our |my |some )?${NOUN},?\\s+with\\s+(.+)$`,
    'i',
  ),
  new RegExp(
    `^(?:and\\s+)?(?:also\\s+|allso\\s+)?there (?:is|are) ${NOUN},?\\s+(?:they|which|wich|that|who)\\s+${HAVE}\\s+(.+)$`,
    'i',
  ),
  new RegExp(
    `^(?:and\\s+)?(?:also\\s+|allso\\s+)?(?:${WANT}\\s+)?(?:the |our |my )?${NOUN},?\\s+(?:which|wich|that|who|they)\\s+${HAVE}\\s+(.+)$`,
    'i',
  ),
];
// "a booking is a member on a date": the record is the thing it names and the rest of the sentence.
const IS_A =
  /^(?:and\s+)?(?:a|an|each|every|one) ([a-z][a-z-]*(?:\s[a-z][a-z-]*)?) (?:is|means) (?:a|an|the|one) ([a-z]+) (?:on|at|for|in|with|from|and) (?:an?\s+|the\s+|its\s+)?(.+)$/i;
// "Then there are shift assignments." — named, with nothing more said about them.
const THERE_ARE =
  /^(?:then\s+|and\s+|also\s+)?there (?:are|is) (?:also\s+)?(?:some\s+)?([a-z][a-z-]*(?:\s[a-z][a-z-]*)?s)(?:\s+too)?[.!]?$/i;
const LINK =
  /^(?:and\s+)?(?:each|every|an?|one) ([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?) (?:is|are) (?:linked|connected|tied|attached) to (.+)$/i;
const BELONGS =
  /^(?:and\s+)?(?:each|every|an?|one) ([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?) (?:belongs to|is for|is done by|is made by|goes to) (.+)$/i;

// "a directory of local suppliers for our restaurant: supplier name, …": the things the app is a list of.
const LIST_OF =
  /^(?:.*?\b)?(?:directory|list|library|database|register|catalogue|catalog|log|sheet|board|collection|inventory|table|tracker|record|overview) of (?:(?:my|our|the|all|local|every)\s+)*((?:[a-z-]+\s+)?[a-z-]+s)(?:\s+(?:for|in|at|of|from)\s+[^:]*)?:\s*(.+)$/i;
// "members, their plans and bookings", "teachers, classes and the marks linking them".
const ARTICLE = '(?:(?:the|their|our|my|its)\\s+)?';
const WORDS = '[a-z][a-z-]*(?:\\s[a-z][a-z-]*)?';
const ENUMERATION = new RegExp(
  `^(?:.*?\\b(?:keep|track|manage|store|need|want|have|log|of|with|for|about)\\s+)?${ARTICLE}(${WORDS})` +
    `((?:,\\s*${ARTICLE}${WORDS})*),?\\s+(?:and|&)\\s+${ARTICLE}(${WORDS})` +
    '(\\s+(?:linking|connecting|joining|between) (?:them|those|these|the two|both))?$',
  'i',
);

/** The plural nouns of a sentence that only names things, or null. */
function enumerationOf(line: string): { nouns: string[]; linking: boolean } | null {
  const m = ENUMERATION.exec(line.replace(/[.!]+$/, ''));
  if (!m) return null;
  const nouns = [m[1]!, ...m[2]!.split(',').map((p) => p.replace(/^\s*(?:the|their|our|my|its)\s+/i, '').trim()), m[3]!]
    .map((n) => n.trim())
    .filter(Boolean);
  const plural = (n: string) => /(?:[^s']s|people|children|staff)$/i.test(n) && !/(?:ss|us|is)$/i.test(n);
  if (nouns.length < 2 || !nouns.every(plural) || nouns.some((n) => APP_WORD.test(n))) return null;
  return { nouns, linking: Boolean(m[4]) };
}

// The app itself, not a kind of record in it ("issue tracker: …").
const APP_WORD =
  /(^|\s)(apps?|trackers?|systems?|planners?|managers?|organi[sz]ers?|tools?|databases?|crms?|portals?|dashboards?|sites?|websites?|spreadsheets?|sheets?|boards?|hubs?|logs?|journals?|registers?|diary|catalogues?|catalogs?)$/i;

// Words that open a sentence about the app, not a noun naming its records.
const NOT_A_NOUN =
  /^(need|want|ned|quick one|hi|hello|hey|note|ps|thanks|please|pls|it|this|that|we|i|the app|app|also|so|and|then)$/i;

// "runs that execute a protocol on a date with an operator": a plural noun, what it does, its fields.
const RELATIVE =
  /^(?:and\s+)?(?:the\s+)?([a-z][a-z-]*s)\s+(?:that|which|who|used|made|held|done|given|taken|sent|bought|sold|booked|logged|for|in|of|at)\b(.*?)\bwith\s+(?:an?\s+|the\s+)?(.+)$/i;
const WHEN_WHERE = /^(date|day|time|place|location|room|venue|price|amount)$/i;

/** Clauses of a line at depth 0 of parentheses, split at commas. */
function clausesOf(line: string): string[] {
  const out = [''];
  let depth = 0;
  for (const ch of line) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) out.push('');
    else out[out.length - 1] += ch;
  }
  return out;
}

/** Relative clauses of a line, read as entities; the clauses left over. */
function relativeClauses(line: string, segments: Segment[], links: LinkPhrase[]): string {
  const left: string[] = [];
  const before = segments.length;
  // "members (name, email) and meetings for a book with …": a group ends a clause too.
  for (const clause of clausesOf(line.replace(/\)\s+and\s+/g, '), and '))) {
    const m = RELATIVE.exec(clause.trim());
    if (!m || APP_WORD.test(m[1]!) || m[1]!.length < 4) {
      left.push(clause);
      continue;
    }
    const fields = [m[3]!.replace(/[.!]+$/, '')];
    for (const ref of m[2]!.matchAll(/\b(?:an?|the|each|every|one|its|their)\s+([a-z]+)/gi)) {
      if (WHEN_WHERE.test(ref[1]!)) fields.unshift(ref[1]!);
      else links.push({ noun: m[1]!, from: ref[1]!, to: ref[1]! });
    }
    segments.push({ noun: m[1]!, list: fields.join(', ') });
  }
  return segments.length === before ? line : left.join(',');
}

/** Lines, and sentences at depth 0 of parentheses. */
function linesOf(text: string): string[] {
  const out = splitOutsideParens(
    text,
    (ch, next, depth) => ch === '\n' || (depth === 0 && /[.!?;]/.test(ch) && /\s|$/.test(next)),
  );
  // "a member has a name, a plan has a price": one clause per entity.
  return out.flatMap((line) =>
    line.split(/,\s*(?:and\s+)?(?=(?:a|an|each|every|the)\s+[a-z-]+(?:\s[a-z-]+)?\s+(?:has|have|needs|is)\b)/i),
  );
}

const targetsOf = (list: string) =>
  list
    .split(/,|\band\b|&/i)
    .map((t) => t.replace(/^\s*(?:an?|the|one|its|their|some)\s+/i, '').trim())
    .filter(Boolean);

/** The entity lines and link sentences of a description, and the text they did not cover. */
export function listedSegments(text: string): { segments: Segment[]; links: LinkPhrase[]; rest: string } {
  const segments: Segment[] = [];
  const links: LinkPhrase[] = [];
  const rest: string[] = [];
  for (const whole of linesOf(text)) {
    const raw = relativeClauses(whole, segments, links);
    const line = raw.trim();
    const link = LINK.exec(line) ?? BELONGS.exec(line);
    if (link) {
      for (const target of targetsOf(link[2]!)) links.push({ noun: link[1]!, from: target, to: target });
      continue;
    }
    // "projects -> milestones -> tasks": each one belongs to the one before it.
    const chain = line.replace(/^[^:]*:\s*/, '').split(/\s*(?:->|→|=>|>)\s*/);
    if (chain.length > 1 && chain.every((n) => /^[a-z][a-z-]*(?:\s[a-z][a-z-]*)?s$/i.test(n))) {
      chain.forEach((noun, i) => {
        segments.push({ noun, list: '' });
        if (i > 0) links.push({ noun, from: chain[i - 1]!, to: chain[i - 1]! });
      });
      continue;
    }
    const listOf = LIST_OF.exec(line);
    if (listOf && listOf[2]!.includes(',')) {
      segments.push({ noun: listOf[1]!, list: listOf[2]!.replace(/[\s.!]+$/, '') });
      continue;
    }
    const enumeration = enumerationOf(line);
    if (enumeration) {
      const { nouns, linking } = enumeration;
      for (const noun of nouns) segments.push({ noun, list: '' });
      if (linking) for (const other of nouns.slice(0, -1)) links.push({ noun: nouns.at(-1)!, from: other, to: other });
      continue;
    }
    const isA = IS_A.exec(line);
    if (isA && !APP_WORD.test(isA[1]!)) {
      segments.push({ noun: isA[1]!, list: `${isA[2]}, ${isA[3]!.replace(/[.!]+$/, '')}` });
      continue;
    }
    const named = THERE_ARE.exec(line);
    if (named && !APP_WORD.test(named[1]!)) {
      segments.push({ noun: named[1]!, list: '' });
      continue;
    }
    const m = PATTERNS.map((p) => p.exec(line)).find(
      (x, i) =>
        x &&
        // "Plans - name, price": a dash or colon line needs a list, and no verb of its own after it.
        (i > 0 ||
          (x[2]!.includes(',') &&
            !/^\s*(?:[\w'-]+\s+){0,3}?(?:with|have|has|having|which|that)\b/i.test(x[2]!) &&
            // "orders — menu items (name, …)": a group of its own, read by the parenthesis reader.
            !/^[^,(]*\(/.test(x[2]!))) &&
        !NOT_A_NOUN.test(x[1]!.trim()) &&
        !APP_WORD.test(x[1]!.trim()),
    );
    if (m) segments.push({ noun: m[1]!.trim(), list: m[2]!.replace(/[\s.!]+$/, '') });
    else rest.push(raw);
  }
  return {
    segments,
    links,
    rest: rest
      .map((r) => r.trim())
      .filter(Boolean)
      .join('.\n'),
  };
}
