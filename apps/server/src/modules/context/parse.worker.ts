/**
 * Worker thread that reads untrusted data-source content (parse-pool.ts starts and limits it):
 * upload checks, document parsing and the HTML-to-markdown conversion of scraped pages. Whatever a
 * file does to memory or time happens here, under the worker's resource limits, not on the thread
 * that serves requests (and, on PGlite, runs the database).
 *
 * Protocol: in `{ id, task }` (a ParseTask); out `{ id, ok: true, result }` or `{ id, ok: false,
 * error }` with an AppError's code, message and details, or `error: null` for anything else;
 * `{ type: 'ready' }` once, when the code is loaded (a task's time limit counts from then).
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../platform/errors';
import { checkUpload, parseDocument, type ParseLimits, type UploadType } from './parse';
import { htmlToMarkdown } from './scraper/html-to-markdown';

export type ParseTask =
  | { op: 'check'; type: UploadType; bytes: Uint8Array; limits: ParseLimits }
  | { op: 'parse'; type: UploadType; bytes: Uint8Array; limits: ParseLimits }
  | { op: 'html'; html: string; pageUrl: string };

export type ParseReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { code: AppError['code']; message: string; details?: unknown } | null };

function run(task: ParseTask): Promise<unknown> | unknown {
  switch (task.op) {
    case 'check':
      return checkUpload(task.type, task.bytes, task.limits);
    case 'parse':
      return parseDocument(task.type, task.bytes, task.limits);
    case 'html':
      return htmlToMarkdown(task.html, task.pageUrl);
  }
}

const port = parentPort!;
port.on('message', async ({ id, task }: { id: number; task: ParseTask }) => {
  let reply: ParseReply;
  try {
    reply = { id, ok: true, result: await run(task) };
  } catch (err) {
    reply = {
      id,
      ok: false,
      error: err instanceof AppError ? { code: err.code, message: err.message, details: err.details } : null,
    };
  }
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' });
