// Base44's client, `@base44/sdk`, speaking to an app's own host (docs/base44-sdk.md): its entity,
// auth and users calls under `/api/apps/{appId}/…`, served by the entity and app-user services.
import type { Context } from 'hono';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { AppError } from '../../platform/errors';
import { requestHostName } from '../../platform/http/request-host';
import type { HostApp, HostEnv, HostRoutes } from '../app-host';
import type { Db } from '@tessera/db';
import { createAggregateService } from './aggregate.service';
import { base44AuthRoutes, type AuthRoutesDeps } from './auth.routes';
import { base44EntityRoutes, type EntityRoutesDeps } from './entities.routes';
import { base44IntegrationRoutes } from './integrations.routes';

export type Base44CompatDeps = Omit<EntityRoutesDeps, 'whoOf' | 'aggregates'> &
  AuthRoutesDeps & {
    /** Who calls the app of this host with this `Authorization` (an end user or no one); refuses those its memberships keep out. */
    /** The database `aggregate` reads (entity_records). */
    db: Db;
    whoOf: (app: HostApp, authorization: string | undefined, host: string) => ReturnType<EntityRoutesDeps['whoOf']>;
  };

/** The SDK's paths name the app; on an app's host only that app's id is served. */
const SDK_PATHS = '/api/apps/:appId/*';

/**
 * Base44's `public_settings` of an app: behind paid memberships only signed-in members get in;
 * with sign-up open anyone may sign in; otherwise the app has no end-user sign-in.
 */
export function publicSettingsOf(app: HostApp): string {
  if (app.settings.isPaidMembershipsEnabled === true) return 'private_with_login';
  return app.settings.isSignupEnabled === true ? 'public_with_login' : 'public_without_login';
}

/** The routes to add on every app's host (`appHost.addHostRoutes`): no `/live_api` path is touched. */
export function createBase44CompatRoutes(deps: Base44CompatDeps): HostRoutes {
  return {
    livePaths: /(?!)/,
    membersOnly: [],
    register(host) {
      // Before the app-id check below: the SDK names the app at the end of this path.
      host.get('/api/apps/public/prod/public-settings/by-id/:appId', (c) => {
        if (c.req.param('appId') !== c.var.hostApp.id) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp);
        return c.json({ id: c.var.hostApp.id, public_settings: publicSettingsOf(c.var.hostApp) });
      });
      // The SDK's logout() in a browser forgets the token, then opens this page: back to where the
      // user was when that is on this host, else the app's home.
      host.get('/api/apps/auth/logout', (c) => {
        let back = '/';
        try {
          const url = new URL(c.req.query('from_url') ?? '/', new URL(c.req.url).origin);
          if (url.host === c.req.header('host')) back = `${url.pathname}${url.search}${url.hash}`;
        } catch {
          // not an address: home
        }
        return c.redirect(back, 302);
      });
      host.use(SDK_PATHS, async (c, next) => {
        if (c.req.param('appId') !== c.var.hostApp.id) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp);
        await next();
      });
      base44AuthRoutes(host, deps);
      base44IntegrationRoutes(host);
      base44EntityRoutes(host, {
        ...deps,
        aggregates: createAggregateService({ db: deps.db, entities: deps.entities }),
        whoOf: (c: Context<HostEnv>) => deps.whoOf(c.var.hostApp, c.req.header('authorization'), requestHostName(c)),
      });
    },
  };
}
