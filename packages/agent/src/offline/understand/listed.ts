// Entities written out one sentence or one line each, the way people list them: "- members: name,
// email", "Plans - name, price", "For tenants we need name and phone", "Each payment has an amount",
// "We also keep plans, with …", "there is dogs, they have …", "also need seeds which have …", and the
// links said in a sentence of their own ("Every check-in is linked to a member and a plan").
// Read before the other readers, which get the rest of the text.
import type { LinkPhrase, Segment } from './segments';

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
const LINK =
  /^(?:and\s+)?(?:each|every|an?|one) ([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?) (?:is|are) (?:linked|connected|tied|attached) to (.+)$/i;
const BELONGS =
  /^(?:and\s+)?(?:each|every|an?|one) ([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?) (?:belongs to|is for|is done by|is made by|goes to) (.+)$/i;

// The app itself, not a kind of record in it ("issue tracker: …").
const APP_WORD =
  /(^|\s)(apps?|applications?|trackers?|systems?|planners?|managers?|organi[sz]ers?|tools?|databases?|crms?|portals?|dashboards?|sites?|websites?|spreadsheets?|sheets?|boards?|hubs?|logs?|journals?|registers?|diary|catalogues?|catalogs?)$/i;

// Words that open a sentence about the app, not a noun naming its records.
const NOT_A_NOUN =
  /^(need|want|ned|quick one|hi|hello|hey|note|ps|thanks|please|pls|it|this|that|we|i|the app|app|also|so|and|then)$/i;

/** Lines and sentences at depth 0 of parentheses. */
function linesOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    const ends = ch === '\n' || (depth === 0 && /[.!?;]/.test(ch) && /\s|$/.test(text[i + 1] ?? ''));
    if (ends) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
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
  for (const raw of linesOf(text)) {
    const line = raw.trim();
    const link = LINK.exec(line) ?? BELONGS.exec(line);
    if (link) {
      for (const target of targetsOf(link[2]!)) links.push({ noun: link[1]!, from: target, to: target });
      continue;
    }
    const m = PATTERNS.map((p) => p.exec(line)).find(
      (x, i) =>
        x &&
        // "Plans - name, price": a dash or colon line needs a list, and no verb of its own after it.
        (i > 0 ||
          (x[2]!.includes(',') && !/^\s*(?:[\w'-]+\s+){0,3}?(?:with|have|has|having|which|that)\b/i.test(x[2]!))) &&
        !NOT_A_NOUN.test(x[1]!.trim()) &&
        !APP_WORD.test(x[1]!.trim()) &&
        /[,]|\band\b|\s/.test(x[2]!.trim()) &&
        // "orders — menu items (name, …)": a group of its own, read by the parenthesis reader.
        !/^[^,(]*\(/.test(x[2]!),
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
