import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Anonymous visitors of a tool page are counted by a visitor id the server issues and signs
 * (docs/product/tools.md#rules-and-messages): `{id}.{HMAC-SHA256(app id, id)}`, keyed by the
 * server's AUTH_SECRET and bound to one app, so a visitor cannot pick another's id (or make up a
 * fresh one to reset their limits) without the server's key. Kept in a cookie on the app's host.
 */
const mac = (secret: string, appId: string, id: string) =>
  createHmac('sha256', `tessera-visitor:${secret}`).update(`${appId}\n${id}`).digest();

/** A new signed visitor id for one app. */
export function issueVisitorToken(appId: string, secret: string): { id: string; token: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, token: `${id}.${mac(secret, appId, id).toString('base64url')}` };
}

/** The visitor id of a token signed for this app, or null when it is malformed or forged. */
export function verifyVisitorToken(token: string, appId: string, secret: string): string | null {
  if (token.length > 200) return null;
  const [id, signature, extra] = token.split('.');
  if (!id || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, appId, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
