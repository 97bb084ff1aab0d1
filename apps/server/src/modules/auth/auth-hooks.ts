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

/**
 * better-auth's before and after hooks: the spec's sign-up and password rules, and the limits of
 * auth-limits.ts on every endpoint that checks a password or sends mail (calls our account flows
 * make through `auth.api` carry the client address header too).
 */
export function createAuthHooks(limits: AuthLimits) {
  const before = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const ip = (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_IP_HEADER) ?? 'unknown';
    const counted = COUNTED[ctx.path];
    if (counted) {
      await asAuthError(async () => {
        await limits.countAddress('builder', counted.limit, ip);
        if (counted.recipient) await limits.countRecipient(textOf(body[counted.recipient]));
        if (ctx.path === '/sign-in/email') await limits.beforeSignIn('builder', textOf(body.email), ip);
      });
    }
    if (ctx.path === '/sign-up/email') {
      const email = textOf(body.email).trim();
      const password = textOf(body.password);
      if (!isValidEmail(email))
        throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: MESSAGES.signUp.invalidEmail });
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
