import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { APP_TOKEN_PREFIX } from '@tessera/contracts/app-users';
import { type SessionUser } from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import { SESSION_EXPIRES_S, SESSION_UPDATE_AGE_S, type Auth } from './auth';
import type { SessionRow, SessionsRepo } from './sessions.repo';

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
  // App-user tokens never open a builder session.
  if (value.startsWith(APP_TOKEN_PREFIX)) return null;
  const dot = value.indexOf('.');
  if (dot === -1) return value || null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

interface SessionDeps {
  auth: Auth;
  sessionsRepo: SessionsRepo;
  secret: string;
}

/** Reads the live session of a (plain) token; by default the sessions repo's prepared query. */
export type SessionLookup = (token: string) => Promise<SessionRow | null>;

/**
 * The signed-in builder of `Authorization: Bearer <token>`, or null. Only the header counts (a
 * stray session cookie never stands in for a bad token). Fresh sessions are read with one prepared
 * query (or `lookup`'s, which may read more in the same statement); one due for extension goes
 * through better-auth, which extends it.
 */
async function builderOf(
  authorization: string | undefined,
  { auth, sessionsRepo, secret }: SessionDeps,
  lookup: SessionLookup = (token) => sessionsRepo.findLiveByToken(token),
): Promise<SessionUser | null> {
  const token = authorization ? sessionTokenOf(authorization, secret) : null;
  const row = token ? await lookup(token) : null;
  if (!row) return null;
  if (row.disabled) throw new AppError('USER_DISABLED', MESSAGES.login.userDisabled);
  const dueForExtension = row.expiresAt.getTime() - Date.now() < (SESSION_EXPIRES_S - SESSION_UPDATE_AGE_S) * 1000;
  if (dueForExtension) await auth.api.getSession({ headers: new Headers({ authorization: authorization! }) });
  return { id: row.userId, email: row.email, emailVerified: row.emailVerified, name: row.name };
}

/** The signed-in builder of an `Authorization` header, or a 401. */
export function builderAuthenticator(deps: SessionDeps): (authorization: string | undefined) => Promise<SessionUser> {
  return async (authorization) => {
    const user = await builderOf(authorization, deps);
    if (!user) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    return user;
  };
}

/** Builder routes: the signed-in builder in `c.var.user`, or a 401. */
export function requireUser(deps: SessionDeps): MiddlewareHandler<{ Variables: AuthVariables }> {
  const authenticate = builderAuthenticator(deps);
  return async (c, next) => {
    c.set('user', await authenticate(c.req.header('authorization')));
    await next();
  };
}

/**
 * Routes open to everyone that behave differently for a builder: `c.var.user` when signed in.
 * `lookupOf` may give a request its own session read (the entity API reads its app beside it).
 */
export function identifyUser(
  deps: SessionDeps,
  lookupOf?: (c: Context) => SessionLookup | undefined,
): MiddlewareHandler<{ Variables: Partial<AuthVariables> }> {
  return async (c, next) => {
    const user = await builderOf(c.req.header('authorization'), deps, lookupOf?.(c));
    if (user) c.set('user', user);
    await next();
  };
}
