import { ASKS_OPPOSITE, CONDITION, saysNo } from './lexicon';
import { numberAnswer } from './numbers';
import type { ReadQuestion } from './question';
import { contentWords, type Sentence } from './sentences';

const stemOf = (w: string) => contentWords(w)[0] ?? w;

/**
 * What the passages say to a question: yes or no only where a passage states it (a "no" also from
 * "cannot", "non-refundable", "except swimwear"), "it depends" with the condition when a passage
 * makes it conditional ("only if", "subject to", "at least 16"), the number a passage gives, or
 * not covered. Every verdict but the last names the sentence it stands on.
 */
export type Verdict =
  | { kind: 'yes' | 'no' | 'depends'; sentence: Sentence; condition?: string }
  | { kind: 'number'; sentence: Sentence; value: string }
  | { kind: 'fact'; sentence: Sentence }
  | { kind: 'not-covered' };

/** A sentence as the verdict reads it: its own words and the words it is understood under. */
export interface Reading {
  sentence: Sentence;
  own: Set<string>;
  /** The source's name and, in an FAQ, the question it answers. */
  implied: Set<string>;
  /** The words of the sentence before it: they count for a no or a condition, never for a yes. */
  before: Set<string>;
}

interface Match {
  reading: Reading;
  /** Share of the question's weight the sentence speaks to (own and implied words). */
  coverage: number;
  missing: string[];
}

/** Share of the core question's weight a "no" or a number must cover; a "yes" must cover all of it. */
const NO_COVERAGE = 0.55;

const NUMERIC_LIMIT = /^(?:at least|up to|under|longer than|more than)\s+\d/i;
const NUMBER_LIMIT =
  /\b(?:at least|under|over|more than|longer than|up to|aged|ages?) \d|\b\d+ (?:\w+ )?or (?:older|over|more)\b|\b\d+ (?:\w+ )?to \d+/i;

const OPPOSITE_WORDS: Record<string, string> = { before: 'after', after: 'before', over: 'under', under: 'over' };

export function idfOf(readings: Reading[]): (word: string) => number {
  const df = new Map<string, number>();
  for (const r of readings) for (const w of r.own) df.set(w, (df.get(w) ?? 0) + 1);
  const n = readings.length;
  return (w) => Math.log(1 + n / (df.get(w) ?? 0.5));
}

export function bestMatch(
  q: ReadQuestion,
  readings: Reading[],
  idf: (w: string) => number,
  bonus: (r: Reading) => number = () => 0,
): Match | undefined {
  const total = q.words.reduce((sum, w) => sum + idf(w), 0) || 1;
  let best: (Match & { rank: number }) | undefined;
  for (const reading of readings) {
    if (!q.words.some((w) => reading.own.has(w))) continue;
    let got = 0;
    let own = 0;
    const missing: string[] = [];
    for (const w of q.words)
      if (reading.own.has(w)) [got, own] = [got + idf(w), own + idf(w)];
      else if (reading.implied.has(w) || reading.before.has(w)) got += idf(w);
      else missing.push(w);
    const coverage = got / total;
    // Words it says itself count over words it is only understood under; on a tie the one saying
    // the question's generic words ("get": "receive"), then the shorter sentence.
    const soft = q.softWords.filter((w) => reading.own.has(w)).length / 100;
    const rank = coverage + own / total / 2 + bonus(reading) + soft - reading.own.size / 10_000;
    if (!best || rank > best.rank + 1e-9) best = { reading, coverage, missing, rank };
  }
  return best;
}

/** The clause of a sentence that speaks most to the question (the later one on a tie: exceptions come last). */
function clausesOf(text: string): string[] {
  return text
    .split(
      /;|,?\s+but\s+|,\s+and\s+|\s+and\s+(?=(?:are|is|can|cannot|must|will|may|not|closed|never)\b)|,\s+(?=waived|except)/i,
    )
    .map((c) => c.trim())
    .filter(Boolean);
}

interface Reasoned {
  kind: 'yes' | 'no' | 'depends';
  condition?: string;
  /** The answer rests on an exception naming the question's subject. */
  byException?: boolean;
}

/** Hours in a unit of time; 1 for a unit that is not one (a count, an age in years is its own unit). */
const HOURS: Record<string, number> = { hour: 1, day: 24, week: 168, month: 730, year: 8760 };
const unitOf = (word: string | undefined) => (word ?? '').toLowerCase().replace(/s$/, '');

/** A number the question states, in the unit of the condition's number; undefined when they cannot be compared. */
function askedNumber(q: ReadQuestion, unit: string): number | undefined {
  const stated = /(\d+(?:\.\d+)?)\s*-?\s*([a-z]+)?/i.exec(q.text.replace(/\b\d+(?:am|pm)\b/gi, ''));
  if (!stated) return undefined;
  const n = Number(stated[1]);
  const [from, to] = [unitOf(stated[2]), unitOf(unit)];
  if (HOURS[from] && HOURS[to]) return (n * HOURS[from]!) / HOURS[to]!;
  if (HOURS[from] || HOURS[to])
    return from === to || !from || !HOURS[from] ? (HOURS[to] && from ? undefined : n) : undefined;
  return n;
}

/** Whether the question meets, breaks or leaves open a condition clause. */
function conditionHolds(q: ReadQuestion, condition: string): boolean | undefined {
  // "aged 6 months to 5 years" against "my 4 year old".
  const range = /(\d+(?:\.\d+)?)\s+(\w+)\s+to\s+(\d+(?:\.\d+)?)\s*(\w+)?/i.exec(condition);
  if (range && q.numbers.length) {
    const m = askedNumber(q, range[4] ?? range[2]!);
    if (m === undefined) return undefined;
    const low = Number(range[1]) / (/^months?$/i.test(range[2]!) && /^years?$/i.test(range[4] ?? '') ? 12 : 1);
    return m >= low && m <= Number(range[3]);
  }
  const orMore = /(\d+(?:\.\d+)?)\s*(\w+)?\s+or (?:older|over|more)/i.exec(condition);
  const limit = /\b(at least|under|over|longer than|more than|up to)\s+(\d+(?:\.\d+)?)\s*(\w+)?/i.exec(condition);
  if ((limit || orMore) && q.numbers.length) {
    if (limit && q.text.toLowerCase().includes(`${limit[1]!.toLowerCase()} ${limit[2]}`)) return true;
    const op = limit ? limit[1]!.toLowerCase() : 'at least';
    const n = Number(limit ? limit[2] : orMore![1]);
    const m = askedNumber(q, (limit ? limit[3] : orMore![2]) ?? '');
    if (m === undefined) return undefined;
    return op === 'at least' ? m >= n : op === 'under' || op === 'up to' ? m < n : m > n;
  }
  const words = contentWords(condition.replace(CONDITION, ' '));
  if (!words.length) return undefined;
  const asked = new Set(q.words);
  if (asked.has(words[0]!)) return true;
  if (words.some((w) => OPPOSITE_WORDS[w] && asked.has(OPPOSITE_WORDS[w]))) return false;
  // The question names another of the same thing: "the Team plan" against "only on the Business plan".
  const head = words[words.length - 1]!;
  if (words.length > 1 && asked.has(head) && !q.detailWords.has(head) && !words.slice(0, -1).some((w) => asked.has(w)))
    return false;
  return undefined;
}

function reason(q: ReadQuestion, text: string, implied: Set<string>): Reasoned {
  const asked = new Set(q.words);
  const except = /,?\s*\b(?:except|excluding|other than|apart from)\b(?:\s+for)?\s*/i.exec(text);
  if (except) {
    const main = text.slice(0, except.index);
    const rest = text.slice(except.index + except[0].length).replace(/[.;]\s*$/, '');
    const mainWords = new Set(contentWords(main));
    const mainNo = saysNo(main, asked, stemOf);
    if (contentWords(rest).some((w) => asked.has(w) && !mainWords.has(w)))
      return { kind: mainNo ? 'yes' : 'no', byException: true };
    return { kind: mainNo ? 'no' : 'yes', condition: `except ${rest}` };
  }
  const clauses = clausesOf(text);
  let pick = clauses[0] ?? text;
  let pickHits = -1;
  for (const c of clauses) {
    const hits = contentWords(c).filter((w) => asked.has(w)).length;
    if (hits >= pickHits) [pick, pickHits] = [c, hits];
  }
  const yes = /^yes\b/i.test(text);
  const no = /^no\b/i.test(text) || (!yes && saysNo(pick, asked, stemOf));
  // "Calculators are permitted; phones are not" asked about a phone as a calculator: both hold something asked.
  const pickWords = new Set(contentWords(pick));
  const conflicting = clauses.find(
    (c) =>
      c !== pick &&
      /;|\bbut\b/i.test(text) &&
      saysNo(c, asked, stemOf) !== (no && !yes) &&
      contentWords(c).some((w) => asked.has(w) && !pickWords.has(w) && !implied.has(w)),
  );
  if (conflicting) return { kind: 'depends', condition: conflicting.replace(/[.;]\s*$/, '') };
  const found = CONDITION.exec(pick);
  // "(top rack only)": a condition in brackets qualifies the answer without changing it.
  const bracketed = /\(([^)]*)\)/.exec(pick);
  if (found && bracketed && found.index > bracketed.index && found.index < bracketed.index + bracketed[0].length)
    return { kind: no ? 'no' : 'yes', condition: bracketed[1] };
  if (found) {
    const condition = pick.slice(found.index).replace(/[.;]\s*$/, '');
    const holds = conditionHolds(q, condition);
    // A limit ("at least 16", "up to 3 months") nobody asked a number about: the answer, with its limit.
    if (holds === undefined && !q.numbers.length && NUMERIC_LIMIT.test(condition))
      return { kind: no ? 'no' : 'yes', condition };
    if (holds === undefined) return { kind: 'depends', condition };
    return { kind: holds === !no ? 'yes' : 'no' };
  }
  // "Late work loses 10% a day and is not accepted after 3 days" (the same subject, a no about
  // something not asked): a yes with a limit is a condition.
  const limiting = clauses.find(
    (c) =>
      c !== pick &&
      /^(?:are|is|can|cannot|must|will|may|not|never)\b/i.test(c) &&
      saysNo(c, asked, stemOf) &&
      !contentWords(c).some((w) => asked.has(w)),
  );
  if (!no && limiting) return { kind: 'depends', condition: limiting.replace(/[.;]\s*$/, '') };
  return { kind: no ? 'no' : 'yes' };
}

/** A yes/no question's verdict, or not covered when no sentence states an answer to all it asks. */
export function yesNoVerdict(q: ReadQuestion, readings: Reading[]): Verdict {
  const idf = idfOf(readings);
  // A question stating a number ("I'm 19, can I…") is about a sentence that sets a limit on one.
  const limited = (r: Reading) => (q.numbers.length && NUMBER_LIMIT.test(r.sentence.text) ? 0.2 : 0);
  const match = bestMatch(q, readings, idf, limited);
  if (!match) return { kind: 'not-covered' };
  const result = reason(q, match.reading.sentence.text, match.reading.implied);
  const missingCore = match.missing.filter((w) => !q.detailWords.has(w));
  const coreTotal = q.words.filter((w) => !q.detailWords.has(w)).reduce((s, w) => s + idf(w), 0) || 1;
  const coreCoverage = 1 - missingCore.reduce((s, w) => s + idf(w), 0) / coreTotal;
  // A "no" stated for the question's subject holds whatever detail the question adds; a "yes"
  // or a condition must speak to every word the question asks about.
  if (q.words.every((w) => q.detailWords.has(w))) return { kind: 'not-covered' };
  const vocabulary = new Set(readings.flatMap((r) => [...r.own]));
  const stands =
    result.kind === 'no'
      ? coreCoverage >= NO_COVERAGE && (result.byException || missingCore.every((w) => !vocabulary.has(w)))
      : result.kind === 'depends'
        ? !missingCore.length
        : !match.missing.length;
  if (!stands) return { kind: 'not-covered' };
  const r = match.reading;
  if (result.kind === 'yes' && !result.condition && !q.words.every((w) => r.own.has(w) || r.implied.has(w)))
    return { kind: 'not-covered' };
  // "Can I check in at 1 pm?" against "Check-in is from 3 pm": a number asked and another given, not compared.
  const text = r.sentence.text;
  const saysAsked = q.numbers.some((n) => new RegExp(`(?<![\\d.])${n}(?!\\d)`).test(text));
  if (
    q.numbers.length &&
    /\d/.test(text) &&
    !saysAsked &&
    !NUMBER_LIMIT.test(text) &&
    !result.byException &&
    result.kind !== 'depends'
  )
    return { kind: 'depends', sentence: r.sentence };
  // "Are you closed on Sundays?" against "closed on Sundays": the passage's no is the question's yes.
  const turned = ASKS_OPPOSITE.test(q.text) && result.kind !== 'depends';
  const kind = turned ? (result.kind === 'yes' ? 'no' : 'yes') : result.kind;
  return { kind, sentence: match.reading.sentence, condition: result.condition };
}

/**
 * A number question's verdict ("How many days…", "What time…"): the number of the best-matching
 * sentence that is the kind asked for. A "what/which/when" question asking for no kind of number
 * gets the best-matching sentence as a fact.
 */
export function numberVerdict(q: ReadQuestion, readings: Reading[]): Verdict {
  const idf = idfOf(readings);
  const plain = bestMatch(q, readings, idf);
  const asksUnit = q.kind === 'number' || numberAnswer(q, '1')?.asks;
  if (asksUnit) {
    const withNumbers = readings.filter((r) => /\d/.test(r.sentence.text));
    const match = bestMatch(q, withNumbers, idf, (r) => (numberAnswer(q, r.sentence.text)?.fits ? 0.3 : 0));
    const found = match && match.coverage >= NO_COVERAGE && numberAnswer(q, match.reading.sentence.text, idf);
    if (found && found.fits && (!plain || match.coverage + 0.3 >= plain.coverage))
      return { kind: 'number', sentence: match.reading.sentence, value: found.value };
    if (q.kind === 'number') return { kind: 'not-covered' };
  }
  if (plain && plain.coverage >= NO_COVERAGE && !plain.missing.some((w) => !q.detailWords.has(w) && idf(w) > 2))
    return { kind: 'fact', sentence: plain.reading.sentence };
  return { kind: 'not-covered' };
}
