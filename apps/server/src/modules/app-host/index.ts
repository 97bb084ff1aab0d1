// The server's app host: each generated app on its own host (shell, bundle, preview, uploads, the
// Core integrations), and the front door that sends a request to its app's host or to the builder.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { APP_SETTINGS_CHANNEL } from '../apps/apps.repo';
import { createHostSource, type VersionsLookup } from './app-host.repo';
import { appHostRoutes } from './app-host.routes';
import { createAppHostService, type AppHostServiceDeps } from './app-host.service';
import { createBundler } from './bundler';
import type { HostAccess, HostRoutes } from './host-env';
import { appHostDispatch } from './host-dispatch';
import { createIntegrationsService, type IntegrationsDeps } from './integrations.service';
import { previewRoutes } from './preview.routes';
import { createRuntimeAssets } from './runtime-assets';
import { toolPageBoot } from './tool-page';
import { createToolPageRepo } from './tool-page.repo';

/**
 * The browser runtime's sources (packages/runtime), built for the browser on first use; found through
 * the workspace link, as this file sits at another depth in src/ than the bundled dist/main.mjs.
 */
const RUNTIME_DIR = dirname(dirname(createRequire(import.meta.url).resolve('@tessera/runtime')));

export interface AppHostModuleDeps {
  /** The versions an app host serves (the versions module's repo). */
  versions: VersionsLookup;
  /** The app's style and texts, draft or published (the branding module's repo). */
  looks: Parameters<typeof createHostSource>[0]['brandingRepo'];
  /** The id of the live builder session of an `Authorization` header (the auth module's sessions). */
  builderSessionIdOf: AppHostServiceDeps['builderSessionIdOf'];
  /** The builders' verified custom domains (the domains module's). */
  customDomains: AppHostServiceDeps['customDomains'];
  /** What the Core integrations need beyond the platform: the app's data, users and documents. */
  integrations: Omit<IntegrationsDeps, 'models' | 'rateLimiter' | 'mailer'>;
}

/**
 * Builds the app host module. Other modules add their routes on the app's host (`addHostRoutes`)
 * and who may use an app (`useAccess`) before `frontDoor()` builds the host's router.
 */
export function createAppHostModule(platform: Platform, deps: AppHostModuleDeps) {
  const { db, config, database, storage, rateLimiter, models, mailer } = platform;
  const source = createHostSource({ db, versionsRepo: deps.versions, brandingRepo: deps.looks });
  const appHost = createAppHostService({
    source,
    bundler: createBundler({ cacheDir: join(config.dataDir, 'bundles') }),
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    builderSessionIdOf: deps.builderSessionIdOf,
    appsDomain: config.appsDomain,
    appHostnames: config.appHostnames,
    customDomains: deps.customDomains,
    watchSettings: (onSaved) => database.listen(APP_SETTINGS_CHANNEL, onSaved),
  });
  const toolPageRepo = createToolPageRepo(db);
  const hostRoutes: HostRoutes[] = [];
  let access: HostAccess | null = null;
  let router: ReturnType<typeof appHostRoutes> | null = null;
  const accessRules = () => {
    if (!access) throw new Error('No module registered who may use an app on its host (useAccess).');
    return access;
  };

  /** The app hosts' router with every module's host routes, built once they are all added. */
  function hostRouter() {
    router ??= appHostRoutes({
      appHost,
      assets: createRuntimeAssets({ runtimeDir: RUNTIME_DIR }),
      storage,
      rateLimiter,
      publicUrl: config.publicUrl,
      authSecret: config.authSecret,
      trustProxy: config.trustProxy,
      onError: platform.onError,
      integrations: createIntegrationsService({ ...deps.integrations, models, rateLimiter, mailer }),
      access: accessRules,
      toolPageOf: async (app, path) => {
        const found = await toolPageRepo.findSource(app.id);
        if (!found) return null;
        const page = { app, ...found, ownerPlan: found.plan, builderUrl: config.publicUrl };
        return toolPageBoot({ ...page, hasPaidMemberships: accessRules().isMembersOnly(app) }, path);
      },
      hostRoutes,
    });
    return router;
  }

  return {
    appHost,
    /** The builder's side: preview URLs and image uploads for the Database grid (`ownedApp`: the apps module's rule). */
    builderRoutes: (builder: {
      signedIn: SignedIn;
      ownedApp: (user: SessionUser, appId: string) => Promise<{ id: string; slug: string }>;
    }) => previewRoutes({ appHost, storage, ...builder }),
    /** The app's style and texts as its host shows them (draft in the preview, published live). */
    findLook: source.findLook,
    /** Adds another module's routes on every app's host (before the host's own catch-alls). */
    addHostRoutes(routes: HostRoutes): void {
      if (router) throw new Error('Host routes are added before the front door is built.');
      hostRoutes.push(routes);
    },
    /** Sets who may use an app on its host: its users, and its members while paid memberships are on. */
    useAccess(rules: HostAccess): void {
      access = rules;
    },
    /** The app hosts' router with every module's host routes (the route table the security suites read). */
    hostRouter,
    /**
     * The front door (docs/decisions/0006-app-hosts.md): a request on an app's host goes to that
     * host and never reaches the builder's routes.
     */
    frontDoor(): MiddlewareHandler {
      return appHostDispatch({
        appHost,
        hostRoutes: hostRouter(),
        hostLivePaths: hostRoutes.map((routes) => routes.livePaths),
      });
    },
  };
}

export type AppHostModule = ReturnType<typeof createAppHostModule>;
export type { AppHostService, HostApp } from './app-host.service';
export type { HostAccess, HostEnv, HostRoutes } from './host-env';
export { appOriginOf } from './app-origin';
export { visitorCookie } from './visitor-cookie';
/** Hands a request made in-process to the host's router, as the front door does (the Base44 SDK's integration calls). */
export { setHostApp } from './host-request';
export { parseJsonAnswer } from './integrations.service';
export { appHostRoutes, type AppHostRoutesDeps } from './app-host.routes';
