import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import type { Database } from '@tessera/db';
import type { Config } from './platform/config';
import { AppError } from './platform/errors';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mail/mailer';
import { createPlatform } from './platform/platform';
import { useHttpFallbacks, useHttpFront } from './platform/http/front';
import { createLifecycle, type Lifecycle } from './platform/lifecycle';
import { createAccountsModule } from './modules/accounts';
import { createAuthModule } from './modules/auth';
import { createBillingModule } from './modules/billing';
import { createAdminModule } from './modules/admin';
import { createAppChatModule } from './modules/app-chat';
import { createAppsRepo } from './modules/apps/apps.repo';
import { appsRoutes } from './modules/apps/apps.routes';
import { createTemplatesModule } from './modules/templates';
import { createBrandingModule } from './modules/branding';
import { createAppsService, slugify } from './modules/apps/apps.service';
import { createSettingsSecrets } from './modules/apps/settings-secrets';
import { createToolApiModule } from './modules/tool-api';
import { createToolsModule } from './modules/tools';
import { createToolBatchesModule } from './modules/tool-batches';
import { createSecretBox } from './platform/crypto/secret-box';
import { createCsvModule } from './modules/csv';
import { createDevModule } from './modules/dev';
import { connectorsFrom, createContextModule, type Connectors, type CrawlFn } from './modules/context';
import { createRetrievalModule, type RetrievalService } from './modules/retrieval';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './platform/jobs/runner';
import { appOriginOf, createAppHostModule } from './modules/app-host';
import { createBase44CompatRoutes } from './modules/base44-compat';
import { createCreditsModule } from './modules/credits';
import { createToolRunsModule } from './modules/tool-runs';
import { createCodeFilesModule } from './modules/code-files';
import { createPublishRepo } from './modules/versions/publish.repo';
import { createSchemaEdits } from './modules/versions/schema-edits.service';
import { createVersionsRepo } from './modules/versions/versions.repo';
import { versionsRoutes } from './modules/versions/versions.routes';
import { createVersionsService } from './modules/versions/versions.service';
import { createOpenApiModule } from './modules/openapi';
import { createDomainsModule } from './modules/domains';
import { createAnalyticsModule } from './modules/analytics';
import { createAppExportModule, IMPORT_ROUTE } from './modules/app-export';
import { createAppKeysModule } from './modules/app-keys';
import { createAppUsersModule } from './modules/app-users';
import { createChatModule } from './modules/chat';
import { createEntitiesModule, CSV_IMPORT_ROUTE } from './modules/entities';
import { createMembershipsModule } from './modules/memberships';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The uploads that stream under limits of their own (their readers count the bytes); any other body
 * is refused past JSON_BODY_MAX_BYTES. Exact method and path: nothing else may send a large body.
 */
const STREAMED_UPLOADS = [
  CSV_IMPORT_ROUTE,
  { method: 'POST', path: '/api/context/ingest/file' },
  { method: 'POST', path: '/api/apps/:appId/files' },
  IMPORT_ROUTE,
  // on an app's own host
  { method: 'POST', path: '/integrations/Core/UploadFile' },
  { method: 'POST', path: '/api/apps/:appId/entities/:name/import' },
  { method: 'POST', path: '/api/apps/:appId/integration-endpoints/Core/UploadFile' },
];

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** Defaults to the built SPA; tests that only speak HTTP pass null. */
  webDistDir?: string | null;
  /** Job runner tuning (tests shorten leases and polls). */
  jobs?: Pick<JobRunnerOptions, 'leaseMs' | 'pollMs' | 'concurrency' | 'backoffBaseMs' | 'workerId'>;
  /** The crawler behind web-page data sources; tests pass one with their loopback allowance. */
  crawl?: CrawlFn;
  /** Notion / Google Drive clients; by default those whose credentials are in the environment. */
  connectors?: Connectors;
  /** How long one custom-domain DNS try waits (tests shorten it). */
  dnsTimeoutMs?: number;
  /** The process's drain on SIGTERM (main.ts); tests that stop nothing leave it out. */
  lifecycle?: Lifecycle;
}

export interface TesseraApp {
  app: Hono;
  mailer: Mailer;
  /** Runs durable jobs; main.ts starts it per --role (always in process on PGlite). */
  jobRunner: JobRunner;
  retrieval: RetrievalService;
  /** The probes and /metrics without a token, for METRICS_PORT (main.ts). */
  ops: Hono;
}

/** The composition root: builds every service from its dependencies and mounts the routes. */
export function createApp({
  config,
  database,
  logger,
  webDistDir = WEB_DIST_DIR,
  jobs: jobOptions,
  crawl,
  connectors = connectorsFrom(config.connectors),
  dnsTimeoutMs = 2500,
  lifecycle = createLifecycle(),
}: AppDeps): TesseraApp {
  const platform = createPlatform({ config, database, logger });
  const { db, mailer, storage, jobsRepo } = platform;
  const authModule = createAuthModule(platform);
  const { signedIn, authenticate } = authModule;
  const { retrieval } = createRetrievalModule(platform);
  const accountsModule = createAccountsModule(platform, { signedIn });
  const { accounts } = accountsModule;
  // The operator's plan catalogue: its limits are the ones every plan gate reads.
  const billingModule = createBillingModule(platform, {
    signedIn,
    accounts: accountsModule,
    onEmailVerified: authModule.onEmailVerified,
  });
  const { plans } = billingModule;
  const contextModule = createContextModule(platform, {
    signedIn,
    retrieval,
    limitsOf: plans.limitsOf,
    isAdmin: accountsModule.isAdmin,
    connectors,
    crawl,
  });
  const { context } = contextModule;
  // Where each app's own host is (docs/decisions/0006-app-hosts.md): links and tool URLs point there.
  const appOrigin = appOriginOf(config);
  const appsRepo = createAppsRepo(db);
  const versionsRepo = createVersionsRepo(db);
  const brandingModule = createBrandingModule(platform);
  const entitiesModule = createEntitiesModule(platform);
  const { entities } = entitiesModule;
  const appUsersModule = createAppUsersModule(platform, {
    appsRepo,
    limits: authModule.limits,
    appOrigin,
  });
  const { appUsers } = appUsersModule;
  // Verified custom domains (docs/product/custom-domains.md#serving), known to the Host checks below.
  const domainsModule = createDomainsModule(platform, { dnsTimeoutMs });
  // Generated apps on their own hosts (docs/decisions/0006-app-hosts.md).
  const appHostModule = createAppHostModule(platform, {
    versions: versionsRepo,
    looks: brandingModule.repo,
    builderSessionIdOf: authModule.builderSessionIdOf,
    customDomains: domainsModule.hosts,
    integrations: {
      retrieval,
      appUserOfEmail: appUsersModule.addressOfEmail,
      readDocument: contextModule.readDocument,
      appFilesOf: async (appId) => {
        const version =
          (await versionsRepo.findPublishedVersion(appId)) ?? (await versionsRepo.findLatestVersion(appId));
        return version?.snapshot.files ?? {};
      },
    },
  });
  const { appHost } = appHostModule;
  const settingsSecrets = createSettingsSecrets(createSecretBox(config.secretsKey));
  const apps = createAppsService({
    appsRepo,
    versionsRepo,
    appUrlOf: (slug) => `${appOrigin(slug)}/app/${slug}/`,
    accountOf: (user) => accounts.getCurrent(user),
    customDomainsOf: appHost.customHostnamesOf,
    // Other processes hear of it through NOTIFY (APP_SETTINGS_CHANNEL); this one forgets at once.
    onSettingsSaved: (saved) => appHost.forgetApp(saved.slug),
    settingsSecrets,
    deleteFiles: (appId) => storage.deleteFolder(`apps/${appId}`),
    toolRules: {
      prepareDefinition: (user, existing, app) => tools.prepareDefinition(user, existing, app),
      checkSettings: (user, row, settings) => tools.checkSettings(user, row, settings),
    },
  });
  const toolsModule = createToolsModule(platform, {
    signedIn,
    getOwned: (user, appId) => apps.getOwned(user, appId),
    accountOf: (user) => accounts.getCurrent(user),
    limitsOf: plans.limitsOf,
    findApp: (appId) => appsRepo.findById(appId),
    withoutSecrets: settingsSecrets.withoutSecrets,
    appOrigin,
    forgetApp: appHost.forgetApp,
  });
  const { tools } = toolsModule;
  const versions = createVersionsService({ versionsRepo, publishRepo: createPublishRepo(db), apps });
  // Paid memberships of apps' end users (docs/product/memberships.md): who may use an app on its host, too.
  const membershipsModule = createMembershipsModule(platform, {
    signedIn,
    findApp: (appId) => appsRepo.findById(appId),
    getOwned: (user, appId) => apps.getOwned(user, appId),
    saveSettings: (user, appId, settings) => apps.saveSettings(user, appId, settings),
    settingsSecrets,
    appUsers: appUsersModule,
    appHost: appHostModule,
  });
  const { memberships } = membershipsModule;
  // Visits of published apps (docs/product/analytics.md): the runtime's beacon on the app's own host.
  const analyticsModule = createAnalyticsModule(platform, {
    signedIn,
    getOwned: (user, appId) => apps.getOwned(user, appId),
    revenueSince: membershipsModule.revenueSince,
    appHost,
  });
  const { analytics } = analyticsModule;
  // The one run engine: tool pages, batch runs and the tool API (docs/product/tools.md#states-and-transitions).
  const { toolRuns, repo: runsRepo } = createToolRunsModule(platform, {
    retrieval,
    limitsOf: plans.limitsOf,
    appHost: appHostModule,
    appUserOf: appUsersModule.appUserOf,
  });
  // The chat assistant of generated apps (docs/product/app-chat.md): the tool run engine, the entity API's access rules.
  const appChatModule = createAppChatModule(platform, {
    signedIn,
    retrieval,
    runsRepo,
    limitsOf: plans.limitsOf,
    ownedApp: (user, appId) => apps.getOwned(user, appId),
    isAdmin: accountsModule.isAdmin,
    entities,
    principalOf: (appId, authorization, host) => appUsers.principalOf(appId, authorization, host),
    appHost: appHostModule,
  });
  // Apps written against Base44's SDK (docs/base44-sdk.md): its calls on the app's host, the same services and rules.
  appHostModule.addHostRoutes(
    createBase44CompatRoutes({
      db,
      entities,
      appUsers,
      trustProxy: config.trustProxy,
      whoOf: async (hostApp, authorization, host) => {
        const appUser = await appUsers.principalOf(hostApp.id, authorization, host);
        if (appUser) analytics.recordActive(hostApp.id, appUser.userId);
        // The host's app (settings cached briefly) says whether paid memberships are on: no query without them.
        if (!(await memberships.allows(hostApp.id, { appUserId: appUser?.userId ?? null }, hostApp)))
          throw new AppError('FORBIDDEN', MEMBERSHIP_MESSAGES.membershipRequired, { reason: 'membership' });
        return { appUser };
      },
      emailOf: async (appId, userId) => (await appUsersModule.addressOf(appId, userId))?.email ?? null,
      statusOf: appUsersModule.statusOf,
      onActive: (appId, appUserId) => analytics.recordActive(appId, appUserId),
    }),
  );
  const { requireTool } = toolsModule;
  const { api } = createToolApiModule(platform, { toolRuns, requireTool });
  const toolBatchesModule = createToolBatchesModule(platform, { signedIn, toolRuns, api, requireTool });
  // PGlite has one connection: one job at a time keeps web requests responsive there.
  const jobRunner = createJobRunner({
    jobsRepo,
    logger,
    listen: database.listen,
    handlers: {
      ...contextModule.jobs,
      // Batch runs over a CSV (docs/product/tools.md#batch-runs).
      ...toolBatchesModule.jobs,
    },
    concurrency: database.kind === 'pglite' ? 1 : 4,
    ...jobOptions,
  });

  const app = new Hono();
  const ops = useHttpFront(app, platform, {
    lifecycle,
    beforeHosts: domainsModule.refreshHosts,
    isAppHost: (host) => appHost.appHostOf(host) !== null,
    streamedUploads: STREAMED_UPLOADS,
  });
  app.use(analyticsModule.beacon);
  // Generated apps on their own hosts (docs/decisions/0006-app-hosts.md): such a request never reaches the builder's routes.
  app.use(appHostModule.frontDoor());

  app.route('/', createDevModule(platform).routes);
  app.route('/', createOpenApiModule(platform).routes);
  app.route('/', authModule.routes);
  app.route('/', accountsModule.routes);
  app.route('/', billingModule.routes);
  const { setPlanByHand } = billingModule;
  app.route('/', createAdminModule(platform, { signedIn, accounts, setPlanByHand }).routes);
  app.route('/', appsRoutes({ apps, signedIn }));
  app.route(
    '/',
    createTemplatesModule(platform, {
      signedIn,
      appsRepo,
      versionsRepo,
      accountOf: (user) => accounts.getCurrent(user),
      limitsOf: plans.limitsOf,
      getOwned: (user, appId) => apps.getOwned(user, appId),
      freeSlug: apps.freeSlug,
      slugify,
      onSettingsSaved: (saved) => appHost.forgetApp(saved.slug),
      ingestText: (user, appId, text) => context.ingestText(user, appId, text),
    }).routes,
  );
  app.route('/', toolsModule.routes);
  app.route(
    '/',
    brandingModule.routes({
      signedIn,
      getOwned: apps.getOwned,
      updateStyle: (appId, style) => appsRepo.updateStyle(appId, style as Record<string, unknown>),
      accountOf: (user) => accounts.getCurrent(user),
    }),
  );
  app.route('/', analyticsModule.routes);
  app.route('/', createCreditsModule(platform, { signedIn, getOwned: apps.getOwned }).routes);
  app.route('/', toolBatchesModule.routes);
  app.route(
    '/',
    domainsModule.routes({
      signedIn,
      getOwned: (user, appId) => apps.getOwned(user, appId),
      accountOf: (user) => accounts.getCurrent(user),
      isAppSlugHost: async (hostname) => {
        const found = appHost.appHostOf(hostname);
        return Boolean(found && !found.isCustom && (await appHost.appOfSlug(found.slug)));
      },
    }),
  );
  app.route('/', appChatModule.routes);
  app.route('/', appHostModule.builderRoutes({ signedIn, ownedApp: (user, appId) => apps.getOwned(user, appId) }));
  app.route(
    '/',
    versionsRoutes({ versions, schemaEdits: createSchemaEdits({ apps, versions, versionsRepo }), signedIn }),
  );
  const chatModule = createChatModule(platform, {
    signedIn,
    authenticate,
    chatLimitsOf: plans.limitsOf,
    versionsRepo,
    versions,
    apps,
    accounts,
    lifecycle,
  });
  app.route('/', chatModule.routes);
  const { codeFiles, routes: codeFilesRoutes } = createCodeFilesModule({
    signedIn,
    apps,
    accounts,
    versions,
    versionsRepo,
    lastMessageIdOf: chatModule.lastMessageIdOf,
  });
  app.route('/', codeFilesRoutes);
  // Export, import and app keys (docs/product/export.md): the code editor's rule decides who may.
  const appKeysModule = createAppKeysModule(platform, { signedIn, checkApp: codeFiles.editable });
  app.route('/', appKeysModule.routes);
  app.route(
    '/',
    createAppExportModule(platform, {
      signedIn,
      codeFiles,
      appKeys: appKeysModule.appKeys,
      entities,
      textsOf: (appId) => brandingModule.repo.getTexts(appId),
      appUrlOf: (slug) => `${appOrigin(slug)}/app/${slug}/`,
    }).routes,
  );
  app.route('/', createCsvModule({ signedIn }).routes);
  app.route('/', contextModule.routes);
  app.route(
    '/',
    appUsersModule.entityApiCallers({
      onActive: analytics.recordActive,
      // On the entity API the builder's session is read with the app and entity (one round trip).
      identifyBuilder: authModule.identifyBuilder(entitiesModule.sessionWithEntity),
      slugOfHost: appHost.slugOfHost,
      previewOwnerOf: appHost.previewOwnerOf,
      keyAccess: appKeysModule.access,
    }),
  );
  app.route('/', membershipsModule.routes);
  app.route('/', appUsersModule.routes(analytics.recordActive));
  app.route('/', entitiesModule.routes);

  useHttpFallbacks(app, webDistDir);
  return { app, mailer, jobRunner, retrieval, ops };
}
