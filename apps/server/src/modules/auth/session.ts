import type { MiddlewareHandler } from 'hono';
import { APP_MESSAGES, type SessionUser } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import type { Auth } from './auth';

export interface AuthVariables {
  user: SessionUser;
}

/** Resolves `Authorization: Bearer <token>` to the signed-in builder, or answers 401. */
export function requireUser(auth: Auth): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (!authorization) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    // Only the bearer header counts: a stray session cookie must not stand in for a bad token.
    const result = await auth.api.getSession({ headers: new Headers({ authorization }) });
    if (!result) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    const { user } = result;
    c.set('user', { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name });
    await next();
  };
}
