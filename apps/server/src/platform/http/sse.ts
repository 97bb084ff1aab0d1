/**
 * Server-Sent Events: one way to stream them. A service hands out an async iterable of events (or
 * a queue it pushes into from callbacks); the route turns it into a streaming `Response` here.
 * Each event is enqueued as soon as it is read, and FlushingServerResponse (flushing-response.ts)
 * writes it to the socket at once.
 */

/** One event as written: an optional name and id, and its data (several lines become several `data:` lines). */
export interface SseMessage {
  event?: string;
  data: string;
  id?: string;
}

/** A comment this often keeps proxies from closing an idle stream. */
export const SSE_KEEP_ALIVE_MS = 15_000;

/**
 * Declared chunked: @hono/node-server otherwise holds a streamed body back a timer tick to see
 * whether it fits a Content-Length (about 1 ms on every first event).
 */
export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
  'transfer-encoding': 'chunked',
};

const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/** The wire form of one event. */
export function encodeSse({ event, data, id }: SseMessage): string {
  let out = event ? `event: ${event}\n` : '';
  if (id !== undefined) out += `id: ${id}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

export interface SseResponseOptions {
  /** How often an idle-proof comment goes out; null for none. */
  keepAliveMs?: number | null;
  /** Headers on top of (or instead of) the SSE ones. */
  headers?: Record<string, string>;
}

/**
 * Streams `events` as `text/event-stream`, each through `toMessage`. When the client goes away the
 * iterator is returned at once (a queue from createEventQueue runs its `onDetach`), and nothing
 * more is written; when the events end, the response ends.
 */
export function sseResponse<T>(
  events: AsyncIterable<T>,
  toMessage: (event: T) => SseMessage,
  { keepAliveMs = SSE_KEEP_ALIVE_MS, headers }: SseResponseOptions = {},
): Response {
  const iterator = events[Symbol.asyncIterator]();
  let isOpen = true;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    isOpen = false;
    clearInterval(keepAlive);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (bytes: Uint8Array) => {
        try {
          controller.enqueue(bytes);
        } catch {
          stop();
        }
      };
      if (keepAliveMs) keepAlive = setInterval(() => isOpen && write(KEEP_ALIVE), keepAliveMs);
      void (async () => {
        try {
          for (;;) {
            const next = await iterator.next();
            if (next.done || !isOpen) break;
            write(encoder.encode(encodeSse(toMessage(next.value))));
          }
          if (isOpen) controller.close();
        } catch (err) {
          if (isOpen) controller.error(err);
        } finally {
          stop();
        }
      })();
    },
    cancel() {
      stop();
      void iterator.return?.();
    },
  });
  return new Response(body, { headers: { ...SSE_HEADERS, ...headers } });
}

export interface EventQueue<T> extends AsyncIterable<T> {
  /** Queues an event for the reader (dropped once the reader has gone). */
  push(event: T): void;
  /** No more events: the reader gets those queued, then the end. */
  close(): void;
}

/**
 * Events pushed from callbacks (a subscription, a running job), read once as an async iterable.
 * Unlike an async generator, its `return()` takes effect at once even while the reader waits, so
 * a client that goes away unsubscribes (`onDetach`) at once.
 */
export function createEventQueue<T>({ onDetach }: { onDetach?: () => unknown } = {}): EventQueue<T> {
  const items: T[] = [];
  let waiting: ((result: IteratorResult<T, undefined>) => void) | null = null;
  let isClosed = false;
  let isDetached = false;
  const done = (): IteratorResult<T, undefined> => ({ done: true, value: undefined });
  const settle = (result: IteratorResult<T, undefined>) => {
    const resolve = waiting;
    waiting = null;
    resolve?.(result);
  };
  const iterator: AsyncIterator<T, undefined> = {
    next() {
      if (items.length) return Promise.resolve({ done: false, value: items.shift()! });
      if (isClosed || isDetached) return Promise.resolve(done());
      return new Promise((resolve) => (waiting = resolve));
    },
    async return() {
      if (!isDetached) {
        isDetached = true;
        items.length = 0;
        settle(done());
        await onDetach?.();
      }
      return done();
    },
  };
  return {
    push(event) {
      if (isClosed || isDetached) return;
      if (waiting) settle({ done: false, value: event });
      else items.push(event);
    },
    close() {
      isClosed = true;
      if (!items.length) settle(done());
    },
    [Symbol.asyncIterator]: () => iterator,
  };
}
