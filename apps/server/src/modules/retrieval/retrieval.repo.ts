import { sql, type SQL } from 'drizzle-orm';
import type { ContextItemType } from '@tessera/contracts/context';
import { withoutStatementTimeout, type Db } from '@tessera/db';

/** Chunk tables smaller than this are ranked whole: statistics of a small sample would mislead. */
const SMALL_TABLE_CHUNKS = 5000;
const COMMON_LEXEMES_TTL_MS = 60_000;
const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  (result as { rows: Array<Record<string, unknown>> }).rows;
const vectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x.toFixed(6) : '0')).join(',')}]`;

export interface ChunkHit {
  chunkId: string;
  content: string;
  itemId: string;
  itemName: string;
  itemType: ContextItemType;
}

/**
 * Runs `work` in a transaction whose statements are planned for their values. How good a plan is
 * for these searches depends on the values (how rare the words are, how many chunks the app has),
 * and PGlite's prepared statements may otherwise switch to one generic plan after five runs
 * (full-text search at 30k chunks: p50 3.9 -> 5.9 ms; docs/decisions/0008). `settings` are more
 * transaction-local settings, in the same statement.
 */
function withPlansPerValue<T>(db: Db, settings: Record<string, string>, work: (tx: Db) => Promise<T>): Promise<T> {
  const all = { plan_cache_mode: 'force_custom_plan', ...settings };
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT ${sql.join(
        Object.entries(all).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
        sql`, `,
      )}`,
    );
    return work(tx);
  });
}

/** SQL of retrieval: full-text search on context_chunks, nearest neighbours on context_chunk_embeddings. */
export function createRetrievalRepo(db: Db) {
  const scope = (appId: string, itemIds: string[] | null): SQL =>
    itemIds
      ? sql`c.app_id = ${appId} AND c.item_id IN (${sql.join(
          itemIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`c.app_id = ${appId}`;

  let common: { at: number; frequencies: Map<string, number> } | null = null;
  /**
   * Share of chunks each very common word appears in, from the planner's statistics of the tsvector
   * column (pg_stats.most_common_elems, kept by ANALYZE); cached a minute. Empty for small tables.
   */
  async function commonLexemes(): Promise<Map<string, number>> {
    if (common && Date.now() - common.at < COMMON_LEXEMES_TTL_MS) return common.frequencies;
    const rows = rowsOf(
      await db.execute(sql`
        SELECT e.lexeme, e.freq FROM pg_stats p, unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) AS e(lexeme, freq)
        WHERE p.schemaname = 'public' AND p.tablename = 'context_chunks' AND p.attname = 'tsv' AND e.lexeme IS NOT NULL
          -- Below this size every query is cheap: rank everything rather than trust a small sample.
          AND (SELECT reltuples FROM pg_class WHERE oid = to_regclass('public.context_chunks')) >= ${SMALL_TABLE_CHUNKS}`),
    );
    common = { at: Date.now(), frequencies: new Map(rows.map((r) => [r.lexeme as string, Number(r.freq)])) };
    return common.frequencies;
  }

  /** The question's words as full-text lexemes, each with its share of chunks (0 when not common). */
  async function lexemesOf(terms: string[]): Promise<Array<{ lexeme: string; freq: number }>> {
    if (!terms.length) return [];
    const [row] = rowsOf(
      await db.execute(sql`SELECT tsvector_to_array(to_tsvector('english', ${terms.join(' ')})) AS lexemes`),
    );
    const raw = row?.lexemes;
    const words: string[] = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean)
            .map((w) => w.replace(/^"|"$/g, ''))
        : [];
    const frequencies = await commonLexemes();
    return words.map((lexeme) => ({ lexeme, freq: frequencies.get(lexeme) ?? 0 }));
  }

  return {
    /** Whether the embeddings table exists (migration 0006 creates it only where pgvector is installed). */
    async hasVectorTable(): Promise<boolean> {
      const [row] = rowsOf(
        await db.execute(sql`SELECT to_regclass('public.context_chunk_embeddings') IS NOT NULL AS present`),
      );
      return row?.present === true || row?.present === 't';
    },

    async upsertEmbeddings(rows: Array<{ chunkId: string; appId: string; embedding: number[] }>): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows
          .slice(i, i + 500)
          .map((r) => ({ chunk_id: r.chunkId, app_id: r.appId, embedding: vectorLiteral(r.embedding) }));
        await db.execute(sql`
          INSERT INTO context_chunk_embeddings (chunk_id, app_id, embedding)
          SELECT x.chunk_id, x.app_id, x.embedding::vector FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(chunk_id text, app_id text, embedding text)
          ON CONFLICT (chunk_id) DO UPDATE SET embedding = excluded.embedding`);
      }
    },

    /** Chunks without an embedding yet (after a crash between indexing and embedding). */
    async chunksWithoutEmbedding(itemId: string): Promise<Array<{ id: string; content: string }>> {
      const rows = rowsOf(
        await db.execute(
          sql`SELECT c.id, c.content FROM context_chunks c LEFT JOIN context_chunk_embeddings e ON e.chunk_id = c.id WHERE c.item_id = ${itemId} AND e.chunk_id IS NULL`,
        ),
      );
      return rows.map((r) => ({ id: r.id as string, content: r.content as string }));
    },

    /**
     * Candidate chunk ids for a question: ranked by full-text relevance to its words (`terms`:
     * alphanumeric words) and/or nearest (cosine) to its `vector`, one list per search asked for, in
     * one transaction planned per value.
     *
     * Full text: ranking every chunk that shares any word is what makes naive OR-queries slow: a word
     * found in most chunks ("warranty" in a product catalogue) drags tens of thousands of rows
     * through ts_rank (350 ms at 100k chunks on PostgreSQL). So the planner's own statistics
     * (pg_stats.most_common_elems of the tsvector column, kept by ANALYZE) mark words found in more
     * than `commonShare` of chunks; chunks are matched on the rarer words only and ranked against
     * all of them. When no rare word matches, chunks containing all words are used, and failing
     * that a bounded sample of chunks containing any.
     *
     * Vectors: iterative HNSW scans (pgvector ≥ 0.8) keep going until enough rows pass the app/item
     * filter; set per transaction so pooled connections stay clean.
     */
    async searchCandidates(
      appId: string,
      itemIds: string[] | null,
      { terms, vector }: { terms?: string[]; vector?: number[] },
      limit: number,
      { commonShare = 0.02, cap = 500 } = {},
    ): Promise<string[][]> {
      // The question's lexemes and the common ones are read first: on PGlite a statement outside
      // the transaction would wait for it.
      const lexemes = terms ? await lexemesOf(terms) : null;
      // Nothing to look for (a question of stop words only): no transaction.
      if (!vector && !lexemes?.length) return lexemes ? [[]] : [];
      const settings: Record<string, string> = vector
        ? { 'hnsw.ef_search': '100', 'hnsw.iterative_scan': 'relaxed_order' }
        : {};
      return withPlansPerValue(db, settings, async (tx) => {
        const lists: string[][] = [];
        if (lexemes) lists.push(lexemes.length ? await rankFullText(tx, lexemes) : []);
        if (vector) {
          const rows = rowsOf(
            await tx.execute(sql`
              SELECT e.chunk_id AS id FROM context_chunk_embeddings e
              ${itemIds ? sql`JOIN context_chunks c ON c.id = e.chunk_id` : sql``}
              WHERE e.app_id = ${appId} ${
                itemIds
                  ? sql`AND c.item_id IN (${sql.join(
                      itemIds.map((id) => sql`${id}`),
                      sql`, `,
                    )})`
                  : sql``
              }
              ORDER BY e.embedding <=> ${vectorLiteral(vector)}::vector
              LIMIT ${limit}`),
          );
          lists.push(rows.map((r) => r.id as string));
        }
        return lists;
      });

      async function rankFullText(tx: Db, words: Array<{ lexeme: string; freq: number }>): Promise<string[]> {
        const literal = (list: string[], op: string) => list.map((w) => `'${w.replace(/'/g, "''")}'`).join(` ${op} `);
        const all = literal(
          words.map((l) => l.lexeme),
          '|',
        );
        const rare = words.filter((l) => l.freq <= commonShare).map((l) => l.lexeme);
        const ranked = async (match: string, bounded: boolean) =>
          rowsOf(
            await tx.execute(sql`
              SELECT m.id FROM (
                SELECT c.id, c.tsv FROM context_chunks c WHERE ${scope(appId, itemIds)} AND c.tsv @@ CAST(${match} AS tsquery)
                ${bounded ? sql`LIMIT ${cap}` : sql``}
              ) m, CAST(${all} AS tsquery) q
              ORDER BY ts_rank_cd(m.tsv, q) DESC, m.id
              LIMIT ${limit}`),
          ).map((r) => r.id as string);
        // Chunks with a rare word are the answer when there are any (a model code, a name): filling
        // the list up from common words would cost the slow path for results that rank below them.
        const found = rare.length ? await ranked(literal(rare, '|'), false) : [];
        if (found.length || rare.length === words.length) return found;
        // No rare word matched: chunks with every word, then (bounded) chunks with any.
        const everyWord = await ranked(
          literal(
            words.map((l) => l.lexeme),
            '&',
          ),
          true,
        );
        const merged = [...new Set([...found, ...everyWord])];
        if (merged.length >= limit) return merged.slice(0, limit);
        return [...new Set([...merged, ...(await ranked(all, true))])].slice(0, limit);
      }
    },

    /** Refreshes planner statistics of the chunks (PGlite has no autovacuum to do it); may outlast the statement timeout. */
    async analyzeChunks(): Promise<void> {
      await withoutStatementTimeout(db, (untimed) => untimed.execute(sql`ANALYZE context_chunks`));
      common = null;
    },

    async chunksByIds(ids: string[]): Promise<ChunkHit[]> {
      if (!ids.length) return [];
      const rows = rowsOf(
        await db.execute(sql`
          SELECT c.id, c.content, i.id AS item_id, i.name, i.type FROM context_chunks c JOIN context_items i ON i.id = c.item_id
          WHERE c.id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
      );
      return rows.map((r) => ({
        chunkId: r.id as string,
        content: r.content as string,
        itemId: r.item_id as string,
        itemName: r.name as string,
        itemType: r.type as ContextItemType,
      }));
    },
  };
}

export type RetrievalRepo = ReturnType<typeof createRetrievalRepo>;
