import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { composeAnswer, type Lead } from './compose';
import { readInstructions, type AnswerStyle } from './instructions';
import { fillJsonSchema } from './json-fill';
import { verdictOn } from './read-passages';
import { contentWords, splitSentences, type Sentence } from './sentences';
import type { Verdict } from './verdict';

/** A retrieved passage of the builder's data, best first. */
export interface GroundingChunk {
  contextItemId: string;
  /** The data item's name, shown as the quote's source. */
  sourceName: string;
  content: string;
}

export interface GroundedAnswerInput {
  /** What the person asked or filled in: these words decide which sentences are quoted. */
  question: string;
  /** The builder's instructions (tags already filled): their words count a little. */
  instructions?: string;
  chunks: GroundingChunk[];
  /** A JSON Schema to fill from the quoted sentences (`Core.InvokeLLM`'s response_json_schema). */
  responseJsonSchema?: Record<string, unknown>;
  /** How many sentences to quote at most. */
  maxQuotes?: number;
  /** Whether there is data to search at all (by default: whether any chunk came); says which "no answer" it is. */
  hasData?: boolean;
}

export interface Quote {
  text: string;
  contextItemId: string;
  sourceName: string;
  score: number;
}

export interface GroundedAnswer {
  /** The answer as markdown: the quotes, each under its source. */
  text: string;
  quotes: Quote[];
  /** One per data item quoted, with the sentences quoted from it. */
  sources: Array<{ contextItemId: string; name: string; excerpt: string }>;
  /** Filled from the quotes when a schema was given; never from anything else. */
  json?: unknown;
  /** False when the data had nothing on the question (the text says so plainly). */
  answered: boolean;
  /** What a question was answered with: yes, no, depends, a number, a fact, not covered; absent for a search. */
  verdict?: Verdict['kind'];
  /** The builder's instructions it could not follow (also said at the end of the text). */
  notApplied: string[];
}

const QUESTION_WEIGHT = 1;
const INSTRUCTIONS_WEIGHT = 0.3;
/** A quote after the first must score at least this share of the best one. */
const RELATIVE_FLOOR = 0.45;

interface Scored {
  sentence: Sentence;
  score: number;
  /** Question words it shares (instructions' words alone never make a quote). */
  questionHits: number;
}

/** Term weights of the question (1) and the instructions (0.3); a word in both keeps the larger. */
function weightsOf(question: string, instructions: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const word of contentWords(instructions ?? '')) weights.set(word, INSTRUCTIONS_WEIGHT);
  for (const word of contentWords(question)) weights.set(word, QUESTION_WEIGHT);
  return weights;
}

/** Scores every sentence against the terms: Σ weight × idf over distinct shared words, lightly length-normalised. */
export function scoreSentences(sentences: Sentence[], weights: Map<string, number>): Scored[] {
  const words = sentences.map((s) => new Set(contentWords(s.text)));
  const df = new Map<string, number>();
  for (const set of words) for (const w of set) if (weights.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = sentences.length;
  return sentences.map((sentence, i) => {
    let score = 0;
    let questionHits = 0;
    for (const w of words[i]!) {
      const weight = weights.get(w);
      if (!weight) continue;
      score += weight * Math.log(1 + n / df.get(w)!);
      if (weight >= QUESTION_WEIGHT) questionHits++;
    }
    // Long sentences match more words by chance; earlier chunks ranked higher in retrieval.
    score = score / Math.sqrt(1 + words[i]!.size / 12) + 0.001 * (1 / (1 + sentence.chunk));
    return { sentence, score, questionHits };
  });
}

/**
 * A matched question in the data (an FAQ entry) is not the answer: the sentences after it, up to
 * the next question, are.
 */
function answerOf(match: Sentence, all: Sentence[]): Sentence[] {
  if (!match.isQuestion) return [match];
  const following = all.filter((s) => s.chunk === match.chunk && s.position > match.position);
  const answer: Sentence[] = [];
  for (const s of following) {
    if (s.isQuestion || s.isHeading || answer.length >= 2) break;
    answer.push(s);
  }
  return answer;
}

/** The sentence a verdict stands on, with the one after a bare "Yes." of an FAQ. */
function verdictQuote(sentence: Sentence, chunks: GroundingChunk[]): Quote {
  const chunk = chunks[sentence.chunk]!;
  let text = sentence.text;
  if (/^(?:yes|no)[.!]?$/i.test(text)) {
    const next = splitSentences(chunk.content, sentence.chunk).find((s) => s.position === sentence.position + 1);
    if (next && !next.isQuestion && !next.isHeading) text = `${text} ${next.text}`;
  }
  return { text, contextItemId: chunk.contextItemId, sourceName: chunk.sourceName, score: 1 };
}

function leadOf(verdict: Exclude<Verdict, { kind: 'not-covered' }>): Lead | undefined {
  if (verdict.kind === 'number') return { kind: 'number', detail: verdict.value };
  if (verdict.kind === 'fact') return undefined;
  return { kind: verdict.kind, detail: verdict.condition };
}

/** The best-matching sentences of the retrieved chunks, for a request that is not a question the verdict reads. */
function searchQuotes(input: GroundedAnswerInput): Quote[] {
  const maxQuotes = input.maxQuotes ?? 3;
  const sentences = input.chunks.flatMap((chunk, i) => splitSentences(chunk.content, i));
  const scored = scoreSentences(sentences, weightsOf(input.question, input.instructions))
    .filter((s) => s.questionHits > 0 && !s.sentence.isHeading)
    .sort(
      (a, b) => b.score - a.score || a.sentence.chunk - b.sentence.chunk || a.sentence.position - b.sentence.position,
    );
  const quotes: Quote[] = [];
  const seen = new Set<string>();
  const best = scored[0]?.score ?? 0;
  for (const { sentence, score } of scored) {
    if (quotes.length >= maxQuotes || score < best * RELATIVE_FLOOR) break;
    for (const s of answerOf(sentence, sentences)) {
      const key = s.text.toLowerCase();
      if (seen.has(key) || quotes.length >= maxQuotes) continue;
      seen.add(key);
      const chunk = input.chunks[s.chunk]!;
      quotes.push({ text: s.text, contextItemId: chunk.contextItemId, sourceName: chunk.sourceName, score });
    }
  }
  return quotes;
}

function sourcesOf(quotes: Quote[]): GroundedAnswer['sources'] {
  const sources = new Map<string, { contextItemId: string; name: string; excerpts: string[] }>();
  for (const q of quotes) {
    const source = sources.get(q.contextItemId) ?? { contextItemId: q.contextItemId, name: q.sourceName, excerpts: [] };
    source.excerpts.push(q.text);
    sources.set(q.contextItemId, source);
  }
  return [...sources.values()].map(({ contextItemId, name, excerpts }) => ({
    contextItemId,
    name,
    excerpt: excerpts.join(' '),
  }));
}

function unanswered(input: GroundedAnswerInput, style: AnswerStyle, verdict?: Verdict['kind']): GroundedAnswer {
  const hasData = input.hasData ?? input.chunks.length > 0;
  const json = input.responseJsonSchema ? fillJsonSchema(input.responseJsonSchema, []) : undefined;
  const text = hasData
    ? composeAnswer({ parts: [{ quotes: [], notCovered: TOOL_RUN_MESSAGES.noAnswerInData }], style })
    : TOOL_RUN_MESSAGES.noDataItems;
  return { text, quotes: [], sources: [], json, answered: false, verdict, notApplied: style.notApplied };
}

/**
 * The questions a message asks, one by one: "When do you repair bikes? Do you deliver?" is two. A run's
 * message is its fields' values a line each ("Do you deliver?" and the customer's name): lines that
 * ask nothing are left out. A message with no question is one request.
 */
function questionsOf(text: string): string[] {
  const asking = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line.endsWith('?'));
  const questions = asking.flatMap((line) => (line.match(/[^?]+\?+/g) ?? []).map((q) => q.trim()));
  return questions.length ? questions : [text];
}

interface Found {
  lead?: Lead;
  quotes: Quote[];
  verdict?: Verdict['kind'];
}

/** One question's answer from the passages, or why there is none. */
function findAnswer(input: GroundedAnswerInput, question: string): Found | { verdict?: 'not-covered' } {
  const asked = { ...input, question };
  const verdict = input.chunks.length ? verdictOn(question, input.chunks) : undefined;
  if (verdict?.kind === 'not-covered') return { verdict: 'not-covered' };
  const quotes = verdict ? [verdictQuote(verdict.sentence, input.chunks)] : searchQuotes(asked);
  if (!quotes.length) return {};
  return { lead: verdict && leadOf(verdict), quotes, ...(verdict ? { verdict: verdict.kind } : {}) };
}

/**
 * The offline answer model's answer (docs/product/tools.md, "The offline answer model"). A question
 * it can read (yes or no, a number, a fact) gets the verdict of the passages (verdict.ts) over the
 * one sentence it stands on, quoted word for word under its source; anything else gets the
 * best-matching sentences quoted. It never writes a fact of its own: when the passages do not
 * answer, it says so — per question when one message asks several. The builder's instructions it
 * can follow shape the text (compose.ts); the others are listed as not applied.
 */
export function writeGroundedAnswer(input: GroundedAnswerInput): GroundedAnswer {
  const style = readInstructions(input.instructions, input.question);
  // The message as a whole first: its other lines (a product's name) may decide the answer. When that
  // finds nothing, its questions one by one, without the lines that ask nothing (a customer's name).
  const whole = findAnswer(input, input.question);
  const questions = 'quotes' in whole ? [input.question] : questionsOf(input.question);
  const found = questions.map((question) => (question === input.question ? whole : findAnswer(input, question)));
  const answered = found.filter((f): f is Found => 'quotes' in f);
  if (!answered.length) return unanswered(input, style, questions.length === 1 ? found[0]!.verdict : undefined);
  const quotes = answered.flatMap((f) => f.quotes);
  const json = input.responseJsonSchema ? fillJsonSchema(input.responseJsonSchema, quotes) : undefined;
  const parts = found.map((f, i) => ({
    ...('quotes' in f
      ? { lead: f.lead, quotes: f.quotes }
      : { quotes: [], notCovered: TOOL_RUN_MESSAGES.noAnswerInData }),
    ...(questions.length > 1 ? { question: questions[i] } : {}),
  }));
  const verdict = questions.length === 1 ? answered[0]!.verdict : undefined;
  return {
    text: composeAnswer({ parts, style }),
    quotes,
    sources: sourcesOf(quotes),
    json,
    answered: true,
    ...(verdict ? { verdict } : {}),
    notApplied: style.notApplied,
  };
}
