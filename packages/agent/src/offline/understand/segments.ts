// Where a description names an entity and lists its fields: "books (title, author)", "Clients: name,
// phone", "each trip has a destination, a date and …", "cards with a question and an answer".
import { firstNoun, lastNounPhrase } from './nlp';

export interface Segment {
  /** The noun phrase naming the entity ("new hires", "cards"). */
  noun: string;
  /** The field list as written. */
  list: string;
}

/** A link written as "an adoption links an animal to an adopter": the entity and the two it joins. */
export interface LinkPhrase {
  noun: string;
  from: string;
  to: string;
}

const HEADS =
  /^(apps?|applications?|trackers?|systems?|lists?|logs?|journals?|planners?|managers?|boards?|dashboards?|portals?|crms?|stuff|forms?|catalogues?|catalogs?|programs?|sites?|websites?|databases?|spreadsheets?|business|club|team|shop|store|studio|school|office|rota|intake|portfolio|directory|collection|checklist|reminders|picker|box|library|inventory|pipeline|log)$/i;
const FIELD_WORDS =
  /\b(name|title|date|email|e-mail|phone|price|cost|description|notes?|address|year|time|amount|photo|image|status|category|rating|type|link|url|website|age|size|quantity|author|location)\b/i;
const ANCHOR =
  /\b(with|having|has|have|contains?|includes?|needs?|leave)\b(?!\s+(?:many|several|multiple|a list of|lots of)\b)/gi;

/** Clears a span of text (keeping offsets) once it has been read. */
const blank = (text: string, from: number, to: number) => text.slice(0, from) + ' '.repeat(to - from) + text.slice(to);

/** True when the head word of a noun phrase names the app rather than a thing in it. */
export const isHeadWord = (noun: string) => HEADS.test(noun.trim().split(/\s+/).at(-1) ?? '');

/**
 * Splits text where `ends(ch, next, depth)` says a piece ends, tracking the depth of parentheses (the
 * ending character is dropped); pieces come back untrimmed.
 */
export function splitOutsideParens(text: string, ends: (ch: string, next: string, depth: number) => boolean): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ends(ch, text[i + 1] ?? '', depth)) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** Sentences split at depth 0 (a ";" inside parentheses belongs to the list). */
const sentencesOf = (text: string): string[] =>
  splitOutsideParens(
    text,
    (ch, next, depth) =>
      depth === 0 && (ch === ';' || ch === '\n' || ((ch === '.' || ch === '!' || ch === '?') && /\s|$/.test(next))),
  )
    .map((s) => s.trim())
    .filter(Boolean);

/** The last noun phrase, keeping the word before a vague head: "order lines", not "lines". */
function withModifier(clause: string): { phrase: string; start: number } | null {
  const np = lastNounPhrase(clause);
  if (!np || !/^(lines|items|entries|slips)$/i.test(np.phrase)) return np;
  const word = /([a-z]+)\s+$/i.exec(clause.slice(0, np.start));
  if (!word || /^(the|a|an|and|with|of|our|my|their|some|all|for)$/i.test(word[1]!)) return np;
  return { phrase: `${word[1]} ${np.phrase}`, start: word.index };
}

/** Top-level "noun (fields)" groups whose contents read as fields, not as a field's choices. */
function parenthesisSegments(text: string): { segments: Segment[]; rest: string } {
  const segments: Segment[] = [];
  let rest = text;
  let depth = 0;
  let open = -1;
  // Where the last "noun (fields)" group ended: "members (name, email), books (title)" lists entities.
  let lastEnd = -1;
  let lastClose = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(' && depth++ === 0) open = i;
    if (text[i] === ')' && depth > 0 && --depth === 0) {
      const inside = text.slice(open + 1, i);
      const before = text.slice(0, open);
      const np = withModifier(before.split(/[:,;.]/).at(-1) ?? before);
      const head = np?.phrase.split(/\s+/).at(-1) ?? '';
      const plural = (/[^s]s$/i.test(head) && !/(us|is)$/i.test(head)) || /(people|children)$/i.test(head);
      const lead = before
        .slice(0, before.length - (before.split(/[:,;.]/).at(-1)!.length - (np?.start ?? 0)))
        .trimEnd();
      // "a name, species (dog, cat)" or "a meal (breakfast, lunch)" is a field with its choices.
      // Right after another group: a sibling entity when that group was one, another field when it was a field's choices.
      const afterGroup = lastClose >= 0 && /^\s*(,|,?\s*and)$/i.test(text.slice(lastClose, lead.length));
      const inList = afterGroup
        ? lastClose !== lastEnd
        : /,$/.test(lead) || /\b(an?|the)$/i.test(lead) || /,[^.;:()]*\band$/i.test(lead);
      if (
        np &&
        !inList &&
        (plural || /\b(name|title)\b/i.test(inside)) &&
        (FIELD_WORDS.test(inside) || inside.includes(','))
      ) {
        segments.push({ noun: np.phrase, list: inside });
        const start = before.length - (before.split(/[:,;.]/).at(-1)!.length - np.start);
        rest = blank(rest, start, i + 1);
        lastEnd = i + 1;
      }
      lastClose = i + 1;
    }
  }
  return { segments, rest };
}

/** The entity segments of a description, the links it writes out, and the text left unread. */
export function segmentsOf(description: string): { segments: Segment[]; links: LinkPhrase[]; rest: string } {
  const text = description
    .replace(/\s+[—–]\s+/g, ': ')
    .replace(/\be-mail\b/gi, 'email')
    .replace(/\s*\((?:e\.?g\.?|i\.?e\.?|such as|like)\b[^()]*\)|\s*\([^()]*\betc\.?\)/gi, '');
  const { segments, rest } = parenthesisSegments(text);
  const links: LinkPhrase[] = [];
  const unread: string[] = [];
  for (const sentence of sentencesOf(rest)) {
    const each =
      /\bfor\s+(?:each|every)\s+(\w+)\s*,?\s*(?:i|we)\s+(?:want|need|store|track|keep)\s+(?:to\s+(?:store|track|save|know|keep)\s+)?(.+)$/i.exec(
        sentence,
      );
    if (each) {
      segments.push({ noun: each[1]!, list: each[2]! });
      continue;
    }
    const link =
      /^(.*?)\b(?:links?|linking|connects?|connecting)\s+(?:an?|the|each)?\s*(\w+)\s+(?:to|with|and)\s+(?:an?|the|each)?\s*(\w+)(?:\s+with\s+(.+))?$/i.exec(
        sentence,
      );
    if (link) {
      const noun = withModifier(link[1]!.split(/[:;]/).at(-1)!)?.phrase;
      if (noun) {
        links.push({ noun, from: link[2]!, to: link[3]! });
        segments.push({ noun, list: link[4] ?? '' });
        continue;
      }
    }
    const anchors: Array<{ noun: string; nounStart: number; listStart: number }> = [];
    for (const m of sentence.matchAll(ANCHOR)) {
      const prefix = sentence.slice(0, m.index);
      const depth = (prefix.match(/\(/g)?.length ?? 0) - (prefix.match(/\)/g)?.length ?? 0);
      if (depth > 0) continue;
      const lastList = anchors.at(-1)?.listStart ?? 0;
      const local = sentence.slice(lastList, m.index);
      if (/\b(and|but|also)\s*$/i.test(local) && !/,/.test(local.slice(-12)) && anchors.length === 0) {
        const subject = firstNoun(sentence.split(':').at(-1)!);
        if (subject) anchors.push({ noun: subject, nounStart: m.index, listStart: m.index + m[0].length });
        continue;
      }
      const clause = local.split(/[:]/).at(-1)!;
      const np = lastNounPhrase(clause);
      if (!np || /^(each|every)$/i.test(np.phrase)) continue;
      // "a mood journal with date, mood, sleep hours": the app's name stands for its record when a field list follows.
      const after = sentence.slice(m.index + m[0].length);
      const fieldList = /^with$/i.test(m[0]) && after.includes(',') && !after.includes(':') && FIELD_WORDS.test(after);
      if (isHeadWord(np.phrase) && !(anchors.length === 0 && fieldList)) continue;
      const nounStart = m.index - clause.length + np.start;
      // "from a start time to an end time with …": a noun after a preposition is not the subject.
      if (/\b(to|from|on|at|for|of|in|by|about)\s+(?:an?\s+|the\s+)?$/i.test(clause.slice(0, np.start))) continue;
      if (anchors.length && nounStart < anchors.at(-1)!.listStart) continue;
      // "a feedback form: visitors leave their name, a rating and a comment" — what they leave is the record.
      const left =
        /^(leave|submit|send)s?$/i.test(m[0]) &&
        /people|visitors?|customers?|guests?|users?|students?|parents?|members?|patients?|clients?|applicants?|candidates?|attendees?/i.test(
          np.phrase,
        )
          ? /\b([a-z]+)\s+(?:form|survey|box)\b/i.exec(description)?.[1]
          : undefined;
      anchors.push({ noun: left ?? np.phrase, nounStart, listStart: m.index + m[0].length });
    }
    if (anchors.length) {
      anchors.forEach((a, i) => {
        const end = anchors[i + 1]?.nounStart ?? sentence.length;
        const list = sentence.slice(a.listStart, end).replace(/[\s,]*(?:and|,)?\s*(?:each|every|the|a|an)?\s*$/i, '');
        if (list.trim()) segments.push({ noun: a.noun, list });
      });
      continue;
    }
    const colon = /^(.*):\s*(.+)$/.exec(sentence);
    if (colon && colon[2]!.split('(')[0]!.includes(',')) {
      const np = lastNounPhrase(colon[1]!);
      if (np && !isHeadWord(np.phrase)) {
        segments.push({ noun: np.phrase, list: colon[2]! });
        continue;
      }
    }
    unread.push(sentence);
  }
  return { segments, links, rest: unread.join('. ') };
}
