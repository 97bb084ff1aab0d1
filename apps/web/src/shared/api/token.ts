/**
 * The bearer token lives in a first-party cookie (spec 1 §7) so it survives reloads and is shared
 * by the tabs of this origin. Every change is announced to this tab's listeners and, through a
 * BroadcastChannel, to the other tabs.
 */
const COOKIE_NAME = 'tessera_token';
const MAX_AGE_S = 7 * 24 * 3600;
const CHANNEL_NAME = 'tessera-auth';

type TokenListener = (token: string | null) => void;

const listeners = new Set<TokenListener>();
let lastKnown: string | null = readCookie();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE_NAME) {
      const value = rest.join('=');
      try {
        return value ? decodeURIComponent(value) : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(value: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = value
    ? `${COOKIE_NAME}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Strict${secure}`
    : `${COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
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
