import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';

/** One structured line per request, with an id echoed in `x-request-id` for support. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const id = c.req.header('x-request-id')?.slice(0, 100) || randomUUID();
    c.header('x-request-id', id);
    await next();
    const path = c.req.path;
    const fields = {
      reqId: id,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (path.startsWith('/api/') || c.res.status >= 400) logger.info('request', fields);
    else logger.debug('request', fields);
  };
}
