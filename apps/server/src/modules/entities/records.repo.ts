import { and, eq, sql, type SQL } from 'drizzle-orm';
import { entityRecords, type Db } from '@tessera/db';
import { createSortIndexes } from './sort-indexes.repo';

export type RecordRow = typeof entityRecords.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Moves every record's `from` value to `to` (records without `from` stay as they are); run inside the caller's transaction. */
export async function moveRecordField(
  tx: Db | Tx,
  appId: string,
  entity: string,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .update(entityRecords)
    .set({
      data: sql`(${entityRecords.data} - ${from}::text) || jsonb_build_object(${to}::text, ${entityRecords.data} -> ${from}::text)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(entityRecords.appId, appId), eq(entityRecords.entity, entity), sql`${entityRecords.data} ? ${from}::text`),
    );
}

/** The SQLSTATE of a failed statement, as the driver raised it or wrapped by drizzle. */
const sqlStateOf = (err: unknown): unknown => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.cause?.code ?? e?.code;
};
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** The rows of a `db.execute` answer (both drivers put them in `.rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface RecordScope {
  appId: string;
  entity: string;
  /** Only rows this creator made (the `own` access scope). */
  creatorId?: string;
}

const inScope = (scope: RecordScope, ...more: Array<SQL | undefined>) =>
  and(
    eq(entityRecords.appId, scope.appId),
    eq(entityRecords.entity, scope.entity),
    scope.creatorId === undefined ? undefined : eq(entityRecords.creatorId, scope.creatorId),
    ...more,
  );

/**
 * One API record as JSON text: the stored data object with `id`, `createdAt`, `updatedAt` and
 * `creatorId` appended. A data key of the same name stays in the text, but JSON.parse keeps the
 * last one, so the columns win exactly as `{ ...data, id, ... }` does.
 */
export function recordJson(row: {
  id: string;
  data_text: string;
  creator_id: string | null;
  created_text: string;
  updated_text: string;
}): string {
  const body = row.data_text.slice(0, row.data_text.lastIndexOf('}'));
  const sep = /^\{\s*$/.test(body) ? '' : ', ';
  return `${body}${sep}"id": ${JSON.stringify(row.id)}, "createdAt": "${row.created_text}", "updatedAt": "${row.updated_text}", "creatorId": ${JSON.stringify(row.creator_id)}}`;
}

/** Records of app entities in the one JSONB table (docs/decisions/0003). Every query is scoped to one app and entity. */
export function createRecordsRepo(db: Db) {
  // A pg.Pool has totalCount; PGlite (one connection, no CONCURRENTLY needed) has not.
  const client = (db as unknown as { $client?: object }).$client;
  const isPglite = !(client && 'totalCount' in client);
  async function estimate(scope: RecordScope, where: SQL, cap: number): Promise<{ value: number; isEstimated: true }> {
    const plan = await db.execute(
      sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${entityRecords} WHERE ${inScope(scope, where)}`,
    );
    const raw = rowsOf<{ 'QUERY PLAN': unknown }>(plan)[0]?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
    const planned = Math.round(Number(doc[0]?.Plan?.['Plan Rows'] ?? 0));
    return { value: Math.max(planned, cap + 1), isEstimated: true };
  }
  return {
    /**
     * Import batches written at once: on PostgreSQL three connections overlap the inserts (index
     * maintenance is most of an import's database time; 3 beat 2 by ~0.2 s of 3 s per 100k rows
     * in bench/, docs/decisions/0007); PGlite has one connection.
     */
    importConcurrency: isPglite ? 1 : 3,
    /** Expression indexes for list sorts on data fields (sort-indexes.repo.ts). */
    sortIndexes: createSortIndexes(db, { isPglite }),

    async list(
      scope: RecordScope,
      query: { where: SQL; orderBy: SQL[]; limit: number; skip: number },
    ): Promise<RecordRow[]> {
      return db
        .select()
        .from(entityRecords)
        .where(inScope(scope, query.where))
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.skip);
    },

    /**
     * The same page as `list`, each row as the JSON text of its API record: `data` as PostgreSQL
     * prints it with the columns appended, so Node never parses or re-serialises the data (see
     * recordJson). Timestamps are formatted by the database like `Date.toISOString()`.
     */
    async listJson(
      scope: RecordScope,
      query: { where: SQL; orderBy: SQL[]; limit: number; skip: number },
    ): Promise<string[]> {
      const result = await db.execute(sql`
        SELECT id, data::text AS data_text, creator_id,
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_text,
          to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_text
        FROM ${entityRecords}
        WHERE ${inScope(scope, query.where)}
        ORDER BY ${sql.join(query.orderBy, sql`, `)}
        LIMIT ${query.limit} OFFSET ${query.skip}`);
      // Aliases other than the column names: an ORDER BY on a bare column name would take the alias.
      return rowsOf<{
        id: string;
        data_text: string;
        creator_id: string | null;
        created_text: string;
        updated_text: string;
      }>(result).map(recordJson);
    },

    /**
     * How many rows match `where`, counted exactly up to `cap`; above it, the planner's estimate
     * (never below cap + 1): at 100k matching rows an exact count costs 15–40 ms, a count capped at
     * 1 000 rows 0.2–4 ms, and the estimate one planning pass.
     */
    async count(scope: RecordScope, where: SQL, cap: number): Promise<{ value: number; isEstimated: boolean }> {
      const condition = inScope(scope, where);
      const capped = await db.execute(
        sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${entityRecords} WHERE ${condition} LIMIT ${cap + 1}) AS page`,
      );
      const exact = Number(rowsOf<{ n: string | number }>(capped)[0]?.n ?? 0);
      if (exact <= cap) return { value: exact, isEstimated: false };
      return estimate(scope, where, cap);
    },

    /** The planner's estimate of the rows matching `where` (never below cap + 1): one planning pass, no scan. */
    estimate,

    async findById(scope: RecordScope, id: string): Promise<RecordRow | null> {
      const [row] = await db
        .select()
        .from(entityRecords)
        .where(inScope(scope, eq(entityRecords.id, id)));
      return row ?? null;
    },

    /** Inserts all rows in one statement: all of them or none. */
    async insertMany(
      rows: Array<{
        id: string;
        appId: string;
        entity: string;
        data: Record<string, unknown>;
        creatorId: string | null;
      }>,
    ): Promise<RecordRow[]> {
      if (!rows.length) return [];
      return db.insert(entityRecords).values(rows).returning();
    },

    /**
     * Inserts one import batch, given as the JSON text `[{"id": …, "data": {…}}, …]`: one bound
     * parameter instead of five per row, so the batch costs one bind. Resolves false, writing
     * nothing, when the app no longer exists.
     *
     * The ids are deterministic (csv-batches.ts), and a retried import re-sends rows it wrote. The batch
     * is still tried as a plain INSERT first (`ON CONFLICT` costs every row a speculative
     * insertion, ~0.4 s per 100k rows on PGlite), and only when one of its ids is there is it
     * written again with `ON CONFLICT (id) DO NOTHING`; a batch is all or nothing, so a retry pays
     * one failed statement per batch it had written.
     *
     * On PGlite the batch's foreign-key check runs once instead of once per row (a queued trigger
     * and a lookup per row, ~0.6 s of 100k rows in its WASM): in one transaction the app row is
     * locked FOR KEY SHARE, exactly what each row's check would take, then the rows are inserted
     * with `session_replication_role = replica` (transaction-local; it only keeps triggers, here
     * the foreign-key ones, from firing; PGlite is always superuser). entity_records has no other
     * trigger (docs/decisions/0007).
     */
    async importBatch(
      scope: { appId: string; entity: string; creatorId: string | null },
      json: string,
    ): Promise<boolean> {
      const write = async (ignoreExisting: boolean): Promise<boolean> => {
        const insert = sql`
          INSERT INTO entity_records (id, app_id, entity, data, creator_id)
          SELECT r.id, ${scope.appId}, ${scope.entity}, r.data, ${scope.creatorId}
          FROM jsonb_to_recordset(${json}::jsonb) AS r(id text, data jsonb)
          ${ignoreExisting ? sql`ON CONFLICT (id) DO NOTHING` : sql``}`;
        if (isPglite) {
          return db.transaction(async (tx) => {
            const app = await tx.execute(
              sql`SELECT set_config('session_replication_role', 'replica', true) FROM apps WHERE id = ${scope.appId} FOR KEY SHARE`,
            );
            if (!rowsOf(app).length) return false;
            await tx.execute(insert);
            return true;
          });
        }
        try {
          await db.execute(insert);
          return true;
        } catch (err) {
          // The only foreign key of entity_records is its app.
          if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) return false;
          throw err;
        }
      };
      try {
        return await write(false);
      } catch (err) {
        if (sqlStateOf(err) === UNIQUE_VIOLATION) return write(true);
        throw err;
      }
    },

    /**
     * Refreshes the planner's statistics after a large write: without them a freshly imported
     * table is planned as if it were empty (full scan and sort instead of the list index), and
     * PGlite never analyzes on its own.
     */
    async analyze(): Promise<void> {
      await db.execute(sql`ANALYZE entity_records`);
    },

    /** Merges `patch` into the row's data (a partial update). */
    async update(scope: RecordScope, id: string, patch: Record<string, unknown>): Promise<RecordRow | null> {
      const [row] = await db
        .update(entityRecords)
        .set({ data: sql`${entityRecords.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()` })
        .where(inScope(scope, eq(entityRecords.id, id)))
        .returning();
      return row ?? null;
    },

    async delete(scope: RecordScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(entityRecords)
        .where(inScope(scope, eq(entityRecords.id, id)))
        .returning({ id: entityRecords.id });
      return rows.length > 0;
    },

    async deleteWhere(scope: RecordScope, where: SQL): Promise<number> {
      const rows = await db.delete(entityRecords).where(inScope(scope, where)).returning({ id: entityRecords.id });
      return rows.length;
    },
  };
}

export type RecordsRepo = ReturnType<typeof createRecordsRepo>;
