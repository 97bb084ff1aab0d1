// An app's own end users: sign-up, confirmation, sign-in, sessions and invitations on the entity API
// base, and who calls the entity API (an app key, the builder, a signed preview or an end user).
import { Hono, type MiddlewareHandler } from 'hono';
import { PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import type { Platform } from '../../platform/platform';
import type { AuthLimits } from '../auth';
import type { SessionUser } from '@tessera/contracts/auth';
import { createAppUsersRepo } from './app-users.repo';
import { appUsersRoutes, identifyAppUser, type CallerVariables, type OnAppUserActive } from './app-users.routes';
import { addressOf, createAppUsersService, type AppsLookup } from './app-users.service';

export interface AppUsersModuleDeps {
  /** The apps' rows (the apps module's repo): sign-up and sign-in read the app's settings. */
  appsRepo: AppsLookup;
  /** Attempt limits per address and client (the auth module's). */
  limits: AuthLimits;
  /** The origin of an app's own host, where its login page lives (the app host's rule). */
  appOrigin: (slug: string) => string;
}

type CallerMiddleware = MiddlewareHandler<{ Variables: CallerVariables }>;

export interface EntityApiCallersDeps {
  /** Told of an end user who called with their session (the analytics module's active users). */
  onActive: OnAppUserActive;
  /** Sets `c.var.user` from the builder's session (the auth module's, with the entities module's read). */
  identifyBuilder: MiddlewareHandler;
  /** On an app's host: its slug, and the owner a builder's signed preview acts as there (the app host's). */
  slugOfHost: (host: string | undefined) => string | null;
  previewOwnerOf: (appId: string | undefined, token: string | undefined, path: string) => Promise<SessionUser | null>;
  /** A request with an app key is that key and nothing else (the app keys module's), its end user identified so. */
  keyAccess: (identifyAppUser: CallerMiddleware) => MiddlewareHandler;
}

/** Builds the app users module: the service, the lookups other modules make, the routes and the entity API's callers. */
export function createAppUsersModule({ db, config, mailer }: Platform, deps: AppUsersModuleDeps) {
  const repo = createAppUsersRepo(db);
  const appUsers = createAppUsersService({
    appUsersRepo: repo,
    appsRepo: deps.appsRepo,
    limits: deps.limits,
    mailer,
    secret: config.authSecret,
    appOrigin: deps.appOrigin,
  });
  return {
    appUsers,
    /** The id of the app's end user an `Authorization` header signs in, or null. */
    appUserOf: async (appId: string, authorization: string | undefined, host: string) =>
      (await appUsers.principalOf(appId, authorization, host))?.userId ?? null,
    /** An end user's address and whether they confirmed it, or null. */
    addressOf: async (appId: string, appUserId: string) => addressOf(await repo.findById(appId, appUserId)),
    /** The end user with this address, or null. */
    addressOfEmail: async (appId: string, email: string) => addressOf(await repo.findByEmail(appId, email)),
    /** Whether an end user confirmed their address, and whether the builder disabled them. */
    statusOf: async (appId: string, appUserId: string) => {
      const row = await repo.findById(appId, appUserId);
      return { isVerified: Boolean(row?.emailConfirmedAt), disabled: Boolean(row?.disabled) };
    },
    routes: (onActive: OnAppUserActive) => appUsersRoutes({ appUsers, trustProxy: config.trustProxy, onActive }),
    /**
     * Who calls the entity API (`/live_api/apps/:appId/*`), mounted before its routes: an app key is
     * that key alone; on an app's host only the app's own users exist (a builder token there counts
     * for nothing) and the builder's signed preview acts as the owner on that app only
     * (docs/decisions/0006-app-hosts.md); elsewhere the builder and/or one of the app's users.
     */
    entityApiCallers(callers: EntityApiCallersDeps): Hono {
      const identifiedAppUser = identifyAppUser(appUsers, callers.onActive);
      const identified: MiddlewareHandler<{ Variables: CallerVariables & { appKeyId?: string } }> = async (c, next) => {
        if (c.var.appKeyId) return next();
        if (callers.slugOfHost(c.req.header('host'))) {
          const preview = c.req.header(PREVIEW_TOKEN_HEADER);
          const owner = await callers.previewOwnerOf(c.req.param('appId'), preview, c.req.path);
          if (owner) c.set('user', owner);
          return identifiedAppUser(c, next);
        }
        await callers.identifyBuilder(c, async () => {
          await identifiedAppUser(c, next);
        });
      };
      const api = new Hono();
      api.use('/live_api/apps/:appId/*', callers.keyAccess(identifiedAppUser));
      api.use('/live_api/apps/:appId/*', identified);
      return api;
    },
  };
}

export type AppUsersModule = ReturnType<typeof createAppUsersModule>;
export type { AppPrincipal, AppUsersService } from './app-users.service';
export type { CallerVariables, OnAppUserActive } from './app-users.routes';
