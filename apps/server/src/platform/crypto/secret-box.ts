import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Marks the format, so a later key or algorithm can be told apart from this one. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts third-party secrets kept in the database (a payment provider's access token...), so a
 * copy of the database or a backup does not hand them out. AES-256-GCM with a key derived by HKDF
 * from the server's key material (SECRETS_KEY, else AUTH_SECRET). Each value is bound to a context
 * (e.g. the app id and the field name): a sealed value copied to another row does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or null when the value was altered, belongs to another context or another key. */
  open(sealed: string, context: string): string | null;
}

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'tessera', 'secret-box/v1 aes-256-gcm', 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith(`${VERSION}:`)) return null;
      const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
