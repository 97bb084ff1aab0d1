import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { APP_MESSAGES, MESSAGES, type SessionUser } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { SESSION_EXPIRES_S, SESSION_UPDATE_AGE_S, type Auth } from './auth';
import type { SessionsRepo } from './sessions.repo';

export interface AuthVariables {
  user: SessionUser;
}

/**
 * The session token inside `Authorization: Bearer <token>`: either better-auth's signed form
 * `token.base64(HMAC-SHA256(token))` (what `set-auth-token` hands out, maybe URL-encoded) or the
 * bare token (what `get-session` shows). Null when the signature does not match.
 */
export function sessionTokenOf(authorization: string, secret: string): string | null {
  if (authorization.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  let value = authorization.slice(7).trim();
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  const dot = value.indexOf('.');
  if (dot === -1) return value || null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Resolves the bearer token to the signed-in builder, or answers 401. Only the header counts (a
 * stray session cookie never stands in for a bad token). Fresh sessions are read with one
 * prepared query; one due for extension goes through better-auth, which extends it.
 */
export function requireUser({ auth, sessionsRepo, secret }: { auth: Auth; sessionsRepo: SessionsRepo; secret: string }): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    const token = authorization ? sessionTokenOf(authorization, secret) : null;
    const row = token ? await sessionsRepo.findLiveByToken(token) : null;
    if (!row) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    if (row.disabled) throw new AppError('USER_DISABLED', MESSAGES.login.userDisabled);
    const dueForExtension = row.expiresAt.getTime() - Date.now() < (SESSION_EXPIRES_S - SESSION_UPDATE_AGE_S) * 1000;
    if (dueForExtension) await auth.api.getSession({ headers: new Headers({ authorization: authorization! }) });
    c.set('user', { id: row.userId, email: row.email, emailVerified: row.emailVerified, name: row.name });
    await next();
  };
}
