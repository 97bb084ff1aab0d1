import { readQuestion } from './question';
import { contentWords, splitSentences, type Sentence } from './sentences';
import { numberVerdict, yesNoVerdict, type Reading, type Verdict } from './verdict';

export interface Passage {
  sourceName: string;
  content: string;
}

/** "Yes." / "No, …" answering an FAQ question: read with that question's words as its own. */
const FAQ_REPLY = /^(?:yes|no)\b/i;

/** Policies speak of "items": a jacket, shoes or an order are items to them. */
const ITEM = contentWords('item');

/**
 * The sentences of the passages as the verdict reads them. Understood under each sentence: the
 * source's name, the FAQ question it answers, the sentence before it in its passage ("The final
 * exam is closed book. A page of notes is allowed.") and "item".
 */
export function readPassages(passages: Passage[]): Reading[] {
  const readings: Reading[] = [];
  passages.forEach((passage, i) => {
    const topic = contentWords(passage.sourceName.replace(/\.[a-z0-9]{2,4}$/i, ''));
    let faq: string[] = [];
    let previous: string[] = [];
    for (const sentence of splitSentences(passage.content, i)) {
      if (sentence.isHeading) continue;
      if (sentence.isQuestion) {
        faq = contentWords(sentence.text);
        previous = [];
        continue;
      }
      const words = contentWords(sentence.text);
      const own = new Set(words);
      if (FAQ_REPLY.test(sentence.text)) for (const w of faq) own.add(w);
      readings.push({
        sentence,
        own,
        implied: new Set([...topic, ...faq, ...ITEM]),
        before: new Set(previous),
      });
      previous = words;
    }
  });
  return readings;
}

const undoubled = (w: string) => w.replace(/(.)\1/g, '$1');

/** Damerau distance of at most one (a typo: one letter wrong, missing, extra or two swapped), or a doubled letter. */
function oneTypo(a: string, b: string): boolean {
  if (undoubled(a) === undoubled(b)) return true;
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const swap = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  return swap || a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** A question word no passage has, read as the passages' word one typo away ("quizes", "buisness"). */
function correctTypos(words: string[], readings: Reading[]): string[] {
  const vocabulary = new Set(readings.flatMap((r) => [...r.own]));
  return words.map((w) => {
    if (vocabulary.has(w) || w.length < 4) return w;
    return [...vocabulary].find((v) => (v.length >= 5 || undoubled(v) === undoubled(w)) && oneTypo(w, v)) ?? w;
  });
}

/** The verdict on a question, or undefined when it is not one the verdict reads (a search, a lookup). */
export function verdictOn(question: string, passages: Passage[]): Verdict | undefined {
  const q = readQuestion(question);
  if (q.kind === 'other' || !q.words.length) return undefined;
  const readings = readPassages(passages);
  q.words = [...new Set(correctTypos(q.words, readings))];
  if (q.kind === 'yes-no') return yesNoVerdict(q, readings);
  return numberVerdict(q, readings);
}

export type { Verdict, Sentence };
