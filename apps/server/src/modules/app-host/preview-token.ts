import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a preview token grants: one version of one app, until `expiresAt` (seconds since the epoch),
 * and only while the builder session `sessionId` that asked for it lives (checked on every use).
 */
export interface PreviewGrant {
  appId: string;
  versionId: string;
  expiresAt: number;
  sessionId: string;
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `tessera-preview:${secret}`).update(payload).digest();

/** `base64url(appId \n versionId \n expiresAt \n sessionId).base64url(HMAC-SHA256)`, keyed by the server's AUTH_SECRET. */
export function signPreviewToken(grant: PreviewGrant, secret: string): string {
  const payload = Buffer.from(`${grant.appId}\n${grant.versionId}\n${grant.expiresAt}\n${grant.sessionId}`).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The grant of a token, or null when it is malformed, tampered with or expired. */
export function verifyPreviewToken(
  token: string,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): PreviewGrant | null {
  if (token.length > 1000) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [appId, versionId, expires, sessionId, more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  const expiresAt = Number(expires);
  if (!appId || !versionId || !sessionId || more !== undefined) return null;
  if (!Number.isInteger(expiresAt) || expiresAt <= nowS) return null;
  return { appId, versionId, expiresAt, sessionId };
}
