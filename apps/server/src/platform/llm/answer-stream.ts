import { setTimeout as sleep } from 'node:timers/promises';
import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4Prompt,
  type LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';

/** One message of the conversation a model answers. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  content: string;
}

export type AnswerPart =
  /** Text and reasoning as UI-message chunks, in the order the provider streams them. */
  | { type: 'chunk'; chunk: UIMessageChunk }
  /** The last part: the provider's token counts and why it stopped. */
  | { type: 'finish'; usage: LanguageModelV4Usage; finishReason: string };

export interface AnswerOptions {
  system?: string;
  messages: ConversationMessage[];
  abortSignal?: AbortSignal;
  /** Retries of a call the provider refused in a retryable way (429, 5xx) before anything streamed. */
  maxRetries?: number;
  /** Sampling temperature (a tool's setting); the provider's default when omitted. */
  temperature?: number;
  /** The output budget: the provider stops there with the finish reason "length". */
  maxOutputTokens?: number;
}

/** The AI SDK's defaults for a refused call: 2 retries, 2 s then 4 s, or the provider's Retry-After up to a minute. */
const DEFAULT_MAX_RETRIES = 2;
const FIRST_RETRY_DELAY_MS = 2_000;
const MAX_RETRY_AFTER_MS = 60_000;
const NO_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** How long the provider asked us to wait (Retry-After-Ms, Retry-After in seconds or as a date), when it is sensible. */
function retryDelayMs(error: APICallError, backoffMs: number): number {
  const headers = error.responseHeaders ?? {};
  let ms = headers['retry-after-ms'] !== undefined ? Number.parseFloat(headers['retry-after-ms']) : Number.NaN;
  const after = headers['retry-after'];
  if (Number.isNaN(ms) && after !== undefined) {
    const seconds = Number.parseFloat(after);
    ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  return ms >= 0 && ms < MAX_RETRY_AFTER_MS ? ms : backoffMs;
}

/**
 * A model's answer to a conversation, streamed: one call of the provider's own streaming API
 * (`doStream` of the AI SDK provider), its text and reasoning mapped to UI-message chunks, then
 * its usage. This is what `streamText` does for a call without tools, minus its step, tool and
 * telemetry machinery: a dozen web streams and ~0.7 ms of CPU before the first token, and more
 * for every chunk. The model gets no tools, so an answer is always a single step. A refused call
 * is retried like `streamText` does; a failure once streaming started ends the answer with it.
 */
export async function* streamAnswer(
  model: LanguageModelV4,
  { system, messages, abortSignal, maxRetries = DEFAULT_MAX_RETRIES, temperature, maxOutputTokens }: AnswerOptions,
): AsyncGenerator<AnswerPart> {
  const prompt: LanguageModelV4Prompt = [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...messages.map(({ role, content }) => ({ role, content: [{ type: 'text' as const, text: content }] })),
  ];
  let result: Awaited<ReturnType<LanguageModelV4['doStream']>>;
  for (let attempt = 0; ; attempt++) {
    try {
      result = await model.doStream({
        prompt,
        abortSignal,
        ...(temperature === undefined ? {} : { temperature }),
        ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
      });
      break;
    } catch (err) {
      if (attempt >= maxRetries || !APICallError.isInstance(err) || !err.isRetryable || abortSignal?.aborted) throw err;
      await sleep(retryDelayMs(err, FIRST_RETRY_DELAY_MS * 2 ** attempt), undefined, { signal: abortSignal });
    }
  }
  yield { type: 'chunk', chunk: { type: 'start-step' } };
  let finish: AnswerPart | undefined;
  for await (const part of result.stream) {
    switch (part.type) {
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
        yield { type: 'chunk', chunk: { type: part.type, id: part.id } };
        break;
      case 'text-delta':
      case 'reasoning-delta':
        yield { type: 'chunk', chunk: { type: part.type, id: part.id, delta: part.delta } };
        break;
      case 'finish':
        finish = { type: 'finish', usage: part.usage, finishReason: part.finishReason.unified };
        break;
      case 'error':
        throw part.error;
      default:
        // Metadata, raw chunks and pings; tool parts never come (the model is offered no tools).
        break;
    }
  }
  yield { type: 'chunk', chunk: { type: 'finish-step' } };
  // A stream that ends without its finish part may be incomplete (the AI SDK's 'interrupted').
  yield finish ?? { type: 'finish', usage: NO_USAGE, finishReason: 'interrupted' };
}
