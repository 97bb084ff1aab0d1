import type { Context } from 'hono';

/** A Host value as a bare host name: lowercased, without port or trailing dot; null when absent. */
export function hostNameOf(host: string | undefined): string | null {
  if (!host) return null;
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '') || null;
}

/** The host name a request was sent to (its Host header, else its URL's host). */
export function requestHostName(c: Context): string {
  return hostNameOf(c.req.header('host')) ?? hostNameOf(new URL(c.req.url).host) ?? '';
}
