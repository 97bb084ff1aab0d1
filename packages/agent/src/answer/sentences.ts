import { OPPOSITES, PHRASES, SURFACE_SYNONYMS } from './lexicon';

/**
 * Words and sentences for the offline answer model: plain, deterministic text handling (no model).
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our please so than that the their them then there these they this those to us was ' +
    'we were what when where which who whom why will with would you your yours about any some also just ' +
    'should shall may might must am he she his her him hers itself myself yourself ourselves themselves ' +
    'whether all each every both very too ' +
    // Words of instructions rather than of a question.
    'answer answers question questions user users customer customers based data information info write tell ' +
    'give provide using use short reply respond help find know want need like make ' +
    // Chat spellings.
    'whats hows wheres whens u ur pls plz im ive id hi hello hey thanks thank guys dear ' +
    'thinking wondering planning considering curious quick'
  ).split(' '),
);

/** "shipp" -> "ship" once "-ing" / "-ed" is cut from "shipping" / "dropped". */
const undouble = (w: string) => (/([bdgmnprt])\1$/.test(w) ? w.slice(0, -1) : w);

/** A light English stemmer: enough that "prices" meets "price" and "opening" meets "open". */
export function stem(word: string): string {
  if (word.length > 4 && /ie[sd]$/.test(word)) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:s|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'))
    return word.length > 6 && word.endsWith('ings') ? undouble(word.slice(0, -4)) : word.slice(0, -1);
  if (word.length > 5 && word.endsWith('ing')) return undouble(word.slice(0, -3));
  if (word.length > 4 && word.endsWith('ed')) return undouble(word.slice(0, -2));
  return word;
}

/** The text with the lexicon's phrases read as one word, and short hyphenated words joined ("wi-fi", "k-cups"). */
export function normalizeText(text: string): string {
  let out = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b([a-z]{1,2})-([a-z]+)\b/g, '$1$2');
  for (const [phrase, word] of PHRASES) out = out.replace(phrase, word);
  return out;
}

/** A surface word as the lexicon reads it: its synonym's or its opposite's word. */
const canonical = (w: string) => SURFACE_SYNONYMS.get(w) ?? OPPOSITES[w] ?? w;

/** A word's stem without a final "e", "-able", "-ship", "-ly" or "-er", cut to 7 letters ("included" / "include", "refundable" / "refund", "monthly" / "month"). */
const SUFFIX = /(?<=\w{4})(?:able|ible|ship|ly|er)$/;
const root = (w: string) =>
  stem(w)
    .replace(SUFFIX, '')
    .replace(SUFFIX, '')
    .replace(/(?<=\w{3})e$/, '')
    .slice(0, 7);

/** The content words of a text, lowercased and stemmed, stop words dropped (order kept, repeats kept). */
export function contentWords(text: string): string[] {
  const words = normalizeText(text).match(/[a-z0-9]+(?:[.,][0-9]+)?/g) ?? [];
  // Stems cut to 7 letters so a word's forms meet ("delivery", "deliver", "delivered").
  return words
    .filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map((w) => (/^\d/.test(w) ? w : root(canonical(w))));
}

export interface Sentence {
  text: string;
  /** Index of the chunk it came from. */
  chunk: number;
  /** Position within its chunk. */
  position: number;
  isQuestion: boolean;
  /** A section title ("# Warranty", or a short line of a few words with no punctuation): it ends an answer and is never quoted. */
  isHeading: boolean;
}

/** A heading line: Markdown's `#`, or a title of at most four words without any punctuation. */
const HEADING = /^\s*#{1,6}\s/;
const BARE_TITLE = /^[^.!?:;,]+$/;

/** Line prefixes that are layout, not words: bullets, headings, quotes, "Q:" / "A:" labels. */
const LINE_PREFIX = /^(?:\s*(?:[-*+>•]|#{1,6}|\d+[.)]|q(?:uestion)?\s*[:.]|a(?:nswer)?\s*[:.])\s*)+/i;

/**
 * The sentences of a chunk: lines first (a CSV row, a list item and an FAQ line are each one), then
 * sentence ends inside a line. Layout prefixes are dropped; fragments shorter than 3 characters too;
 * headings are kept as section markers.
 */
export function splitSentences(content: string, chunk: number): Sentence[] {
  const out: Sentence[] = [];
  for (const rawLine of content.split(/\r?\n/)) {
    const line = rawLine.replace(LINE_PREFIX, '').trim();
    if (!line) continue;
    if (HEADING.test(rawLine) || (BARE_TITLE.test(line) && line.split(/\s+/).length <= 4)) {
      out.push({ text: line, chunk, position: out.length, isQuestion: false, isHeading: true });
      continue;
    }
    for (const piece of line.split(/(?<=[.!?])\s+(?=["“'(\p{Lu}\d])/u)) {
      const text = piece.trim();
      if (text.length < 3) continue;
      out.push({ text, chunk, position: out.length, isQuestion: text.endsWith('?'), isHeading: false });
    }
  }
  return out;
}
