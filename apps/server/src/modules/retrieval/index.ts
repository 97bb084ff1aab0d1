// Search over the app's data sources: chunks embedded (the configured provider's model, or the
// offline hashing embedder) and found by vector similarity and full-text search.
import { createProviderEmbedder } from '../../platform/llm/embeddings';
import type { Platform } from '../../platform/platform';
import { createHashingEmbedder, EMBEDDING_DIM } from './embedder';
import { createRetrievalRepo } from './retrieval.repo';
import { createRetrievalService } from './retrieval.service';

/** Builds the retrieval module: the service data sources write chunks through and runs search with. */
export function createRetrievalModule({ db, config, logger }: Platform) {
  // The configured provider's embeddings when it can make 256-dimension vectors; the offline embedder otherwise.
  const embedder = createProviderEmbedder(config.llm, EMBEDDING_DIM) ?? createHashingEmbedder();
  return { retrieval: createRetrievalService({ retrievalRepo: createRetrievalRepo(db), embedder, logger }) };
}

export { contextOf, type RetrievalMode, type RetrievalService } from './retrieval.service';
