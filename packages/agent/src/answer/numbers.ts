import { DURATION, UNIT_WORDS } from './lexicon';
import type { ReadQuestion } from './question';
import { contentWords } from './sentences';

/** A number as a passage writes it: money, a range ("3 to 7"), a phone number, a time, a share. */
const MENTION =
  /(?:[$€£]\s?)?\d[\d,]*(?:[.:]\d+)?(?:\s?(?:%|am\b|pm\b))?(?:\s?(?:-|–|to|and)\s?(?:[$€£]\s?)?\d[\d,]*(?:[.:]\d+)?(?:\s?(?:%|am\b|pm\b))?)?/gi;
/** Words after a number that belong to it ("30 days", "3 to 7 business days", "$39 per month"). */
const UNIT_TAIL =
  /^\s*((?:(?:business|working|calendar|consecutive|paid|sick|fully|per|a|an|each|years?|old|cm|mm|kg|g|lbs?|watts?|v|litres?|liters?|cups?|hours?|minutes?|days?|weeks?|months?|users?|projects?|students?|lectures?|nights?|euros?|dollars?|tall|wide|deep|month|week|day|year|night|user)\b\s*){0,3})/i;

export interface NumberAnswer {
  value: string;
  /** Whether it is the kind of number asked for (money for "how much", a duration for "how long"…). */
  fits: boolean;
  /** Whether the question asks for a kind of number at all. */
  asks: boolean;
}

/** The number of a sentence that answers the question: the best-fitting mention, nearest the question's words. */
export function numberAnswer(
  q: ReadQuestion,
  sentence: string,
  idf: (word: string) => number = () => 1,
): NumberAnswer | undefined {
  const asked = new Set(q.words);
  const text = q.text.toLowerCase();
  const quantity =
    /\bhow much (?!(?:is|are|was|does|do|did|will|would|should|can|could|for|to|it|money|cost)\b)\w+/.test(text);
  const units = UNIT_WORDS.filter((u) => u.asks.test(quantity ? text.replace(/\bhow much\b/, '') : text));
  const wantsDuration =
    /\bhow (?:long|soon|fast|quickly)\b|\bhow much (?:time|leave|vacation|holiday|notice|pto|sick)\b|\bhow many (?:minutes?|hours?|days?|weeks?|months?|years?)\b/.test(
      text,
    );
  // "How many books", "how much data": the thing counted; "how much is it" asks a price.
  const NOT_COUNTED =
    /^(?:is|are|was|does|do|did|will|would|should|can|could|for|to|it|i|you|we|they|of|on|in|money|cost|time)$/;
  const [, first, second] = /\bhow (?:many|much) (\w+)(?: (\w+))?/.exec(text) ?? [];
  // The last noun of "how many vacation days": the thing counted.
  const countOf =
    first && !NOT_COUNTED.test(first) ? (second && !NOT_COUNTED.test(second) ? second : first) : undefined;
  const countWord = countOf ? contentWords(countOf)[0] : undefined;
  const asks = units.length > 0 || wantsDuration || countWord !== undefined;
  let best: (NumberAnswer & { score: number }) | undefined;
  for (const m of sentence.matchAll(MENTION)) {
    const number = m[0].replace(/[,.]+$/, '');
    if (!/\d/.test(number)) continue;
    const start = m.index;
    const tail = m[0] === number ? (UNIT_TAIL.exec(sentence.slice(start + m[0].length))?.[1]?.trim() ?? '') : '';
    let value = `${number.trim()}${tail ? ` ${tail.replace(/\s+(?:a|an|each|per)$/i, '')}` : ''}`.trim();
    let fits = false;
    if (units.some((u) => u.unit.test(value) || u.unit.test(`${m[0]}`))) fits = true;
    if (wantsDuration && DURATION.test(value)) fits = true;
    if (countWord && !fits) {
      // The counted thing within a few words after the number: "10 books", "10 GB of data".
      const after = sentence.slice(start + m[0].length).match(/^(?:\s+[A-Za-z'-]+){1,4}/)?.[0] ?? '';
      const words = after.trim().split(/\s+/);
      const at = words.findIndex((w) => contentWords(w)[0] === countWord);
      if (at >= 0) [fits, value] = [true, `${number.trim()} ${words.slice(0, at + 1).join(' ')}`];
    }
    // Nearest the question's words: those in its own part of the sentence (between commas, "and") count most.
    const before = sentence.slice(0, start);
    const cut = Math.max(...[...before.matchAll(/[,;:]|\band\b|\bbut\b/g)].map((b) => b.index + b[0].length), 0);
    const after = sentence.slice(start + m[0].length).search(/[,;]|\band\b|\bbut\b/);
    const part = contentWords(sentence.slice(cut, after < 0 ? undefined : start + m[0].length + after));
    const around = contentWords(sentence.slice(Math.max(0, start - 40), start + m[0].length + 30));
    const weigh = (words: string[]) => words.filter((w) => asked.has(w)).reduce((sum, w) => sum + idf(w), 0);
    const near = 2 * weigh(part) + weigh(around) / 2;
    const score = (fits ? 10 : 0) + near - start / 1000;
    if (!best || score > best.score) best = { value, fits, score, asks };
  }
  return best && { value: best.value, fits: best.fits, asks };
}
