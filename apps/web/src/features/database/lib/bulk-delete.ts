/** docs/product/database.md#limits: bulk delete goes 5 rows at a time with 200 ms between chunks, and refreshes 500 ms after. */
export const BULK_DELETE_CHUNK_SIZE = 5;
export const BULK_DELETE_PAUSE_MS = 200;
export const BULK_DELETE_REFRESH_DELAY_MS = 500;
/** Rows one bulk-create call may carry: an undone delete is restored this many at a time. */
export const RESTORE_BATCH_SIZE = 1000;
/** How long the toast offering to undo a delete stays up. */
export const UNDO_TOAST_MS = 10_000;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export interface ChunkedRunOptions<T> {
  items: readonly T[];
  /** Deletes (or otherwise handles) one chunk. A throw stops the run and is rethrown. */
  run: (chunk: T[]) => Promise<void>;
  chunkSize?: number;
  pauseMs?: number;
  /** Called after each chunk with the share done, 0 to 100. */
  onProgress?: (percent: number, done: number) => void;
  /** Read before every chunk: true stops the run there (docs/product/database.md#states-and-transitions: cancel stops before the next chunk). */
  isCancelled?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
}

export interface ChunkedRunResult {
  status: 'done' | 'cancelled';
  /** Items handled before the run ended. */
  done: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `run` on consecutive chunks with a pause between them, reporting percent progress. */
export async function runInChunks<T>({
  items,
  run,
  chunkSize = BULK_DELETE_CHUNK_SIZE,
  pauseMs = BULK_DELETE_PAUSE_MS,
  onProgress,
  isCancelled = () => false,
  sleep = wait,
}: ChunkedRunOptions<T>): Promise<ChunkedRunResult> {
  const chunks = chunk(items, chunkSize);
  let done = 0;
  for (let i = 0; i < chunks.length; i++) {
    if (isCancelled()) return { status: 'cancelled', done };
    await run(chunks[i]!);
    done += chunks[i]!.length;
    onProgress?.(Math.round((done / items.length) * 100), done);
    if (i < chunks.length - 1) await sleep(pauseMs);
  }
  return { status: 'done', done };
}

/**
 * What re-creates a deleted record: its fields the schema still has, without the columns every
 * record carries (id, createdAt…), which the server sets anew.
 */
export function restorableValues(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) if (record[field] !== undefined && record[field] !== null) values[field] = record[field];
  return values;
}
