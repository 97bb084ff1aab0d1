import { randomUUID } from 'node:crypto';
import {
  TOOL_BATCH_MESSAGES,
  TOOL_BATCH_PREVIEW_ROWS,
  TOOL_BATCH_STATUSES,
  type ToolBatch,
  type ToolBatchPreview,
  type ToolFieldValue,
  type ToolRunEvent,
} from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import { PermanentJobError, type JobHandler, type JobQueue } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/logger';
import type { SessionUser } from '@tessera/contracts/auth';
import type { RunField, ToolRunsService } from '../tool-runs';
import { checkBatchMapping, parseBatchCsv, resultsCsv, rowValues, suggestBatchMapping } from './batch-csv';
import type { ToolBatchRow, ToolBatchesRepo } from './tool-batches.repo';

export const TOOL_BATCH_JOB = 'tool-batch';
/** Batches listed per tool. */
const LIST_LIMIT = 20;
/** Rows read from the database at a time while a batch runs. */
const ROWS_AT_ONCE = 25;

const toBatch = (row: ToolBatchRow): ToolBatch => ({
  id: row.id,
  toolId: row.toolId,
  fileName: row.fileName,
  columns: row.columns,
  mapping: row.mapping,
  status: TOOL_BATCH_STATUSES.includes(row.status as ToolBatch['status'])
    ? (row.status as ToolBatch['status'])
    : 'failed',
  totalRows: row.totalRows,
  doneRows: row.doneRows,
  failedRows: row.failedRows,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The outcome of one row's run: its answer, a refusal of the row, or the owner's monthly runs used up. */
type RowOutcome =
  | { kind: 'row'; status: 'succeeded' | 'failed'; runId: string | null; result: string | null; error: string | null }
  | { kind: 'limit' };

/**
 * Batch runs (docs/product/tools.md#batch-runs): a CSV's rows run one by one through the tool's run
 * engine by a durable job, each row a run counted against the owner's monthly runs. The rows live
 * in the database, so a job taken over after a restart goes on with the rows not yet run.
 */
export function createToolBatchesService({
  repo,
  toolRuns,
  jobs,
  requireTool,
  logger,
}: {
  repo: ToolBatchesRepo;
  toolRuns: Pick<ToolRunsService, 'startForOwner' | 'fieldsOf'>;
  jobs: JobQueue;
  /** Throws NOT_FOUND unless the caller owns the app and it has this tool. */
  requireTool: (user: SessionUser, appId: string, toolId: string) => Promise<unknown>;
  logger: Logger;
}) {
  async function inputsOf(user: SessionUser, appId: string, toolId: string): Promise<RunField[]> {
    await requireTool(user, appId, toolId);
    return toolRuns.fieldsOf(appId, toolId);
  }

  async function ownedBatch(user: SessionUser, appId: string, toolId: string, batchId: string) {
    await requireTool(user, appId, toolId);
    const row = await repo.find(batchId);
    if (!row || row.appId !== appId || row.toolId !== toolId)
      throw new AppError('NOT_FOUND', TOOL_BATCH_MESSAGES.notFound);
    return row;
  }

  async function runRow(batch: ToolBatchRow, fields: RunField[], cells: string[]): Promise<RowOutcome> {
    const values: Record<string, ToolFieldValue> = rowValues(fields, batch.mapping, batch.columns, cells);
    let events: AsyncIterable<ToolRunEvent>;
    try {
      events = await toolRuns.startForOwner(batch.appId, batch.toolId, `b:${batch.id}`, values, { activeOnly: false });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if ((err.details as { limit?: string } | undefined)?.limit === 'owner') return { kind: 'limit' };
      return { kind: 'row', status: 'failed', runId: null, result: null, error: err.message };
    }
    let runId: string | null = null;
    for await (const event of events) {
      if (event.type === 'run') runId = event.runId;
      if (event.type === 'done') return { kind: 'row', status: 'succeeded', runId, result: event.result, error: null };
      if (event.type === 'error') return { kind: 'row', status: 'failed', runId, result: null, error: event.message };
    }
    return { kind: 'row', status: 'failed', runId, result: null, error: TOOL_BATCH_MESSAGES.runFailed };
  }

  const job: JobHandler<{ batchId: string }> = {
    async run({ batchId }, ctx) {
      const batch = await repo.transition(batchId, ['queued', 'running'], 'running');
      if (!batch) return; // cancelled, finished or deleted meanwhile
      // The tool deleted since: no retry can help, the batch fails at once.
      const fields = await toolRuns.fieldsOf(batch.appId, batch.toolId).catch((err: unknown) => {
        throw err instanceof AppError ? new PermanentJobError(err.message) : err;
      });
      for (;;) {
        const rows = await repo.pendingRows(batchId, ROWS_AT_ONCE);
        if (!rows.length) break;
        for (const row of rows) {
          // This worker lost the job or is going away: the next one goes on from the rows left.
          if (ctx.signal.aborted) return;
          if ((await repo.find(batchId))?.status !== 'running') return; // cancelled
          const outcome = await runRow(batch, fields, row.cells);
          if (outcome.kind === 'limit') {
            await repo.transition(batchId, ['running'], 'stopped', TOOL_BATCH_MESSAGES.planLimitStop);
            return;
          }
          const { kind: _, ...recorded } = outcome;
          await repo.finishRow(batchId, row.rowIndex, recorded);
        }
      }
      await repo.transition(batchId, ['running'], 'done');
    },
    async onFailed({ batchId }, error) {
      logger.warn('tool batch failed', { batchId, err: error.message });
      await repo.transition(batchId, ['queued', 'running'], 'failed', TOOL_BATCH_MESSAGES.runFailed);
    },
  };

  return {
    /** The handler of TOOL_BATCH_JOB jobs. */
    job,

    /** A CSV's columns and first rows, and the column suggested for each of the tool's inputs. */
    async preview(
      user: SessionUser,
      appId: string,
      toolId: string,
      file: { name: string; bytes: Uint8Array },
    ): Promise<ToolBatchPreview> {
      const fields = await inputsOf(user, appId, toolId);
      const { columns, rows } = parseBatchCsv(file.bytes);
      return {
        fileName: file.name,
        columns,
        rowCount: rows.length,
        rows: rows.slice(0, TOOL_BATCH_PREVIEW_ROWS),
        mapping: suggestBatchMapping(columns, fields),
        fields: fields.map((f) => ({ name: f.name, label: f.label, required: f.required })),
      };
    },

    /** A new batch over every row of the CSV, queued as a job. */
    async create(
      user: SessionUser,
      appId: string,
      toolId: string,
      file: { name: string; bytes: Uint8Array },
      mapping: Record<string, string>,
    ): Promise<ToolBatch> {
      const fields = await inputsOf(user, appId, toolId);
      const { columns, rows } = parseBatchCsv(file.bytes);
      checkBatchMapping(mapping, columns, fields);
      const kept = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== ''));
      const id = randomUUID();
      const row = await repo.create(
        { id, appId, toolId, fileName: file.name.slice(0, 200) || 'batch.csv', columns, mapping: kept },
        rows,
      );
      await jobs.enqueue(TOOL_BATCH_JOB, { batchId: id }, { dedupeKey: `tool-batch:${id}` });
      return toBatch(row);
    },

    async list(user: SessionUser, appId: string, toolId: string): Promise<{ batches: ToolBatch[] }> {
      await requireTool(user, appId, toolId);
      return { batches: (await repo.listOf(appId, toolId, LIST_LIMIT)).map(toBatch) };
    },

    async get(user: SessionUser, appId: string, toolId: string, batchId: string): Promise<ToolBatch> {
      return toBatch(await ownedBatch(user, appId, toolId, batchId));
    },

    /** Stops a batch before its next row; rows already run keep their results. */
    async cancel(user: SessionUser, appId: string, toolId: string, batchId: string): Promise<ToolBatch> {
      await ownedBatch(user, appId, toolId, batchId);
      const row = await repo.transition(batchId, ['queued', 'running'], 'cancelled', TOOL_BATCH_MESSAGES.cancelled);
      if (!row) throw new AppError('CONFLICT', TOOL_BATCH_MESSAGES.alreadyFinished);
      return toBatch(row);
    },

    /** The results file and its name (`{file}-results.csv`). */
    async results(
      user: SessionUser,
      appId: string,
      toolId: string,
      batchId: string,
    ): Promise<{ fileName: string; csv: string }> {
      const batch = await ownedBatch(user, appId, toolId, batchId);
      const rows = await repo.rowsOf(batchId);
      const base = batch.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-') || 'batch';
      return { fileName: `${base}-results.csv`, csv: resultsCsv(batch.columns, rows) };
    },
  };
}

export type ToolBatchesService = ReturnType<typeof createToolBatchesService>;
