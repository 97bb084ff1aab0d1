import { randomBytes } from 'node:crypto';

/** A password every strength rule accepts. */
export const STRONG_PASSWORD = 'correct horse battery staple';

/** An address no other test uses, so tests never share users or rate-limit counters. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The contacts an app's settings need before sign-up can be turned on (docs/product/editor-and-chat.md#rules-and-messages). */
export const SIGNUP_CONTACTS = {
  termsOfServiceLink: 'https://example.com/terms',
  privacyPolicyLink: 'https://example.com/privacy',
  supportEmail: 'help@example.com',
} as const;
