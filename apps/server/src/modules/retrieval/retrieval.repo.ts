import { sql, type SQL } from 'drizzle-orm';
import type { ContextItemType } from '@tessera/contracts';
import type { Db } from '@tessera/db';

const rowsOf = (result: unknown): Array<Record<string, unknown>> => (result as { rows: Array<Record<string, unknown>> }).rows;
const vectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x.toFixed(6) : '0')).join(',')}]`;

export interface ChunkHit {
  chunkId: string;
  content: string;
  itemId: string;
  itemName: string;
  itemType: ContextItemType;
}

/** SQL of retrieval: full-text search on context_chunks, nearest neighbours on context_chunk_embeddings. */
export function createRetrievalRepo(db: Db) {
  const scope = (appId: string, itemIds: string[] | null): SQL =>
    itemIds ? sql`c.app_id = ${appId} AND c.item_id IN (${sql.join(itemIds.map((id) => sql`${id}`), sql`, `)})` : sql`c.app_id = ${appId}`;

  return {
    /** Whether the embeddings table exists (migration 0006 creates it only where pgvector is installed). */
    async hasVectorTable(): Promise<boolean> {
      const [row] = rowsOf(await db.execute(sql`SELECT to_regclass('public.context_chunk_embeddings') IS NOT NULL AS present`));
      return row?.present === true || row?.present === 't';
    },

    /** Lets filtered HNSW scans keep going until enough rows match (pgvector ≥ 0.8); harmless if unsupported. */
    async tuneVectorSearch(): Promise<void> {
      await db.execute(sql`SET hnsw.iterative_scan = 'relaxed_order'`).catch(() => {});
      await db.execute(sql`SET hnsw.ef_search = 80`).catch(() => {});
    },

    async upsertEmbeddings(rows: Array<{ chunkId: string; appId: string; embedding: number[] }>): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500).map((r) => ({ chunk_id: r.chunkId, app_id: r.appId, embedding: vectorLiteral(r.embedding) }));
        await db.execute(sql`
          INSERT INTO context_chunk_embeddings (chunk_id, app_id, embedding)
          SELECT x.chunk_id, x.app_id, x.embedding::vector FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(chunk_id text, app_id text, embedding text)
          ON CONFLICT (chunk_id) DO UPDATE SET embedding = excluded.embedding`);
      }
    },

    /** Chunks without an embedding yet (after a crash between indexing and embedding). */
    async chunksWithoutEmbedding(itemId: string): Promise<Array<{ id: string; content: string }>> {
      const rows = rowsOf(
        await db.execute(sql`SELECT c.id, c.content FROM context_chunks c LEFT JOIN context_chunk_embeddings e ON e.chunk_id = c.id WHERE c.item_id = ${itemId} AND e.chunk_id IS NULL`),
      );
      return rows.map((r) => ({ id: r.id as string, content: r.content as string }));
    },

    /** Chunk ids ranked by full-text relevance to an OR-query of the question's words. */
    async searchFullText(appId: string, itemIds: string[] | null, terms: string[], limit: number): Promise<string[]> {
      if (!terms.length) return [];
      const query = terms.join(' | ');
      const rows = rowsOf(
        await db.execute(sql`
          SELECT c.id FROM context_chunks c, to_tsquery('english', ${query}) q
          WHERE ${scope(appId, itemIds)} AND c.tsv @@ q
          ORDER BY ts_rank_cd(c.tsv, q) DESC, c.id
          LIMIT ${limit}`),
      );
      return rows.map((r) => r.id as string);
    },

    /** Chunk ids nearest (cosine) to the vector. */
    async searchVector(appId: string, itemIds: string[] | null, vector: number[], limit: number): Promise<string[]> {
      const rows = rowsOf(
        await db.execute(sql`
          SELECT e.chunk_id AS id FROM context_chunk_embeddings e
          ${itemIds ? sql`JOIN context_chunks c ON c.id = e.chunk_id` : sql``}
          WHERE e.app_id = ${appId} ${itemIds ? sql`AND c.item_id IN (${sql.join(itemIds.map((id) => sql`${id}`), sql`, `)})` : sql``}
          ORDER BY e.embedding <=> ${vectorLiteral(vector)}::vector
          LIMIT ${limit}`),
      );
      return rows.map((r) => r.id as string);
    },

    async chunksByIds(ids: string[]): Promise<ChunkHit[]> {
      if (!ids.length) return [];
      const rows = rowsOf(
        await db.execute(sql`
          SELECT c.id, c.content, i.id AS item_id, i.name, i.type FROM context_chunks c JOIN context_items i ON i.id = c.item_id
          WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
      );
      return rows.map((r) => ({ chunkId: r.id as string, content: r.content as string, itemId: r.item_id as string, itemName: r.name as string, itemType: r.type as ContextItemType }));
    },
  };
}

export type RetrievalRepo = ReturnType<typeof createRetrievalRepo>;
