import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { chunkText } from '../offline/model';
import type { GroundedAnswer } from './grounded-answer';

export const OFFLINE_ANSWER_MODEL_ID = 'answer';
const TEXT_ID = 'text-0';

function usageOf(call: LanguageModelV4CallOptions, output: string): LanguageModelV4Usage {
  let chars = 0;
  for (const m of call.prompt)
    if (typeof m.content === 'string') chars += m.content.length;
    else for (const p of m.content) if ('text' in p && typeof p.text === 'string') chars += p.text.length;
  const input = Math.ceil(chars / 4);
  const outputTokens = Math.ceil(output.length / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  };
}

/**
 * The offline answer model as an AI SDK language model (spec v4): it streams a grounded answer
 * (`writeGroundedAnswer`, worked out from the structured run before the call, since the quotes,
 * sources and filled JSON are needed beside the text) in small chunks like a real model. Its
 * provider metadata says it is offline and carries the sources.
 */
export function createOfflineAnswerModel(answer: GroundedAnswer): LanguageModelV4 {
  const metadata = { offline: { model: 'answer', answered: answer.answered, sources: answer.sources.length } };
  return {
    specificationVersion: 'v4',
    provider: 'offline',
    modelId: OFFLINE_ANSWER_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      return {
        content: [{ type: 'text', text: answer.text }],
        providerMetadata: metadata,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(call, answer.text),
        warnings: [],
        response: { modelId: OFFLINE_ANSWER_MODEL_ID, timestamp: new Date() },
      };
    },

    async doStream(call: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      const chunks = chunkText(answer.text);
      let index = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: TEXT_ID });
        },
        pull(controller) {
          if (call.abortSignal?.aborted) {
            controller.error(call.abortSignal.reason);
            return;
          }
          if (index < chunks.length) {
            controller.enqueue({ type: 'text-delta', id: TEXT_ID, delta: chunks[index++]! });
            return;
          }
          controller.enqueue({ type: 'text-end', id: TEXT_ID });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usageOf(call, answer.text),
            providerMetadata: metadata,
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
