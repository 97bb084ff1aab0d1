/**
 * Worker thread of a CSV import (csv-import.ts starts one per import): parses the CSV with Papa
 * Parse, converts and validates the rows and posts ready batches of JSON text, so this work runs
 * beside the inserts instead of on the thread that runs them (PGlite runs on the main thread).
 *
 * Protocol (messages are plain objects):
 * - in: `workerData` = CsvWorkerData; `{ type: 'chunk', text }` the file's next part, decoded;
 *   `{ type: 'end', text }` its last characters; `{ type: 'ack' }` one posted batch is written.
 * - out: `{ type: 'consumed' }` one chunk is parsed; `{ type: 'batch', ...CsvBatch }`;
 *   `{ type: 'done', ...CsvProgress }`; `{ type: 'fail', code, message, details }` (an AppError).
 *
 * Backpressure: the main thread keeps a few chunks in flight (it sends ahead, so the worker never
 * waits for a round trip to a thread that is busy inserting), and the worker parses the next
 * chunk only while fewer than `maxAhead` of its batches are unacknowledged: chunks then stay
 * unconsumed and the main thread stops reading the upload. Each stage holds a bounded amount.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Papa from 'papaparse';
import { AppError } from '../../platform/errors';
import { createCsvBatcher, type CsvBatch, type CsvBatchOptions, type CsvRow } from './csv-batches';

export interface CsvWorkerData extends CsvBatchOptions {
  /** Batches posted and not yet acknowledged before the worker stops parsing. */
  maxAhead: number;
}

const port = parentPort!;
const options = workerData as CsvWorkerData;
const batcher = createCsvBatcher(options);
const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
  header: true,
  skipEmptyLines: 'greedy',
  transformHeader: (h: string) => h.trim(),
});
/** Chunks received and not yet given to the parser. */
const pending: string[] = [];
let ahead = 0;
let isWriting = false;
let isEndReceived = false;
let isEnded = false;
let isFailed = false;

/** Gives the parser the next chunk when it is free and the writer is not too far behind. */
function feed() {
  if (isWriting || isEnded || isFailed || ahead >= options.maxAhead) return;
  const text = pending.shift();
  if (text === undefined) {
    if (isEndReceived) {
      isEnded = true;
      parser.end();
    }
    return;
  }
  isWriting = true;
  // The callback runs once Papa Parse has parsed the chunk (and its rows have been converted).
  parser.write(text, () => {
    isWriting = false;
    port.postMessage({ type: 'consumed' });
    feed();
  });
}

/** An AppError ends the import with its message; anything else crashes the worker (main sees 'error'). */
function fail(err: unknown) {
  if (isFailed) return;
  isFailed = true;
  pending.length = 0;
  if (!(err instanceof AppError)) throw err;
  port.postMessage({ type: 'fail', code: err.code, message: err.message, details: err.details });
}

// Rows are taken from Papa Parse's 'data' events as it emits them, not through an async iterator:
// no promise per row, and each row is converted while it is still young.
parser.on('data', (row: CsvRow) => {
  if (isFailed) return;
  let batch: CsvBatch | null;
  try {
    batch = batcher.add(row);
  } catch (err) {
    fail(err);
    return;
  }
  if (batch) {
    ahead++;
    port.postMessage({ type: 'batch', ...batch });
  }
});
parser.on('error', fail);
parser.on('end', () => {
  if (isFailed) return;
  const { batch, progress } = batcher.finish();
  if (batch) port.postMessage({ type: 'batch', ...batch });
  port.postMessage({ type: 'done', ...progress });
});

port.on('message', (msg: { type: 'chunk' | 'end'; text: string } | { type: 'ack' }) => {
  if (msg.type === 'ack') ahead--;
  else {
    // Only the end may come without text (chunks always carry some).
    if (msg.text) pending.push(msg.text);
    if (msg.type === 'end') isEndReceived = true;
  }
  feed();
});
