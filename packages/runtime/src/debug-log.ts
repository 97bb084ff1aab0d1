import { DEBUG_LOG_SIZE } from '@tessera/contracts/runtime';

/** One line of the runtime's debug log (docs/product/runtime.md#screens-and-routes: 100 entries, shown to admins). */
export interface DebugLogEntry {
  at: string;
  level: 'info' | 'warn' | 'error';
  message: string;
  data?: unknown;
}

const entries: DebugLogEntry[] = [];
let snapshot: readonly DebugLogEntry[] = [];
const listeners = new Set<() => void>();

/** Adds an entry, dropping the oldest past 100. */
export function logDebug(level: DebugLogEntry['level'], message: string, data?: unknown): void {
  entries.push({ at: new Date().toISOString(), level, message, ...(data === undefined ? {} : { data }) });
  if (entries.length > DEBUG_LOG_SIZE) entries.splice(0, entries.length - DEBUG_LOG_SIZE);
  snapshot = entries.slice();
  for (const listener of listeners) listener();
}

/** The log, oldest first (the same array until the next entry, as React's external stores need). */
export function getDebugLog(): readonly DebugLogEntry[] {
  return snapshot;
}

export function subscribeDebugLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
