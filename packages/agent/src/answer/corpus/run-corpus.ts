import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeGroundedAnswer, type GroundedAnswer } from '../grounded-answer';

/**
 * The offline answer corpus (../README.md): 10 documents, each with customer questions and the
 * answer its text gives. Split once into a tuning half and a held-out half by a fixed seed.
 */
export type ExpectedKind = 'yes' | 'no' | 'number' | 'condition' | 'not-covered';

export interface CorpusQuestion {
  id: string;
  q: string;
  kind: ExpectedKind;
  expect?: string;
}

export interface CorpusDocument {
  file: string;
  name: string;
  paragraphs: string[];
  questions: CorpusQuestion[];
}

export const SPLIT_SEED = 20261128;

export function loadCorpus(dir = import.meta.dirname): CorpusDocument[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<CorpusDocument, 'file'>) }));
}

/** mulberry32: the same sequence for the same seed on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The held-out ids: half of all questions (ids sorted, then shuffled with the fixed seed). */
export function heldOutIds(docs: CorpusDocument[], seed = SPLIT_SEED): Set<string> {
  const ids = docs.flatMap((d) => d.questions.map((q) => q.id)).sort();
  const random = seeded(seed);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return new Set(ids.slice(0, Math.floor(ids.length / 2)));
}

export type Grade = 'correct' | 'wrong' | 'contradicts' | 'unsupported';

const hasNumber = (text: string, n: string) =>
  new RegExp(`(?:^|[^\\d.])${n.replace(/[.$]/g, '\\$&')}(?![\\d]|\\.\\d)`).test(text);

const numbersIn = (text: string) => text.match(/\d[\d,.]*/g)?.length ?? 0;

/**
 * Grades the whole answer (text and verdict) against the document. correct: the answer the
 * document gives. contradicts: yes for no (or no for yes), or another number. unsupported: a yes,
 * no or number where the document says nothing. wrong: the rest (not covered where the document
 * answers, a condition left out, quotes without a verdict).
 */
export function grade(question: CorpusQuestion, answer: GroundedAnswer): Grade {
  const verdict = answer.answered ? (answer.verdict ?? 'quotes') : 'not-covered';
  const lead = answer.text.split('\n\n')[0] ?? '';
  if (question.kind === 'not-covered')
    return verdict === 'not-covered' ? 'correct' : verdict === 'fact' || verdict === 'quotes' ? 'wrong' : 'unsupported';
  if (question.kind === 'yes' || question.kind === 'no') {
    if (verdict === question.kind) return 'correct';
    return verdict === 'yes' || verdict === 'no' ? 'contradicts' : 'wrong';
  }
  if (question.kind === 'number') {
    // A fact answers a number question when the sentence it quotes gives that number and no other.
    const quoted = answer.quotes[0]?.text ?? '';
    if (verdict === 'fact') return hasNumber(quoted, question.expect!) && numbersIn(quoted) === 1 ? 'correct' : 'wrong';
    if (verdict !== 'number') return 'wrong';
    return hasNumber(lead, question.expect!) ? 'correct' : 'contradicts';
  }
  // A condition: the answer must state it (in its lead or in the sentence it quotes, which every answer shows).
  if (verdict !== 'yes' && verdict !== 'no' && verdict !== 'depends') return 'wrong';
  return answer.text.toLowerCase().includes(question.expect!.toLowerCase()) ? 'correct' : 'wrong';
}

export interface HalfFigures {
  questions: number;
  correct: number;
  accuracy: number;
  contradicts: number;
  unsupported: number;
  failures: Array<{ id: string; q: string; expected: string; got: string; grade: Grade }>;
}

/** Both halves' figures: each question answered from its document, one paragraph per retrieved passage. */
export function runCorpus(docs = loadCorpus()): { tuning: HalfFigures; heldOut: HalfFigures } {
  const held = heldOutIds(docs);
  const empty = (): HalfFigures => ({
    questions: 0,
    correct: 0,
    accuracy: 0,
    contradicts: 0,
    unsupported: 0,
    failures: [],
  });
  const halves = { tuning: empty(), heldOut: empty() };
  for (const doc of docs) {
    const chunks = doc.paragraphs.map((content, i) => ({
      contextItemId: `${doc.file}#${i}`,
      sourceName: doc.name,
      content,
    }));
    for (const question of doc.questions) {
      const answer = writeGroundedAnswer({ question: question.q, chunks });
      const g = grade(question, answer);
      const half = held.has(question.id) ? halves.heldOut : halves.tuning;
      half.questions++;
      if (g === 'correct') half.correct++;
      else {
        if (g === 'contradicts') half.contradicts++;
        if (g === 'unsupported') half.unsupported++;
        const expected = `${question.kind}${question.expect ? ` ${question.expect}` : ''}`;
        const got = `${answer.verdict ?? (answer.answered ? 'quotes' : 'not covered')}: ${answer.text.replace(/\s+/g, ' ')}`;
        half.failures.push({ id: question.id, q: question.q, expected, got, grade: g });
      }
    }
  }
  for (const half of Object.values(halves)) half.accuracy = half.questions ? half.correct / half.questions : 0;
  return halves;
}
