import type { RetrievedChunk } from '@tessera/contracts/context';
import type { Logger } from '../../platform/logger';
import type { Embedder } from './embedder';
import type { RetrievalRepo } from './retrieval.repo';

/** Reciprocal-rank fusion constant (the usual 60: damps the head of each list). */
export const RRF_K = 60;
/** Candidates taken from each ranking before fusion. */
const CANDIDATES = 50;
const MAX_QUERY_TERMS = 32;
const ANALYZE_EVERY_MS = 60_000;
const ANALYZE_AFTER_CHUNKS = 1000;

export type RetrievalMode = 'hybrid' | 'fts' | 'vector';

export interface SearchOptions {
  appId: string;
  query: string;
  /** Restrict to these context items (a tool's data items); all of the app's items when omitted. */
  itemIds?: string[] | null;
  limit?: number;
  /** Defaults to hybrid where vectors exist, full-text otherwise. */
  mode?: RetrievalMode;
}

/** Fuses ranked id lists: score(id) = Σ 1 / (k + rank). Ties keep first-list order. */
export function reciprocalRankFusion(lists: string[][], k = RRF_K): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1)));
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/** The words of a question as full-text terms (to_tsquery stems them and drops stop words). */
export function fullTextTerms(query: string): string[] {
  const words =
    query
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/**
 * The context block for a prompt: chunks in order, each headed by its source's name, within
 * `maxChars` characters (the first chunk always); `chunks` are those it holds.
 */
export function contextOf(chunks: RetrievedChunk[], maxChars = 8000): { context: string; chunks: RetrievedChunk[] } {
  const parts: string[] = [];
  const used: RetrievedChunk[] = [];
  let length = 0;
  for (const chunk of chunks) {
    const part = `[${chunk.contextItem.name}]\n${chunk.content}`;
    if (length + part.length > maxChars && used.length) break;
    parts.push(part);
    used.push(chunk);
    length += part.length + 2;
  }
  return { context: parts.join('\n\n'), chunks: used };
}

/**
 * Hybrid retrieval over context chunks (docs/decisions/0004-retrieval.md): Postgres full-text search always, pgvector
 * nearest neighbours where the embeddings table exists, fused by reciprocal rank. Used by tools and
 * apps (search-similar, query-context of docs/product/data-sources.md#states-and-transitions).
 */
export function createRetrievalService({
  retrievalRepo,
  embedder,
  logger,
}: {
  retrievalRepo: RetrievalRepo;
  embedder: Embedder;
  logger: Logger;
}) {
  let vectors: boolean | null = null;
  let lastAnalyzeAt = Date.now();
  let pendingChunks = 0;

  /** Detects pgvector once (startup); PostgreSQL without the extension degrades to full-text search. */
  async function hasVectors(): Promise<boolean> {
    if (vectors === null) {
      vectors = await retrievalRepo.hasVectorTable();
      logger.info('retrieval ready', { mode: vectors ? 'hybrid' : 'fts', embedder: embedder.id });
    }
    return vectors;
  }

  async function rank({
    appId,
    query,
    itemIds = null,
    limit = 10,
    mode,
  }: SearchOptions): Promise<Array<{ id: string; score: number }>> {
    if (itemIds && itemIds.length === 0) return [];
    const withVectors = await hasVectors();
    const effective: RetrievalMode =
      mode === 'vector' && !withVectors ? 'fts' : (mode ?? (withVectors ? 'hybrid' : 'fts'));
    const terms = effective !== 'vector' ? fullTextTerms(query) : undefined;
    const vector = effective !== 'fts' && withVectors ? (await embedder.embed([query]))[0] : undefined;
    return reciprocalRankFusion(
      await retrievalRepo.searchCandidates(appId, itemIds, { terms, vector }, CANDIDATES),
    ).slice(0, limit);
  }

  return {
    hasVectors,

    /** Embeds and stores chunks (no-op without pgvector). */
    async indexChunks(appId: string, chunks: Array<{ id: string; content: string }>): Promise<void> {
      if (!chunks.length || !(await hasVectors())) return;
      for (let i = 0; i < chunks.length; i += 256) {
        const batch = chunks.slice(i, i + 256);
        const embeddings = await embedder.embed(batch.map((c) => c.content));
        await retrievalRepo.upsertEmbeddings(
          batch.map((c, j) => ({ chunkId: c.id, appId, embedding: embeddings[j]! })),
        );
      }
    },

    /**
     * Keeps the chunk statistics full-text ranking relies on fresh after ingestions: ANALYZE once
     * enough new chunks arrived (or a minute passed with any), per process. PostgreSQL's autovacuum
     * does it too; PGlite has none.
     */
    async maintain(newChunks: number): Promise<void> {
      pendingChunks += newChunks;
      const elapsed = Date.now() - lastAnalyzeAt;
      if (!(
        (pendingChunks >= ANALYZE_AFTER_CHUNKS && elapsed >= 5_000) ||
        (pendingChunks > 0 && elapsed >= ANALYZE_EVERY_MS)
      ))
        return;
      lastAnalyzeAt = Date.now();
      pendingChunks = 0;
      await retrievalRepo
        .analyzeChunks()
        .catch((err) => logger.warn('ANALYZE context_chunks failed', { err: String(err) }));
    },

    /** Chunks of an item still missing an embedding (a retried job finishes them). */
    async chunksToEmbed(itemId: string): Promise<Array<{ id: string; content: string }>> {
      return (await hasVectors()) ? retrievalRepo.chunksWithoutEmbedding(itemId) : [];
    },

    /** The chunks most relevant to `query`, best first, each with its source item. */
    async searchSimilar(options: SearchOptions): Promise<RetrievedChunk[]> {
      const ranked = await rank(options);
      const hits = new Map((await retrievalRepo.chunksByIds(ranked.map((r) => r.id))).map((h) => [h.chunkId, h]));
      return ranked.flatMap(({ id, score }) => {
        const hit = hits.get(id);
        return hit
          ? [
              {
                chunkId: id,
                content: hit.content,
                score,
                contextItem: { id: hit.itemId, name: hit.itemName, type: hit.itemType },
              },
            ]
          : [];
      });
    },

    /**
     * The context block for a prompt: the best chunks, each headed by its source's name, within
     * `maxChars` characters.
     */
    async queryContext(
      options: SearchOptions & { maxChars?: number },
    ): Promise<{ context: string; chunks: RetrievedChunk[] }> {
      return contextOf(await this.searchSimilar(options), options.maxChars);
    },
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;
