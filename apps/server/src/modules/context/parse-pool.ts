import { Worker, type ResourceLimits } from 'node:worker_threads';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { workerEntry } from '../../platform/worker-entry';
import type { ParseLimits, ParsedDocument, UploadType } from './parse';
import type { ParseReply, ParseTask } from './parse.worker';
import type { ConvertedPage } from './scraper/html-to-markdown';

export interface ParsePoolOptions {
  /** Worker threads at most, each reading one file or page at a time. */
  size: number;
  /** Per worker: a file or page that needs more is refused (the worker dies and is replaced). */
  resourceLimits: ResourceLimits;
  /** Time one document (upload check or parse) may take before its worker is terminated. */
  documentTimeoutMs: number;
  /** Same for one web page's conversion. */
  pageTimeoutMs: number;
  /** A worker left idle this long is ended (the next task starts a new one, ~0.1 s). */
  idleMs: number;
}

/**
 * Two workers (the server's job runner runs two jobs at a time) of at most 512 MB heap each: a
 * legitimate DOCX needs ~50 MB of heap per MB of document XML, so ~10 MB of XML (hundreds of
 * pages) fits; a bomb of bare paragraphs needs ~150 MB per MB and is cut off.
 */
const DEFAULTS: ParsePoolOptions = {
  size: 2,
  resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 },
  documentTimeoutMs: 60_000,
  pageTimeoutMs: 10_000,
  idleMs: 30_000,
};

interface Slot {
  worker: Worker | null;
  /** Settles when the worker has loaded its code: a task's time counts from then. */
  ready: Promise<void>;
  busy: boolean;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

interface Queued {
  task: ParseTask;
  signal?: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads untrusted data-source content in worker threads (parse.worker.ts) with memory and time
 * limits: a file or page that exhausts its worker's heap, or outlasts its time, ends the worker and
 * comes back as an AppError in plain words, while the main thread keeps serving requests. Tasks
 * beyond `size` wait their turn. Idle workers do not keep the process alive.
 */
export function createParsePool(options: Partial<ParsePoolOptions> = {}) {
  const { size, resourceLimits, documentTimeoutMs, pageTimeoutMs, idleMs } = { ...DEFAULTS, ...options };
  const slots: Slot[] = Array.from({ length: size }, () => ({
    worker: null,
    ready: Promise.resolve(),
    busy: false,
    idleTimer: null,
  }));
  const queue: Queued[] = [];
  let nextId = 0;

  function startWorker(slot: Slot): Worker {
    // parse.worker.ts from source, parse.worker.mjs beside the server bundle.
    const { entry, eval: isEval } = workerEntry(import.meta.url, 'parse.worker');
    const worker = new Worker(entry, { eval: isEval, resourceLimits });
    slot.ready = new Promise<void>((resolve) => {
      const onReady = (msg: { type?: string }) => {
        if (msg.type !== 'ready') return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      // A worker that dies while loading fails its task through the task's own listeners.
      worker.once('exit', () => resolve());
    });
    // Always listened to: an 'error' event without a listener would be thrown on this thread.
    worker.on('error', () => {});
    worker.once('exit', () => {
      if (slot.worker === worker) slot.worker = null;
    });
    return worker;
  }

  /** What a worker that died (out of memory, time, or crashed) means for this task. */
  const tooComplex = (task: ParseTask) =>
    new AppError('BAD_REQUEST', task.op === 'html' ? APP_MESSAGES.pageTooComplex : APP_MESSAGES.fileTooComplex);

  function run(slot: Slot, { task, signal, resolve, reject }: Queued) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.busy = true;
    const worker = (slot.worker ??= startWorker(slot));
    worker.ref();
    const id = ++nextId;
    const settle = (fn: () => void) => {
      isSettled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      fn();
      release(slot);
    };
    const kill = (error: unknown) =>
      settle(() => {
        if (slot.worker === worker) slot.worker = null;
        void worker.terminate();
        reject(error);
      });
    const onMessage = (reply: ParseReply | { type: 'ready' }) => {
      if (!('id' in reply) || reply.id !== id) return;
      if (reply.ok) settle(() => resolve(reply.result));
      else if (reply.error) {
        const { code, message, details } = reply.error;
        settle(() => reject(new AppError(code, message, details)));
      } else
        settle(() =>
          reject(
            new AppError('BAD_REQUEST', task.op === 'html' ? APP_MESSAGES.pageTooComplex : APP_MESSAGES.unreadableFile),
          ),
        );
    };
    const onError = (err: Error & { code?: string }) =>
      // Out of memory is the content's doing; any other crash is ours, and the job is retried.
      kill(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex(task) : err);
    const onExit = (code: number) => kill(new Error(`The parse worker exited (code ${code}) during a task`));
    const onAbort = () => kill(signal!.reason);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isSettled = false;
    void slot.ready.then(() => {
      if (!isSettled)
        timer = setTimeout(() => kill(tooComplex(task)), task.op === 'html' ? pageTimeoutMs : documentTimeoutMs);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ id, task });
  }

  function release(slot: Slot) {
    slot.busy = false;
    const next = queue.shift();
    if (next) return run(slot, next);
    const worker = slot.worker;
    if (!worker) return;
    worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.busy || slot.worker !== worker) return;
      slot.worker = null;
      void worker.terminate();
    }, idleMs);
    slot.idleTimer.unref();
  }

  function submit<T>(task: ParseTask, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const queued: Queued = { task, signal, resolve: resolve as (value: unknown) => void, reject };
      const free = slots.find((s) => !s.busy);
      if (free) run(free, queued);
      else queue.push(queued);
    });
  }

  return {
    /** Upload-time checks of a file (parse.ts `checkUpload`). */
    checkUpload: (type: UploadType, bytes: Uint8Array, limits: ParseLimits) =>
      submit<{ pages: number | null }>({ op: 'check', type, bytes, limits }),
    /** The text of a file (parse.ts `parseDocument`). */
    parseDocument: (type: UploadType, bytes: Uint8Array, limits: ParseLimits, signal?: AbortSignal) =>
      submit<ParsedDocument>({ op: 'parse', type, bytes, limits }, signal),
    /** A fetched page as markdown (scraper/html-to-markdown.ts `htmlToMarkdown`). */
    htmlToMarkdown: (html: string, pageUrl: string) => submit<ConvertedPage>({ op: 'html', html, pageUrl }),
    /** Ends every worker (tasks in flight fail). */
    async close() {
      await Promise.all(slots.map((s) => s.worker?.terminate()));
    },
  };
}

export type ParsePool = ReturnType<typeof createParsePool>;

/** The server's pool: uploads, ingestion jobs and the scraper share it. */
export const parsePool = createParsePool();
