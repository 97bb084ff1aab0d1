import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { planAppBuilderTurn } from './plan';
import type { ConversationMessage } from './turn';

export interface OfflineAppBuilderModelOptions {
  /** The app as it stands before this turn. */
  snapshot: AppSnapshot;
  /** The app's AI tools (App tools), which a page it writes can run. */
  tools?: AppToolBrief[];
  /** Pause between streamed chunks (demos); by default each chunk only waits for the event loop to turn. */
  chunkDelayMs?: number;
  /** Clock for sample-record dates; defaults to the real date. */
  now?: () => Date;
}

const TEXT_ID = 'text-0';

/** The user and assistant text of a prompt, oldest first; the system prompt and non-text parts are ignored. */
export function conversationOf(prompt: LanguageModelV4Prompt): ConversationMessage[] {
  const out: ConversationMessage[] = [];
  for (const message of prompt) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const text = message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
    if (text) out.push({ role: message.role, text });
  }
  return out;
}

/** Small chunks cut after whitespace, the way a real model's tokens arrive (each at most ~24 characters). */
export function chunkText(text: string, maxChunk = 24): string[] {
  const chunks: string[] = [];
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  let current = '';
  for (const piece of pieces) {
    if (current && (current.length + piece.length > maxChunk || current.endsWith('\n'))) {
      chunks.push(current);
      current = '';
    }
    if (piece.length > maxChunk) {
      for (let i = 0; i < piece.length; i += maxChunk) chunks.push(piece.slice(i, i + maxChunk));
    } else {
      current += piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

function usageOf(prompt: LanguageModelV4Prompt, output: string): LanguageModelV4Usage {
  const promptChars = prompt.reduce(
    (sum, m) =>
      sum +
      (typeof m.content === 'string'
        ? m.content.length
        : m.content.reduce((s, p) => s + ('text' in p && typeof p.text === 'string' ? p.text.length : 0), 0)),
    0,
  );
  const input = Math.ceil(promptChars / 4);
  const outputTokens = Math.ceil(output.length / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  };
}

function todayOf(now: () => Date): string {
  return now().toISOString().slice(0, 10);
}

/**
 * Waits `ms` before the next chunk, or with 0 only lets the event loop run first (socket writes,
 * other requests): a whole app is thousands of chunks, which unpaused would arrive, and hold the
 * server's thread, in one burst.
 */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      if (timer) clearTimeout(timer);
      else clearImmediate(immediate!);
      reject(signal!.reason);
    };
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = ms > 0 ? setTimeout(done, ms) : undefined;
    const immediate = ms > 0 ? undefined : setImmediate(done);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The built-in offline app builder as an AI SDK language model (spec v4): it answers each turn with
 * `planAppBuilderTurn` on the given snapshot and streams the text in small chunks like a real model.
 */
export function createOfflineAppBuilderModel(options: OfflineAppBuilderModelOptions): LanguageModelV4 {
  const now = options.now ?? (() => new Date());
  const answer = (call: LanguageModelV4CallOptions) =>
    planAppBuilderTurn({
      snapshot: options.snapshot,
      messages: conversationOf(call.prompt),
      today: todayOf(now),
      tools: options.tools,
    });
  // The one-line summary travels as provider metadata (e.g. for a version description).
  const metadataOf = (summary: string) => ({ offline: { summary } });

  return {
    specificationVersion: 'v4',
    provider: 'offline',
    modelId: 'app-builder',
    supportedUrls: {},

    async doGenerate(call: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      const { text, summary } = answer(call);
      return {
        content: [{ type: 'text', text }],
        providerMetadata: metadataOf(summary),
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(call.prompt, text),
        warnings: [],
        response: { modelId: 'app-builder', timestamp: now() },
      };
    },

    async doStream(call: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      const { text, summary } = answer(call);
      const chunks = chunkText(text);
      const delay = options.chunkDelayMs ?? 0;
      let index = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'response-metadata', modelId: 'app-builder', timestamp: now() });
          controller.enqueue({ type: 'text-start', id: TEXT_ID });
        },
        async pull(controller) {
          if (index < chunks.length) {
            try {
              await pause(delay, call.abortSignal);
            } catch (error) {
              controller.error(error);
              return;
            }
            controller.enqueue({ type: 'text-delta', id: TEXT_ID, delta: chunks[index++]! });
            return;
          }
          controller.enqueue({ type: 'text-end', id: TEXT_ID });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usageOf(call.prompt, text),
            providerMetadata: metadataOf(summary),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
