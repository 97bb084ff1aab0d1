/** How long to wait before reconnecting after `failures` failed attempts in a row: 1 s, 2 s, 4 s... at most 15 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** After this many failed connections in a row the list falls back to polling. */
export const SSE_MAX_FAILURES_BEFORE_POLLING = 3;
/** The polling interval of the fallback. */
export const POLL_INTERVAL_MS = 2000;
