import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of an API key, as stored: a key has 192 random bits, so no salt or slow hash is needed. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new random API key with a readable `prefix`, its hash for storage and its last characters to list it by. */
export function newApiKey(prefix: string): { key: string; hash: string; hint: string } {
  const key = `${prefix}${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashApiKey(key), hint: key.slice(-4) };
}
