import { createOpenAI } from '@ai-sdk/openai';
import { embedMany } from 'ai';
import type { LlmConfig } from '../config';

/** OpenAI's embedding model for data sources; it takes a `dimensions` parameter, so it fits `vector(256)`. */
export const OPENAI_EMBEDDING_MODEL = 'text-embedding-3-small';

/** Turns texts into unit vectors (the retrieval module's `Embedder`). */
export interface ProviderEmbedder {
  id: string;
  dim: number;
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * The configured provider's embedder for retrieval, or null when none can produce `dim`-sized
 * vectors (then the built-in offline embedder is used). OpenAI's text-embedding-3 models shorten
 * their vectors on request; OpenAI-compatible servers do not all support that, so only OpenAI
 * (or a server at OPENAI_BASE_URL speaking its API) is used.
 */
export function createProviderEmbedder(llm: LlmConfig, dim: number): ProviderEmbedder | null {
  if (!llm.openai) return null;
  const model = createOpenAI({ apiKey: llm.openai.apiKey, baseURL: llm.openai.baseUrl }).embedding(
    OPENAI_EMBEDDING_MODEL,
  );
  return {
    id: `openai/${OPENAI_EMBEDDING_MODEL}-${dim}`,
    dim,
    async embed(texts) {
      if (!texts.length) return [];
      const { embeddings } = await embedMany({ model, values: texts, dimensions: dim, maxRetries: 2 });
      return embeddings.map((e) => [...e]);
    },
  };
}
