import { and, eq, sql, type SQL } from 'drizzle-orm';
import { entityRecords, type Db } from '@tessera/db';

export type RecordRow = typeof entityRecords.$inferSelect;

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

/** Records of app entities in the one JSONB table (docs/decisions/0003). Every query is scoped to one app and entity. */
export function createRecordsRepo(db: Db) {
  return {
    async list(scope: RecordScope, query: { where: SQL; orderBy: SQL[]; limit: number; skip: number }): Promise<RecordRow[]> {
      return db
        .select()
        .from(entityRecords)
        .where(inScope(scope, query.where))
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.skip);
    },

    async findById(scope: RecordScope, id: string): Promise<RecordRow | null> {
      const [row] = await db.select().from(entityRecords).where(inScope(scope, eq(entityRecords.id, id)));
      return row ?? null;
    },

    /** Inserts all rows in one statement: all of them or none. */
    async insertMany(rows: Array<{ id: string; appId: string; entity: string; data: Record<string, unknown>; creatorId: string | null }>): Promise<RecordRow[]> {
      if (!rows.length) return [];
      return db.insert(entityRecords).values(rows).returning();
    },

    /**
     * Inserts one import batch whose ids are not there yet (a retried import re-sends rows it
     * already wrote). One JSON parameter instead of five per row: the batch costs one bind.
     */
    async importBatch(scope: { appId: string; entity: string; creatorId: string | null }, rows: Array<{ id: string; data: Record<string, unknown> }>): Promise<void> {
      if (!rows.length) return;
      await db.execute(sql`
        INSERT INTO entity_records (id, app_id, entity, data, creator_id)
        SELECT r.id, ${scope.appId}, ${scope.entity}, r.data, ${scope.creatorId}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id text, data jsonb)
        ON CONFLICT (id) DO NOTHING`);
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
      const rows = await db.delete(entityRecords).where(inScope(scope, eq(entityRecords.id, id))).returning({ id: entityRecords.id });
      return rows.length > 0;
    },

    async deleteWhere(scope: RecordScope, where: SQL): Promise<number> {
      const rows = await db.delete(entityRecords).where(inScope(scope, where)).returning({ id: entityRecords.id });
      return rows.length;
    },
  };
}

export type RecordsRepo = ReturnType<typeof createRecordsRepo>;
