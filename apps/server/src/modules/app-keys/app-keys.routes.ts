import { Hono, type MiddlewareHandler } from 'hono';
import { APP_KEY_HEADER, CreateAppKeyRequestSchema, EXPORT_MESSAGES as M } from '@tessera/contracts/app-export';
import { AppError } from '../../platform/errors';
import { readJson } from '../../platform/http/validate';
import type { CallerVariables } from '../app-users/app-users.routes';
import type { AuthVariables } from '../auth/session';
import type { AppKeysService } from './app-keys.service';

export type AppKeyVariables = CallerVariables & { appKeyId?: string };

/** The builder's calls to list, create and revoke an app's keys. */
export function appKeysRoutes({
  appKeys,
  signedIn,
}: {
  appKeys: AppKeysService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/keys', signedIn, async (c) => c.json(await appKeys.list(c.var.user, c.req.param('appId'))));
  app.post('/api/apps/:appId/keys', signedIn, async (c) =>
    c.json(await appKeys.create(c.var.user, c.req.param('appId'), await readJson(c, CreateAppKeyRequestSchema))),
  );
  app.delete('/api/apps/:appId/keys/:keyId', signedIn, async (c) =>
    c.json(await appKeys.revoke(c.var.user, c.req.param('appId'), c.req.param('keyId'))),
  );
  return app;
}

/** The entity routes of an app other than its built-in User entity: all an app key reaches. */
const KEY_REACHABLE = /^\/live_api\/apps\/[^/]+\/entities\/(?!User(?:\/|$))[^/]+(?:\/|$)/;

/**
 * The entity API for exported projects on the builder's origin (docs/product/export.md#app-keys).
 * A request with `X-Tessera-App-Key` is this app's key and nothing else: its builder session and
 * app-user token are ignored, and it acts as an app admin on the app's own entities, read-only
 * unless the key allows changes. Another origin may call with a valid key only: the preflight
 * admits the header, the answer names the origin only once the key checked out, and no answer
 * ever allows credentials, so a browser never sends cookies along.
 */
export function appKeyAccess(appKeys: AppKeysService): MiddlewareHandler<{ Variables: AppKeyVariables }> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const asked = c.req.header('access-control-request-headers')?.toLowerCase() ?? '';
    if (c.req.method === 'OPTIONS' && origin && asked.includes(APP_KEY_HEADER)) {
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': `content-type, ${APP_KEY_HEADER}`,
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    const key = c.req.header(APP_KEY_HEADER);
    if (key === undefined) return next();
    const appId = c.req.param('appId') ?? '';
    const principal = await appKeys.verify(appId, key);
    if (!principal) throw new AppError('UNAUTHORIZED', M.invalidKey);
    if (origin) {
      c.header('access-control-allow-origin', origin);
      c.header('access-control-expose-headers', 'X-Total-Count, X-Total-Count-Estimated');
      c.header('vary', 'Origin');
    }
    if (!KEY_REACHABLE.test(c.req.path)) throw new AppError('FORBIDDEN', M.keyEntitiesOnly);
    if (!principal.canWrite && c.req.method !== 'GET') throw new AppError('FORBIDDEN', M.keyReadOnly);
    c.set('appKeyId', principal.keyId);
    c.set('appUser', { appId, userId: `key:${principal.keyId}`, role: 'admin' });
    return next();
  };
}
