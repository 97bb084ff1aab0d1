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
 *
 * Papa Parse reads the chunks as the 'data' events of a stream and parses each one before the
 * event returns. Its `step` callback gives each row's end offset, from which csv-lines.ts finds
 * the file line the row starts on (bad rows are reported by line).
 */
import { EventEmitter } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import Papa from 'papaparse';
import { AppError } from '../../platform/errors';
import { createCsvBatcher, type CsvBatch, type CsvBatchOptions, type CsvRow } from './csv-batches';
import { createCsvLineCounter } from './csv-lines';

export interface CsvWorkerData extends CsvBatchOptions {
  /** Batches posted and not yet acknowledged before the worker stops parsing. */
  maxAhead: number;
}

const port = parentPort!;
const options = workerData as CsvWorkerData;
const batcher = createCsvBatcher(options);
const lines = createCsvLineCounter();
/** The upload as Papa Parse reads a Node stream: 'data' events with text, then 'end'. */
const source = Object.assign(new EventEmitter(), { readable: true, read() {}, pause() {}, resume() {} });
/** Chunks received and not yet given to the parser. */
const pending: string[] = [];
let ahead = 0;
let isEndReceived = false;
let isEnded = false;
let isFailed = false;

/** An AppError ends the import with its message; anything else crashes the worker (main sees 'error'). */
function fail(err: unknown) {
  if (!(err instanceof AppError)) throw err;
  if (isFailed) return;
  isFailed = true;
  pending.length = 0;
  port.postMessage({ type: 'fail', code: err.code, message: err.message, details: err.details });
}

// Rows are taken one by one as Papa Parse finds them (no promise per row), and each row is
// converted while it is still young.
function onRow({ data: row, meta }: Papa.ParseStepResult<CsvRow>) {
  if (isFailed) return;
  const extra = Array.isArray(row.__parsed_extra) ? (row.__parsed_extra as string[]) : [];
  const line = lines.rowStart(meta.cursor, [...Object.values(row).filter((v) => typeof v === 'string'), ...extra]);
  let batch: CsvBatch | null;
  try {
    batch = batcher.add(row, line);
  } catch (err) {
    fail(err);
    return;
  }
  if (batch) {
    ahead++;
    port.postMessage({ type: 'batch', ...batch });
  }
}

function onEnd() {
  if (isFailed) return;
  const { batch, progress } = batcher.finish();
  if (batch) port.postMessage({ type: 'batch', ...batch });
  port.postMessage({ type: 'done', ...progress });
}

Papa.parse<CsvRow>(source as unknown as NodeJS.ReadableStream, {
  header: true,
  skipEmptyLines: 'greedy',
  transformHeader: (h: string) => h.trim(),
  step: onRow,
  complete: onEnd,
  error: fail,
});

/** Gives the parser the chunks received while the writer is not too far behind. */
function feed() {
  while (!isEnded && !isFailed && ahead < options.maxAhead) {
    const text = pending.shift();
    if (text === undefined) {
      if (isEndReceived) {
        isEnded = true;
        source.emit('end');
      }
      return;
    }
    lines.append(text);
    // Parsed (and its rows converted) when emit returns.
    source.emit('data', text);
    port.postMessage({ type: 'consumed' });
  }
}

port.on('message', (msg: { type: 'chunk' | 'end'; text: string } | { type: 'ack' }) => {
  if (msg.type === 'ack') ahead--;
  else {
    // Only the end may come without text (chunks always carry some).
    if (msg.text) pending.push(msg.text);
    if (msg.type === 'end') isEndReceived = true;
  }
  feed();
});
