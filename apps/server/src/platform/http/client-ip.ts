import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address for rate limits. X-Forwarded-For is only believed behind a trusted proxy,
 * otherwise anyone could pick a fresh address per request. Even then only its right-most entry is:
 * the proxy appends the address it saw to whatever list the client sent, so every entry to the
 * left of it is the client's own writing.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
