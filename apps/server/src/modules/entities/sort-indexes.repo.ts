import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { withoutStatementTimeout, type Db } from '@tessera/db';
import { sortExpression, type SortIndexSpec } from './record-query';

/** Sort indexes one entity may have (fields × directions); later sorts run without one. */
export const SORT_INDEXES_PER_ENTITY = 6;
/** Sort indexes in the whole table: each partial index costs every insert a predicate check and every plan a look. */
export const SORT_INDEXES_MAX = 300;
const NAME_PREFIX = 'ers_';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const hash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `ers_<entity hash>_<field+direction hash>`: the prefix per entity lets us count and drop them. */
export function sortIndexName(appId: string, entity: string, spec: SortIndexSpec): string {
  return `${NAME_PREFIX}${hash(`${appId}\n${entity}`, 16)}_${hash(`${spec.field}\n${spec.descending ? 'desc' : 'asc'}`, 12)}`;
}

/**
 * Partial expression indexes that serve list sorts on data fields (docs/decisions/0007): one per
 * (app, entity, field, direction), `WHERE app_id = '…' AND entity = '…'`, built on first need in
 * the background (CONCURRENTLY on PostgreSQL, so writers are not blocked). The list compiles its
 * ORDER BY and range conditions with the same literal expression (record-query.ts sortExpression),
 * and its `app_id = $1 AND entity = $2` is planned with the values (unnamed statements), so the
 * planner proves the partial predicate and walks the index. Indexes of entities whose schema is
 * gone are dropped by the next build's sweep.
 */
export function createSortIndexes(db: Db, { isPglite }: { isPglite: boolean }) {
  /** Names known to exist (or given up on) in this process. */
  const settled = new Set<string>();
  const building = new Map<string, Promise<void>>();
  let sweeping: Promise<void> = Promise.resolve();

  async function build(appId: string, entity: string, spec: SortIndexSpec, name: string): Promise<void> {
    const existing = rowsOf<{ indexname: string }>(
      await db.execute(
        sql`SELECT indexname FROM pg_indexes WHERE tablename = 'entity_records' AND indexname LIKE ${`${NAME_PREFIX}%`}`,
      ),
    ).map((r) => r.indexname);
    if (existing.includes(name)) return;
    const ofEntity = existing.filter((n) => n.startsWith(name.slice(0, NAME_PREFIX.length + 17)));
    if (ofEntity.length >= SORT_INDEXES_PER_ENTITY || existing.length >= SORT_INDEXES_MAX) return;
    const direction = spec.descending ? 'DESC' : 'ASC';
    const tieBreak = spec.descending ? 'ASC' : 'DESC';
    const concurrently = isPglite ? '' : 'CONCURRENTLY ';
    // A concurrent build waits for every open transaction and reads the whole table: no statement timeout.
    const built = await withoutStatementTimeout(db, async (untimed) => {
      try {
        await untimed.execute(
          sql.raw(
            `CREATE INDEX ${concurrently}IF NOT EXISTS ${name} ON entity_records (${sortExpression(spec.field)} ${direction} NULLS LAST, id ${tieBreak}) ` +
              `WHERE app_id = ${literal(appId)} AND entity = ${literal(entity)}`,
          ),
        );
        await untimed.execute(
          sql.raw(`COMMENT ON INDEX ${name} IS ${literal(JSON.stringify({ appId, entity, ...spec }))}`),
        );
        // Statistics on the new expression: without them the planner guesses its range selectivity.
        await untimed.execute(sql`ANALYZE entity_records`);
        return true;
      } catch (err) {
        // Another server process created the same index at the same moment: it is theirs to finish.
        if (
          (err as { code?: string }).code === '42P07' ||
          (err as { cause?: { code?: string } }).cause?.code === '42P07'
        )
          return false;
        // A failed concurrent build leaves an invalid index behind, which IF NOT EXISTS would keep.
        await untimed.execute(sql.raw(`DROP INDEX ${concurrently}IF EXISTS ${name}`)).catch(() => {});
        throw err;
      }
    });
    if (!built) return;
    sweeping = sweeping.then(() => sweep()).catch(() => {});
  }

  /** Drops sort indexes whose app or entity no longer exists. */
  async function sweep(): Promise<void> {
    const stale = rowsOf<{ name: string }>(
      await db.execute(sql`
        SELECT c.relname AS name FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_class t ON t.oid = i.indrelid AND t.relname = 'entity_records'
        WHERE c.relname LIKE ${`${NAME_PREFIX}%`}
          AND NOT EXISTS (
            SELECT 1 FROM app_entities e
            WHERE e.app_id = (obj_description(c.oid, 'pg_class')::jsonb ->> 'appId')
              AND e.name = (obj_description(c.oid, 'pg_class')::jsonb ->> 'entity'))`),
    );
    if (!stale.length) return;
    await withoutStatementTimeout(db, async (untimed) => {
      for (const { name } of stale) {
        await untimed.execute(sql.raw(`DROP INDEX ${isPglite ? '' : 'CONCURRENTLY '}IF EXISTS ${name}`));
        settled.delete(name);
      }
    });
  }

  return {
    /**
     * Starts building the index for this sort unless it exists, is being built, or a cap is
     * reached; never waits for it (the request that asked is served without it). Failures are
     * given up on for the life of the process.
     */
    ensure(appId: string, entity: string, spec: SortIndexSpec): void {
      const name = sortIndexName(appId, entity, spec);
      if (settled.has(name) || building.has(name)) return;
      const job = build(appId, entity, spec, name)
        .catch(() => {})
        .finally(() => {
          settled.add(name);
          building.delete(name);
        });
      building.set(name, job);
    },

    /** Resolves when no index is being built (tests, shutdown). */
    async idle(): Promise<void> {
      while (building.size) await Promise.all(building.values());
      await sweeping;
    },

    sweep,
  };
}

export type SortIndexes = ReturnType<typeof createSortIndexes>;
