import type { Hono, MiddlewareHandler } from 'hono';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { AppError } from '../../platform/errors';
import { renderAppError } from '../../platform/http/errors';
import { messagePage } from './app-shell';
import type { AppHostService } from './app-host.service';
import { setHostApp } from './host-request';

/**
 * The front door of every request: a Host of `{slug}.{APPS_DOMAIN}` goes to the app host (and
 * nowhere else); `/live_api/*` of that app goes on to the entity API; anything else continues to
 * the builder's routes. The `/live_api/*` paths of the host routes other modules registered (the
 * tool run API, the app chat) are the app host's own.
 */
export function appHostDispatch({
  appHost,
  hostRoutes,
  hostLivePaths,
}: {
  appHost: AppHostService;
  hostRoutes: { fetch: Hono['fetch'] };
  hostLivePaths: RegExp[];
}): MiddlewareHandler {
  return async (c, next) => {
    const found = appHost.appHostOf(c.req.header('host'));
    if (!found) return next();
    const app = await appHost.appOfSlug(found.slug);
    if (!app) return c.html(messagePage(RUNTIME_MESSAGES.appNotFound), 404);
    if (c.req.path.startsWith('/live_api/') && !hostLivePaths.some((paths) => paths.test(c.req.path))) {
      const appId = /^\/live_api\/apps\/([^/]+)/.exec(c.req.path)?.[1];
      let isThisApp = false;
      try {
        isThisApp = Boolean(appId) && decodeURIComponent(appId!) === app.id;
      } catch {
        // A malformed escape is not this app.
      }
      if (!isThisApp) return renderAppError(c, new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp));
      return next();
    }
    setHostApp(c.req.raw, { app, isCustom: found.isCustom });
    return hostRoutes.fetch(c.req.raw, c.env);
  };
}
