import type { MiddlewareHandler } from 'hono';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';
import type { Lifecycle } from '../lifecycle';
import { renderAppError, RETRY_AFTER_SECONDS } from './errors';

/** The probes still answer while the process drains: that is how the proxy learns it is leaving. */
export const PROBES = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

/**
 * While the process drains (SIGTERM), every new request but the probes gets a 503 with Retry-After
 * and the connection closed, so the client or proxy goes to another process; requests already
 * running (and chat turns) go on.
 */
export function refuseWhileDraining(lifecycle: Pick<Lifecycle, 'isDraining'>): MiddlewareHandler {
  return async (c, next) => {
    if (!lifecycle.isDraining || PROBES.has(c.req.path)) return next();
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    c.header('Connection', 'close');
    return renderAppError(c, new AppError('SERVICE_UNAVAILABLE', APP_MESSAGES.draining));
  };
}
