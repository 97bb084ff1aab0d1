import { GENERIC, MODIFIER_START } from './lexicon';
import { contentWords } from './sentences';

/**
 * What kind of answer a question wants: yes or no ("Can I…", "Is…"), a number ("How many days…",
 * "How much…", "What time…"), a fact ("What…", "Which…", "When…"), or none of those (a search, a
 * CSV lookup, a statement), which the quoting path answers as before.
 */
export type QuestionKind = 'yes-no' | 'number' | 'wh' | 'other';

export interface ReadQuestion {
  kind: QuestionKind;
  /** The words a passage must speak to (stemmed, synonyms read, generic words and numbers dropped). */
  words: string[];
  /** Of those, the words of a trailing detail ("with the tags on", "if it's unopened"). */
  detailWords: Set<string>;
  /** Its generic words ("get", "need"): never required, they only break a tie between sentences. */
  softWords: string[];
  /** Numbers the question states ("I'm 19", "my 15 year old"), for "at least N" passages. */
  numbers: number[];
  /** The question's own text (the last asking clause's start decides the kind). */
  text: string;
}

const AUX =
  /^(?:can|could|do|does|did|is|are|was|were|will|would|should|may|might|must|have|has|am|shall|isn't|aren't|don't|doesn't|can't)\b/i;
const NUMBER_ASK =
  /(?:^|\b(?:me|know|say|tell)\s+)(?:how (?:many|much|long|far|big|tall|high|wide|old|heavy|soon|early|late|fast|quickly)|(?:until|at|by) what time|what time|after how many|what(?:'s| is| are)? the (?:minimum|maximum|min|max)\b)/i;
/** An asking verb inside a clause that starts otherwise: "If I order at 1pm will it ship today". */
const EMBEDDED_AUX =
  /\b(?:can|could|do|does|did|is|are|will|would|should|may|must)\s+(?:i|it|we|you|they|he|she|my|the|this|that|there|these|those)\b/i;
const WH = /^(?:what|what's|whats|which|when|where|who|whose)\b/i;
const GENERIC_STEMS = new Set(contentWords([...GENERIC].join(' ')));
/** Generic verbs a passage may still say in its own words ("do I get" / "employees receive"). */
const SOFT_STEMS = new Set(contentWords('get have take'));

/** The clauses of a question, the last one that asks something first. */
function askingClause(text: string): string {
  const clauses = text
    .split(/[\n,;:.!?]+|\b(?:and|but|so)\b/i)
    .map((c) => c.trim())
    .filter(Boolean);
  for (let i = clauses.length - 1; i >= 0; i--) {
    const c = clauses[i]!.replace(/^(?:so|and|but|also|then|hi|hello|hey|please)\s+/i, '');
    if (AUX.test(c) || NUMBER_ASK.test(c) || WH.test(c)) return c;
  }
  const last = clauses[clauses.length - 1] ?? '';
  const embedded = EMBEDDED_AUX.exec(last);
  return embedded ? last.slice(embedded.index) : last;
}

export function readQuestion(question: string): ReadQuestion {
  const text = question.trim();
  const clause = askingClause(text);
  const kind: QuestionKind = NUMBER_ASK.test(clause)
    ? 'number'
    : AUX.test(clause)
      ? 'yes-no'
      : WH.test(clause)
        ? 'wh'
        : text.endsWith('?') && text.split(/\s+/).length >= 4
          ? 'yes-no'
          : 'other';
  const all = contentWords(text).filter((w) => !GENERIC_STEMS.has(w));
  const words = [...new Set(all.filter((w) => !/^\d+(?:[.,]\d+)?$/.test(w)))];
  // A detail starts after the asking words ("Can I return it | with the tags on?").
  const modifier = MODIFIER_START.exec(clause.slice(1));
  if (modifier) modifier.index += 1;
  const detail = modifier ? clause.slice(modifier.index) : '';
  // A detail word also said outside the detail is not only a detail.
  const outside = new Set(contentWords(text.replace(detail, ' ')));
  const detailWords = new Set(contentWords(detail).filter((w) => !outside.has(w)));
  const numbers = (text.match(/\b\d+(?:\.\d+)?\b/g) ?? []).map(Number);
  const softWords = contentWords(text).filter((w) => SOFT_STEMS.has(w));
  return { kind, words, detailWords, softWords, numbers, text };
}
