import { openEventStream, readSseEvents, type SseEvent } from '../../../shared/api';
import { POLL_INTERVAL_MS, reconnectDelayMs, SSE_MAX_FAILURES_BEFORE_POLLING } from './sse';
import type { Timers } from './rename';

/** connecting: a request is on its way; live: the stream is open; waiting: a reconnect is scheduled; polling: SSE gave up; closed: stopped. */
export type LiveMode = 'connecting' | 'live' | 'waiting' | 'polling' | 'closed';

export interface LiveConnectionOptions {
  url: string;
  getToken: () => string | null;
  onEvent: (event: SseEvent) => void;
  /** Called every POLL_INTERVAL_MS once SSE has failed too often (or does not exist). */
  onPoll: () => void;
  onModeChange?: (mode: LiveMode) => void;
  fetch?: typeof fetch;
  timers?: Timers & {
    setInterval?: (run: () => void, ms: number) => unknown;
    clearInterval?: (handle: unknown) => void;
  };
  maxFailures?: number;
  pollIntervalMs?: number;
}

export interface LiveConnection {
  /** Reconnect at once (tab visible again, network back) unless the stream is open. */
  retryNow: () => void;
  stop: () => void;
  mode: () => LiveMode;
}

/**
 * Keeps a Server-Sent Events stream open with the bearer token (EventSource cannot send headers, so
 * this reads the stream with fetch). A dropped stream reconnects with backoff; after a few failures
 * in a row, or when the server has no stream, it falls back to polling.
 */
export function startLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const {
    url,
    getToken,
    onEvent,
    onPoll,
    onModeChange,
    fetch: fetchImpl = (...args) => fetch(...args),
    maxFailures = SSE_MAX_FAILURES_BEFORE_POLLING,
    pollIntervalMs = POLL_INTERVAL_MS,
  } = options;
  const timers = {
    set: options.timers?.set ?? ((run: () => void, ms: number) => setTimeout(run, ms)),
    clear: options.timers?.clear ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)),
    setInterval: options.timers?.setInterval ?? ((run: () => void, ms: number) => setInterval(run, ms)),
    clearInterval:
      options.timers?.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>)),
  };

  let mode: LiveMode = 'connecting';
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retryHandle: unknown = null;
  let pollHandle: unknown = null;

  function setMode(next: LiveMode) {
    if (mode === next) return;
    mode = next;
    onModeChange?.(next);
  }

  function clearSchedules() {
    if (retryHandle !== null) timers.clear(retryHandle);
    if (pollHandle !== null) timers.clearInterval(pollHandle);
    retryHandle = null;
    pollHandle = null;
  }

  function startPolling() {
    clearSchedules();
    setMode('polling');
    pollHandle = timers.setInterval(onPoll, pollIntervalMs);
  }

  async function connect() {
    if (stopped) return;
    controller = new AbortController();
    const { signal } = controller;
    setMode('connecting');
    let gotEvent = false;
    try {
      const response = await openEventStream(url, {
        token: getToken(),
        fetch: fetchImpl,
        signal,
        credentials: 'omit',
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) {
        // The session is gone or the app is not ours: nothing a retry would fix.
        await response.body?.cancel().catch(() => undefined);
        stop();
        return;
      }
      if (response.status === 404 || response.status === 405) {
        await response.body?.cancel().catch(() => undefined);
        if (!stopped) startPolling();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      setMode('live');
      for await (const event of readSseEvents(response.body)) {
        if (stopped) break;
        gotEvent = true;
        failures = 0;
        onEvent(event);
      }
    } catch {
      // A network error or an aborted stream: handled below like an end of stream.
    }
    if (stopped || signal.aborted) return;
    failures = gotEvent ? 1 : failures + 1;
    if (failures >= maxFailures) return startPolling();
    setMode('waiting');
    retryHandle = timers.set(() => {
      retryHandle = null;
      void connect();
    }, reconnectDelayMs(failures));
  }

  function stop() {
    stopped = true;
    clearSchedules();
    controller?.abort();
    setMode('closed');
  }

  void connect();

  return {
    retryNow() {
      if (stopped || mode === 'live' || mode === 'connecting') return;
      clearSchedules();
      failures = 0;
      void connect();
    },
    stop,
    mode: () => mode,
  };
}
