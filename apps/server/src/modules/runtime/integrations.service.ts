import { APP_MESSAGES, RUNTIME_MESSAGES, type InvokeLlmRequest } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { streamAnswer } from '../../platform/llm/answer-stream';
import type { ModelCatalog } from '../../platform/llm/models';
import type { RateLimiter } from '../../platform/rate-limit';

/**
 * Calls per visitor address per app per hour, and per app owner per day over all their apps: an
 * app's users spend the operator's model budget, and a builder with many apps gets no more of it.
 */
export const LLM_CALLS_PER_IP_PER_HOUR = 30;
export const LLM_CALLS_PER_OWNER_PER_DAY = 1000;

/** The JSON value in a model's answer, with or without a code fence around it. */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidate = (fenced ?? text).trim();
  try {
    return JSON.parse(candidate);
  } catch {
    const start = candidate.search(/[[{]/);
    const end = Math.max(candidate.lastIndexOf('}'), candidate.lastIndexOf(']'));
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(candidate.slice(start, end + 1));
      } catch {
        // fall through
      }
    }
    throw new AppError('FETCH_FAILED', RUNTIME_MESSAGES.llmNotJson);
  }
}

/**
 * `Core.InvokeLLM` for app code: the server's configured model (never the offline app builder,
 * which only writes apps), rate-limited per visitor and per app owner. The caller (one of the
 * app's users or its owner's preview) is checked by the app host's route.
 */
export function createIntegrationsService({ models, rateLimiter }: { models: ModelCatalog; rateLimiter: RateLimiter }) {
  return {
    async invokeLLM(
      app: { id: string; ownerUserId: string },
      ip: string,
      input: InvokeLlmRequest,
    ): Promise<{ result: unknown }> {
      const model = await models.resolve();
      if (model.provider === 'offline') throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.llmUnavailable);
      const perIp = await rateLimiter.hit(`app-llm:${app.id}:${ip}`, 3600);
      const perOwner = await rateLimiter.hit(`app-llm-owner:${app.ownerUserId}`, 86_400);
      if (perIp.count > LLM_CALLS_PER_IP_PER_HOUR || perOwner.count > LLM_CALLS_PER_OWNER_PER_DAY)
        throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
      const system = input.response_json_schema
        ? `Answer with one JSON value that matches this JSON Schema, and nothing else:\n${JSON.stringify(input.response_json_schema)}`
        : undefined;
      let text = '';
      try {
        const answer = streamAnswer(model.create({ snapshot: { files: {}, entities: {} } }), {
          system,
          messages: [{ role: 'user', content: input.prompt }],
          maxRetries: 1,
        });
        for await (const part of answer)
          if (part.type === 'chunk' && part.chunk.type === 'text-delta') text += part.chunk.delta;
      } catch {
        throw new AppError('FETCH_FAILED', RUNTIME_MESSAGES.llmFailed);
      }
      return { result: input.response_json_schema ? parseJsonAnswer(text) : text };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
