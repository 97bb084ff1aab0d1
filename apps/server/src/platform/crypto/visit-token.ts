import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a served page's visit token counts a beacon. */
export const VISIT_TOKEN_TTL_S = 3600;

const mac = (secret: string, appId: string, ip: string, issuedAt: number) =>
  createHmac('sha256', `tessera-visit:${secret}`)
    .update(`${appId}\n${ip}\n${issuedAt}`)
    .digest('base64url')
    .slice(0, 22);

/**
 * The short signed token an app's shell carries in its boot data (docs/product/analytics.md): its
 * visit beacon counts only with it, from the address the page was served to, within an hour, so a
 * visit costs a page load from that address.
 */
export function signVisitToken(secret: string, appId: string, ip: string, nowMs = Date.now()): string {
  const issuedAt = Math.floor(nowMs / 1000);
  return `${issuedAt.toString(36)}.${mac(secret, appId, ip, issuedAt)}`;
}

/** Whether a beacon's token was signed for this app and address within VISIT_TOKEN_TTL_S. */
export function isValidVisitToken(secret: string, token: string, appId: string, ip: string, nowMs = Date.now()) {
  const [stamp = '', signature = ''] = token.split('.');
  const issuedAt = parseInt(stamp, 36);
  const age = nowMs / 1000 - issuedAt;
  if (!Number.isSafeInteger(issuedAt) || age < -60 || age > VISIT_TOKEN_TTL_S) return false;
  const expected = Buffer.from(mac(secret, appId, ip, issuedAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
