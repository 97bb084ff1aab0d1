import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../logger';

/**
 * The route pattern that answered (`/live_api/apps/:appId/entities/:name`), never the raw path: ids
 * would explode the metrics' series, and paths and query strings carry tokens (`/reset-password/{token}`).
 */
export const routeOf = (c: Context) => routePath(c) || 'unmatched';

/** A request id the client sent is kept only if it is short and plain, else one is made. */
const PLAIN_ID = /^[\w.:-]{1,100}$/;
/** A file the SPA or an app host serves (`/assets/index-3f2a.js`): logged at debug when it was served. */
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|txt|json|webmanifest)$/i;

/**
 * One structured line per request (`request`: request id, method, route pattern, status, ms), echoing
 * the id in `x-request-id` for support. At info for every route; static files served at debug and
 * 5xx at warn, so LOG_LEVEL=info shows each call and LOG_LEVEL=warn only failures.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header('x-request-id');
    const id = sent && PLAIN_ID.test(sent) ? sent : randomUUID();
    c.header('x-request-id', id);
    await next();
    const { status } = c.res;
    const fields = {
      reqId: id,
      method: c.req.method,
      route: routeOf(c),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.warn('request', fields);
    else if (status < 400 && (c.req.method === 'GET' || c.req.method === 'HEAD') && STATIC_FILE.test(c.req.path))
      logger.debug('request', fields);
    else logger.info('request', fields);
  };
}
