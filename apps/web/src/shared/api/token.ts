import { readTokenCookie, tokenCookie } from './token-cookie';

/**
 * The bearer token lives in a first-party cookie (token-cookie.ts) so it survives reloads and is
 * shared by the tabs of this origin. Every change is announced to this tab's listeners and,
 * through a BroadcastChannel, to the other tabs.
 */
const CHANNEL_NAME = 'tessera-auth';

type TokenListener = (token: string | null) => void;

const listeners = new Set<TokenListener>();
let lastKnown: string | null = readCookie();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

function isHttps(): boolean {
  return window.location.protocol === 'https:';
}

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  return readTokenCookie(document.cookie, isHttps());
}

function writeCookie(value: string | null) {
  document.cookie = tokenCookie(value, isHttps());
}

function notify(token: string | null) {
  for (const listener of listeners) listener(token);
}

/** Picks up a change made by another tab (or by hand) and tells this tab's listeners. */
function syncFromCookie() {
  const current = readCookie();
  if (current !== lastKnown) {
    lastKnown = current;
    notify(current);
  }
}

channel?.addEventListener('message', syncFromCookie);
if (typeof window !== 'undefined') {
  // Fallback for browsers without BroadcastChannel, and for cookies that expired meanwhile.
  window.addEventListener('focus', syncFromCookie);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') syncFromCookie();
  });
}

export function getToken(): string | null {
  return readCookie();
}

/** Stores a new token; a no-op when it is the one already stored. */
export function setToken(token: string) {
  if (!token || token === readCookie()) return;
  writeCookie(token);
  lastKnown = token;
  notify(token);
  channel?.postMessage('token');
}

export function clearToken() {
  if (readCookie() === null && lastKnown === null) return;
  writeCookie(null);
  lastKnown = null;
  notify(null);
  channel?.postMessage('token');
}

/** Calls `listener` whenever the token changes, in this tab or another; returns the unsubscribe. */
export function onTokenChange(listener: TokenListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
