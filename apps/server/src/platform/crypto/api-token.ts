import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer keys handed to people once and kept only as a hash (per-tool API keys, docs/api.md): 32
 * random bytes after a readable prefix. A key that long needs no salt or slow hash: SHA-256 of it
 * cannot be reversed, and looking a key up is one indexed equality.
 */
export function newApiToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
