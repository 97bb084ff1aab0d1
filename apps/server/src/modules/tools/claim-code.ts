import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The claim code of an app's invite link (docs/product/tools.md#claim-invitation): signed with the
 * server's secret over the app and its current owner, so nothing is stored and the code stops
 * working the moment the app changes hands.
 */
export function claimCodeOf(secret: string, appId: string, ownerUserId: string): string {
  return createHmac('sha256', secret).update(`tool-claim:${appId}:${ownerUserId}`).digest('base64url').slice(0, 16);
}

/** Whether `given` is `expected`, in time that depends on neither (both are hashed to one length first). */
export function sameCode(given: string, expected: string): boolean {
  const digest = (s: string) => createHmac('sha256', 'claim-compare').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}
