import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ToolBatchStatus } from '@tessera/contracts/tool-runs';
import { toolBatchRows, toolBatches, type Db } from '@tessera/db';

export type ToolBatchRow = typeof toolBatches.$inferSelect;

/** Rows inserted per statement when a batch is created. */
const INSERT_CHUNK = 100;

/** SQL of batch runs: the batch, its rows and their outcomes. */
export function createToolBatchesRepo(db: Db) {
  return {
    async create(
      batch: Pick<ToolBatchRow, 'id' | 'appId' | 'toolId' | 'fileName' | 'columns' | 'mapping'>,
      rows: string[][],
    ): Promise<ToolBatchRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(toolBatches)
          .values({ ...batch, status: 'queued', totalRows: rows.length })
          .returning();
        for (let i = 0; i < rows.length; i += INSERT_CHUNK)
          await tx
            .insert(toolBatchRows)
            .values(rows.slice(i, i + INSERT_CHUNK).map((cells, j) => ({ batchId: batch.id, rowIndex: i + j, cells })));
        return created!;
      });
    },

    async find(id: string): Promise<ToolBatchRow | null> {
      const [row] = await db.select().from(toolBatches).where(eq(toolBatches.id, id));
      return row ?? null;
    },

    async listOf(appId: string, toolId: string, limit: number): Promise<ToolBatchRow[]> {
      return db
        .select()
        .from(toolBatches)
        .where(and(eq(toolBatches.appId, appId), eq(toolBatches.toolId, toolId)))
        .orderBy(desc(toolBatches.createdAt))
        .limit(limit);
    },

    /** Moves a batch from one of `from` to `to`; null when it was in none of them. */
    async transition(
      id: string,
      from: readonly ToolBatchStatus[],
      to: ToolBatchStatus,
      message: string | null = null,
    ): Promise<ToolBatchRow | null> {
      const finished = to !== 'queued' && to !== 'running';
      const [row] = await db
        .update(toolBatches)
        .set({ status: to, message, updatedAt: new Date(), ...(finished ? { finishedAt: new Date() } : {}) })
        .where(and(eq(toolBatches.id, id), inArray(toolBatches.status, [...from])))
        .returning();
      return row ?? null;
    },

    /** The next rows not yet run, in file order. */
    async pendingRows(batchId: string, limit: number) {
      return db
        .select({ rowIndex: toolBatchRows.rowIndex, cells: toolBatchRows.cells })
        .from(toolBatchRows)
        .where(and(eq(toolBatchRows.batchId, batchId), eq(toolBatchRows.status, 'pending')))
        .orderBy(asc(toolBatchRows.rowIndex))
        .limit(limit);
    },

    /** Records a row's outcome and counts it on the batch, once (a row already recorded is left as it is). */
    async finishRow(
      batchId: string,
      rowIndex: number,
      outcome: { status: 'succeeded' | 'failed'; runId: string | null; result: string | null; error: string | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(toolBatchRows)
          .set(outcome)
          .where(
            and(
              eq(toolBatchRows.batchId, batchId),
              eq(toolBatchRows.rowIndex, rowIndex),
              eq(toolBatchRows.status, 'pending'),
            ),
          )
          .returning({ rowIndex: toolBatchRows.rowIndex });
        if (!row) return;
        await tx
          .update(toolBatches)
          .set({
            doneRows: sql`${toolBatches.doneRows} + 1`,
            failedRows: sql`${toolBatches.failedRows} + ${outcome.status === 'failed' ? 1 : 0}`,
            updatedAt: new Date(),
          })
          .where(eq(toolBatches.id, batchId));
      });
    },

    /** Every row of a batch, in file order (the results file). */
    async rowsOf(batchId: string) {
      return db
        .select({
          cells: toolBatchRows.cells,
          status: toolBatchRows.status,
          result: toolBatchRows.result,
          error: toolBatchRows.error,
        })
        .from(toolBatchRows)
        .where(eq(toolBatchRows.batchId, batchId))
        .orderBy(asc(toolBatchRows.rowIndex));
    },
  };
}

export type ToolBatchesRepo = ReturnType<typeof createToolBatchesRepo>;
