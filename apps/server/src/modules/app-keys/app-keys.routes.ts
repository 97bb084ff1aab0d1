import { Hono, type MiddlewareHandler } from 'hono';
import { APP_KEY_HEADER, EXPORT_MESSAGES as M, EXPORT_ROUTES, type AppKeyKind } from '@tessera/contracts/app-export';
import { AppError } from '../../platform/errors';
import { routesOn } from '../../platform/http/route';
import type { CallerVariables } from '../app-users';
import type { AuthVariables } from '../auth';
import type { AppKeysService } from './app-keys.service';

/** Set for a request with a valid app key: which key, and whether it is a site or a server key. */
export type AppKeyVariables = CallerVariables & { appKeyId?: string; appKeyKind?: AppKeyKind };

/** The builder's calls to list, create and revoke an app's keys. */
export function appKeysRoutes({
  appKeys,
  signedIn,
}: {
  appKeys: AppKeysService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const on = routesOn(app);
  on(EXPORT_ROUTES.listAppKeys, signedIn, async ({ c, params }) => appKeys.list(c.var.user, params.appId));
  on(EXPORT_ROUTES.createAppKey, signedIn, async ({ c, params, body }) =>
    appKeys.create(c.var.user, params.appId, await body()),
  );
  on(EXPORT_ROUTES.revokeAppKey, signedIn, async ({ c, params }) =>
    appKeys.revoke(c.var.user, params.appId, params.keyId),
  );
  return app;
}

/** The entity routes of an app other than its built-in User entity: all a server key reaches. */
const SERVER_KEY_REACHABLE = /^\/live_api\/apps\/[^/]+\/entities\/(?!User(?:\/|$))[^/]+(?:\/|$)/;
/** A site's end users also sign in and out and read or edit themselves. */
const SITE_KEY_ACCOUNT = /^\/live_api\/apps\/[^/]+\/(?:auth\/sign-(?:in|out)|entities\/User\/me)\/?$/;
/** Signing in or out changes no record, so a read-only site key allows it. */
const SITE_KEY_SESSION = /^\/live_api\/apps\/[^/]+\/auth\/sign-(?:in|out)\/?$/;

/**
 * App keys on the entity API for exported projects and the builder's servers (docs/product/export.md#app-keys).
 * A request with `X-Tessera-App-Key` is this app's key and nothing else: the builder's session sent
 * along is ignored. A site key names the app and lifts no rule: the caller is the site's visitor, or
 * the end user whose app-user token comes along (`identifyAppUser`), under the entity access rules.
 * A server key acts as an app admin on the app's own entities. Either is read-only unless it allows
 * changes. Another origin may call with a valid key only: the preflight admits the header, the
 * answer names the origin only once the key checked out, and no answer ever allows credentials, so
 * a browser never sends cookies along.
 */
export function appKeyAccess(
  appKeys: AppKeysService,
  identifyAppUser: MiddlewareHandler<{ Variables: CallerVariables }>,
): MiddlewareHandler<{ Variables: AppKeyVariables }> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const asked = c.req.header('access-control-request-headers')?.toLowerCase() ?? '';
    if (c.req.method === 'OPTIONS' && origin && asked.includes(APP_KEY_HEADER)) {
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': `content-type, authorization, ${APP_KEY_HEADER}`,
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
    const path = c.req.path;
    const isSite = principal.kind === 'site';
    if (!SERVER_KEY_REACHABLE.test(path) && !(isSite && SITE_KEY_ACCOUNT.test(path)))
      throw new AppError('FORBIDDEN', M.keyEntitiesOnly);
    if (!principal.canWrite && c.req.method !== 'GET' && !(isSite && SITE_KEY_SESSION.test(path)))
      throw new AppError('FORBIDDEN', M.keyReadOnly);
    c.set('appKeyId', principal.keyId);
    c.set('appKeyKind', principal.kind);
    if (isSite) return identifyAppUser(c, next);
    c.set('appUser', { appId, userId: `key:${principal.keyId}`, role: 'admin' });
    return next();
  };
}
