import { APIError, createAuthMiddleware } from 'better-auth/api';
import { MESSAGES } from '@tessera/contracts';
import { isStrongPassword, isValidEmail } from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import type { AuthIpLimit, AuthLimits } from './auth-limits';

/** Header our HTTP layer sets (and strips from clients) so the identity provider sees the real caller. */
export const CLIENT_IP_HEADER = 'x-tessera-client-ip';

/** Identity-provider endpoints counted per client address, and the mail recipient each names. */
const COUNTED: Record<string, { limit: AuthIpLimit; recipient?: string }> = {
  '/sign-in/email': { limit: 'signIn' },
  '/sign-up/email': { limit: 'signUp' },
  '/sign-in/magic-link': { limit: 'mail', recipient: 'email' },
  '/request-password-reset': { limit: 'mail', recipient: 'email' },
  '/send-verification-email': { limit: 'mail', recipient: 'email' },
  '/change-email': { limit: 'mail', recipient: 'newEmail' },
};

/** Our throttles answer in the identity provider's error type (auth-errors.ts renders them back). */
async function asAuthError(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError && err.status === 429)
      throw new APIError('TOO_MANY_REQUESTS', { code: err.code, message: err.message });
    throw err;
  }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The body fields that carry an e-mail address. */
const EMAIL_FIELDS = ['email', 'newEmail'] as const;
/** The code of a body with a NUL in a text (auth-errors.ts renders it as a plain 400). */
export const UNSTORABLE_INPUT = 'UNSTORABLE_INPUT';

/** Whether a string anywhere in a parsed body holds a NUL (PostgreSQL's text cannot store one). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * Refuses a body the database could not take before any limit or lookup sees it: an e-mail that is
 * not one (a 400 with the flow's message from the spec, auth-errors.ts) and a NUL in any other
 * text. Every identity-provider endpoint passes here, so a new one is covered without a word.
 */
function refuseUnstorableInput(body: Record<string, unknown>): void {
  for (const field of EMAIL_FIELDS) {
    const value = body[field];
    if (value !== undefined && (typeof value !== 'string' || !isValidEmail(value.trim())))
      throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL' });
  }
  if (holdsNul(body)) throw new APIError('BAD_REQUEST', { code: UNSTORABLE_INPUT });
}

/**
 * better-auth's before and after hooks: the spec's sign-up and password rules, and the limits of
 * auth-limits.ts on every endpoint that checks a password or sends mail (calls our account flows
 * make through `auth.api` carry the client address header too).
 */
export function createAuthHooks(limits: AuthLimits) {
  const before = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    refuseUnstorableInput(body);
    const ip = (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_IP_HEADER) ?? 'unknown';
    const counted = COUNTED[ctx.path];
    if (counted) {
      await asAuthError(async () => {
        await limits.countAddress('builder', counted.limit, ip);
        if (counted.recipient) await limits.countRecipient('builder', textOf(body[counted.recipient]));
        if (ctx.path === '/sign-in/email') await limits.beforeSignIn('builder', textOf(body.email), ip);
      });
    }
    if (ctx.path === '/sign-up/email') {
      const email = textOf(body.email).trim();
      const password = textOf(body.password);
      if (!isStrongPassword(password))
        throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: MESSAGES.signUp.weakPassword });
      const name =
        typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 100) : email.split('@')[0]!;
      return { context: { body: { ...body, email, name } } };
    }
    if (ctx.path === '/reset-password' && typeof body.newPassword === 'string' && !isStrongPassword(body.newPassword)) {
      throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: MESSAGES.passwordReset.weakPassword });
    }
    if (
      ctx.path === '/change-password' &&
      typeof body.newPassword === 'string' &&
      !isStrongPassword(body.newPassword)
    ) {
      throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: MESSAGES.signUp.weakPassword });
    }
    return undefined;
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email') return;
    const email = textOf((ctx.body as { email?: unknown } | undefined)?.email);
    const ip = (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_IP_HEADER) ?? 'unknown';
    const returned = ctx.context.returned;
    if (returned instanceof APIError) {
      if (returned.statusCode === 401) await limits.signInFailed('builder', email, ip);
    } else if (ctx.context.newSession) {
      await limits.signInSucceeded('builder', email, ip);
    }
  });

  return { before, after };
}
