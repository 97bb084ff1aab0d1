// The builders' accounts: sign-up, sign-in (password, magic link, Google), sessions, and the guards
// other modules put on their routes (docs/product/accounts-and-plans.md).
import type { Context } from 'hono';
import type { SessionUser } from '@tessera/contracts/auth';
import type { Platform } from '../../platform/platform';
import { createAuth, type EmailVerifiedListener } from './auth';
import { createAuthFlowsService } from './auth-flows.service';
import { createAuthLimits } from './auth-limits';
import { authRoutes } from './auth.routes';
import { builderAuthenticator, identifyUser, requireUser, sessionTokenOf, type SessionLookup } from './session';
import { createSessionsRepo } from './sessions.repo';
import { createUsersRepo } from './users.repo';

/** Builds the auth module: its routes, the guards of builder routes and the attempt limits app users share. */
export function createAuthModule({ db, config, logger, mailer, rateLimiter }: Platform) {
  const usersRepo = createUsersRepo(db);
  const limits = createAuthLimits(rateLimiter);
  const onEmailVerified: EmailVerifiedListener[] = [];
  const auth = createAuth({ db, config, logger, mailer, limits, usersRepo, onEmailVerified });
  const sessionsRepo = createSessionsRepo(db);
  const sessionDeps = { auth, sessionsRepo, secret: config.authSecret };
  const signedIn = requireUser(sessionDeps);
  return {
    routes: authRoutes({ auth, authFlows: createAuthFlowsService({ auth, usersRepo }), config, signedIn }),
    /** Builder routes: the signed-in builder in `c.var.user`, or a 401. */
    signedIn,
    /** The signed-in builder of an `Authorization` header, or a 401. */
    authenticate: builderAuthenticator(sessionDeps),
    /** `c.var.user` when a builder is signed in; `lookupOf` may read the session with more (one round trip). */
    identifyBuilder: (lookupOf?: (c: Context) => SessionLookup | undefined) => identifyUser(sessionDeps, lookupOf),
    /** The id of the live builder session of an `Authorization` header, or null (the app host's previews). */
    builderSessionIdOf: async (authorization: string | undefined) => {
      const token = authorization ? sessionTokenOf(authorization, config.authSecret) : null;
      return token ? ((await sessionsRepo.findLiveByToken(token))?.sessionId ?? null) : null;
    },
    /** Attempt limits per address and client; app users' sign-in counts against them too. */
    limits,
    /** Runs `listener` when a builder confirms their address (billing claims their sales then). */
    onEmailVerified: (listener: (user: SessionUser) => Promise<void>) => {
      onEmailVerified.push(listener);
    },
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
export type { AuthVariables, SessionLookup } from './session';
export { AUTH_IP_LIMITS, type AuthLimits } from './auth-limits';
export { hashSessionToken } from './hashed-session-tokens';
export { liveSessionOf, sessionColumns, type SessionRow } from './sessions.repo';
