import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/errors';
import { workerEntry } from '../../platform/worker-entry';
import type { CsvBatch, CsvProgress } from './csv-batches';
import type { CsvWorkerData } from './csv-import.worker';

/** Characters of the upload sent to the worker and not yet parsed, at most (~5,000 rows of a typical CSV). */
const INPUT_AHEAD = 512 * 1024;

export type CsvImportEvent = ({ type: 'batch' } & CsvBatch) | ({ type: 'done' } & CsvProgress);

/**
 * Parses, converts and validates a CSV upload in a worker thread and hands back ready batches
 * (csv-import.worker.ts). Call `ack()` once per batch when it is written: the worker stays at
 * most `maxAhead` batches ahead and reads the upload only as fast as it can parse, so memory is
 * bounded whatever the file's size. `next()` rejects with the worker's AppError, the upload's
 * error or the worker's crash; `stop()` always ends the worker.
 */
export function startCsvWorker(csv: Readable, data: CsvWorkerData) {
  // csv-import.worker.ts from source, csv-import.worker.mjs beside the server bundle.
  const { entry, eval: isEval } = workerEntry(import.meta.url, 'csv-import.worker');
  // A young generation of 16 MB instead of V8's default: ~15 MB less RSS while an import runs, at
  // the same speed (measured on 100k rows; its rows die young).
  const worker = new Worker(entry, {
    workerData: data,
    eval: isEval,
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  const reader = csv[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // One decoder for the whole file: a character split across two chunks is decoded once, whole.
  const decoder = new TextDecoder('utf-8');
  const events: CsvImportEvent[] = [];
  let failure: { error: unknown } | null = null;
  let stopped = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    notify();
  };

  // Input is sent ahead of the worker's need, so it has some while this thread is busy inserting
  // (a PGlite batch holds it for tens of ms): the sizes of the chunks sent and not yet parsed.
  const inWorker: number[] = [];
  let charsInWorker = 0;
  let isReading = false;
  let isInputDone = false;
  const sendInput = async () => {
    if (isReading || isInputDone) return;
    isReading = true;
    try {
      while (charsInWorker < INPUT_AHEAD && !stopped) {
        const { value, done } = await reader.next();
        if (stopped) return;
        if (done) {
          isInputDone = true;
          worker.postMessage({ type: 'end', text: decoder.decode() });
          return;
        }
        const text = decoder.decode(value, { stream: true });
        // Part of a character only: nothing to send yet (the worker answers each chunk it parses).
        if (!text) continue;
        inWorker.push(text.length);
        charsInWorker += text.length;
        worker.postMessage({ type: 'chunk', text });
      }
    } catch (err) {
      fail(err);
    } finally {
      isReading = false;
    }
  };

  worker.on(
    'message',
    (
      msg:
        | { type: 'consumed' }
        | CsvImportEvent
        | { type: 'fail'; code: AppError['code']; message: string; details?: unknown },
    ) => {
      if (msg.type === 'consumed') {
        charsInWorker -= inWorker.shift() ?? 0;
        void sendInput();
      } else if (msg.type === 'fail') fail(new AppError(msg.code, msg.message, msg.details));
      else {
        events.push(msg);
        notify();
      }
    },
  );
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!stopped) fail(new Error(`The CSV import worker exited (code ${code}) before the end of the file`));
  });
  void sendInput();

  return {
    /** The next batch, or `done` with the final counters. */
    async next(): Promise<CsvImportEvent> {
      for (;;) {
        // Batches already parsed are handed out before a later failure, in file order.
        const event = events.shift();
        if (event) return event;
        if (failure) throw failure.error;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    /** One batch handed out by next() has been written. */
    ack() {
      if (!stopped) worker.postMessage({ type: 'ack' });
    },
    /** Ends the worker and stops reading the upload. */
    async stop() {
      if (stopped) return;
      stopped = true;
      await worker.terminate();
      await reader.return?.().catch(() => {});
    },
  };
}
