import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { fillJsonSchema } from './json-fill';
import { contentWords, splitSentences, type Sentence } from './sentences';

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

/**
 * The offline answer model's answer (docs/product/tools.md#states-and-transitions): the sentences of
 * the retrieved chunks that best match the question, quoted word for word under their sources. It
 * never writes a fact of its own; when nothing matches it says so.
 */
export function writeGroundedAnswer(input: GroundedAnswerInput): GroundedAnswer {
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

  const json = input.responseJsonSchema ? fillJsonSchema(input.responseJsonSchema, quotes) : undefined;
  if (!quotes.length) {
    const text =
      (input.hasData ?? input.chunks.length > 0) ? TOOL_RUN_MESSAGES.noAnswerInData : TOOL_RUN_MESSAGES.noDataItems;
    return { text, quotes, sources: [], json, answered: false };
  }
  const sources = new Map<string, { contextItemId: string; name: string; excerpts: string[] }>();
  for (const q of quotes) {
    const source = sources.get(q.contextItemId) ?? { contextItemId: q.contextItemId, name: q.sourceName, excerpts: [] };
    source.excerpts.push(q.text);
    sources.set(q.contextItemId, source);
  }
  const text = quotes.map((q) => `> ${q.text}\n\n— *${q.sourceName}*`).join('\n\n');
  return {
    text,
    quotes,
    sources: [...sources.values()].map(({ contextItemId, name, excerpts }) => ({
      contextItemId,
      name,
      excerpt: excerpts.join(' '),
    })),
    json,
    answered: true,
  };
}
