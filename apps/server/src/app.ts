import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { APP_MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { EXTRACT_MAX_BYTES, PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import type { Database } from '@tessera/db';
import type { Config } from './platform/config';
import { AppError } from './platform/errors';
import { closeOnUnreadBody, JSON_BODY_MAX_BYTES, requestBodyGuard } from './platform/http/body-limit';
import { createErrorHandler, renderAppError } from './platform/http/errors';
import { requestLog } from './platform/http/request-log';
import { securityHeaders } from './platform/http/security-headers';
import { spaRoutes } from './platform/http/spa';
import { refuseUnstorableAddress } from './platform/http/validate';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mail/mailer';
import { createPlatform } from './platform/platform';
import { createLifecycle, type Lifecycle } from './platform/lifecycle';
import { refuseWhileDraining } from './platform/http/drain';
import { httpMetrics, opsRoutes } from './platform/http/ops';
import { createOpsRepo } from './platform/ops.repo';
import { createAccountsModule } from './modules/accounts';
import { createBilling, plansOf } from './modules/billing/billing.module';
import { billingRoutes } from './modules/billing/billing.routes';
import { createAdminModule } from './modules/admin';
import { createAppChatModule } from './modules/app-chat';
import { createAppUsersRepo } from './modules/app-users/app-users.repo';
import { appUsersRoutes, identifyAppUser } from './modules/app-users/app-users.routes';
import { addressOf, createAppUsersService } from './modules/app-users/app-users.service';
import { APP_SETTINGS_CHANNEL, createAppsRepo } from './modules/apps/apps.repo';
import { appsRoutes } from './modules/apps/apps.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createTemplatesService } from './modules/templates/templates.service';
import { createTemplatesRepo } from './modules/templates/templates.repo';
import { createBrandingModule } from './modules/branding';
import { createAppsService, slugify } from './modules/apps/apps.service';
import { createSettingsSecrets } from './modules/apps/settings-secrets';
import { createClaimRepo } from './modules/tools/claim.repo';
import { createClaimService } from './modules/tools/claim.service';
import { createMagicCreateService } from './modules/tools/magic-create.service';
import { createToolsRepo } from './modules/tools/tools.repo';
import { toolsRoutes } from './modules/tools/tools.routes';
import { createToolApiModule } from './modules/tool-api';
import { createToolBatchesModule } from './modules/tool-batches';
import { createToolsService } from './modules/tools/tools.service';
import { createSecretBox } from './platform/crypto/secret-box';
import { createAuth, type EmailVerifiedListener } from './modules/auth/auth';
import { createAuthLimits } from './modules/auth/auth-limits';
import { createCsvModule } from './modules/csv';
import { createAuthFlowsService } from './modules/auth/auth-flows.service';
import { authRoutes } from './modules/auth/auth.routes';
import { builderAuthenticator, identifyUser, requireUser, sessionTokenOf } from './modules/auth/session';
import { CSV_IMPORT_ROUTE, entitiesRoutes, sessionWithEntity } from './modules/entities/entities.routes';
import { createEntitiesService } from './modules/entities/entities.service';
import { createEntitySchemasRepo } from './modules/entities/entity-schemas.repo';
import { createRecordsRepo } from './modules/entities/records.repo';
import { createSessionsRepo } from './modules/auth/sessions.repo';
import { createUsersRepo } from './modules/auth/users.repo';
import { createDevModule } from './modules/dev';
import { createContextJobs, type CrawlFn } from './modules/context/context.jobs';
import { createContextRepo } from './modules/context/context.repo';
import { contextRoutes } from './modules/context/context.routes';
import { createContextService } from './modules/context/context.service';
import { crawlSite } from './modules/context/scraper/crawl-site';
import { connectorsFrom, type Connectors } from './modules/context/connectors';
import { createRetrievalModule, type RetrievalService } from './modules/retrieval';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './platform/jobs/runner';
import { resolveUploadType } from './modules/context/parse';
import { parsePool } from './modules/context/parse-pool';
import { createAppHostModule } from './modules/app-host';
import { createBase44CompatRoutes } from './modules/base44-compat';
import { createCreditsModule } from './modules/credits';
import { createToolRunsModule } from './modules/tool-runs';
import { analyticsHost, analyticsRoutes } from './modules/analytics/analytics.routes';
import { createGumroadClient } from './modules/billing/gumroad';
import { createMembershipStripe } from './modules/memberships/memberships-stripe';
import { createMembershipsRepo } from './modules/memberships/memberships.repo';
import { membershipsRoutes, requireMembership } from './modules/memberships/memberships.routes';
import { createMembershipsService, membershipProductOf } from './modules/memberships/memberships.service';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createChatRepo } from './modules/chat/chat.repo';
import { createCodeFilesModule } from './modules/code-files';
import { appExportRoutes, IMPORT_ROUTE } from './modules/app-export/app-export.routes';
import { createAppExportService } from './modules/app-export/app-export.service';
import { createAppKeysRepo } from './modules/app-keys/app-keys.repo';
import { appKeyAccess, appKeysRoutes, type AppKeyVariables } from './modules/app-keys/app-keys.routes';
import { createAppKeysService } from './modules/app-keys/app-keys.service';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { createPublishRepo } from './modules/versions/publish.repo';
import { createSchemaEdits } from './modules/versions/schema-edits.service';
import { createVersionsRepo } from './modules/versions/versions.repo';
import { versionsRoutes } from './modules/versions/versions.routes';
import { createVersionsService } from './modules/versions/versions.service';
import { createOpenApiModule } from './modules/openapi';
import { createTxtLookup } from './modules/domains/dns-check';
import { createDomainHosts } from './modules/domains/domain-hosts';
import { APP_DOMAINS_CHANNEL, createDomainsRepo } from './modules/domains/domains.repo';
import { domainsRoutes } from './modules/domains/domains.routes';
import { createDomainsService } from './modules/domains/domains.service';

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
const API_PREFIXES = ['/api/*', '/live_api/*'];

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
  const { db, rateLimiter, mailer, storage, models, jobsRepo, jobs } = platform;
  const usersRepo = createUsersRepo(db);
  const authLimits = createAuthLimits(rateLimiter);
  const onEmailVerified: EmailVerifiedListener[] = [];
  const auth = createAuth({ db, config, logger, mailer, limits: authLimits, usersRepo, onEmailVerified });
  const authFlows = createAuthFlowsService({ auth, usersRepo });
  const sessionDeps = { auth, sessionsRepo: createSessionsRepo(db), secret: config.authSecret };
  const signedIn = requireUser(sessionDeps);
  const authenticate = builderAuthenticator(sessionDeps);
  const { retrieval } = createRetrievalModule(platform);
  const contextRepo = createContextRepo(db);
  // Public addresses only; end-to-end tests may allow their loopback site (refused in production).
  const crawlWeb: CrawlFn = crawl ?? ((options) => crawlSite({ ...options, fetchPolicy: config.outboundPolicy }));
  // The operator's plan catalogue: its limits are the ones every plan gate reads.
  const plans = plansOf(config);
  const context = createContextService({
    limitsOf: plans.limitsOf,
    contextRepo,
    jobs,
    retrieval,
    listen: database.listen,
    connectors,
  });
  const accountsModule = createAccountsModule(platform, { signedIn });
  const { accounts } = accountsModule;
  const billing = createBilling({ config, db, accounts, plans });
  if (billing.gumroadEnabled) {
    accountsModule.claimSalesWith((user, saleId) => billing.claimGumroadSale(user, saleId));
    onEmailVerified.push((user) => billing.claimSalesOfVerified(user));
  }
  const appsRepo = createAppsRepo(db);
  const versionsRepo = createVersionsRepo(db);
  const appUsersRepo = createAppUsersRepo(db);
  const brandingModule = createBrandingModule(platform, {
    signedIn,
    getOwned: (user, appId) => apps.getOwned(user, appId),
    updateStyle: (appId, style) => appsRepo.updateStyle(appId, style as Record<string, unknown>),
    accountOf: (user) => accounts.getCurrent(user),
  });
  // `appHost` (below) knows the app hosts; these run only when a request comes in.
  const settingsSecrets = createSettingsSecrets(createSecretBox(config.secretsKey));
  const apps = createAppsService({
    appsRepo,
    versionsRepo,
    appUrlOf: (slug) => `${appHost.appOrigin(slug)}/app/${slug}/`,
    accountOf: (user) => accounts.getCurrent(user),
    customDomainsOf: (slug) => appHost.customHostnamesOf(slug),
    // Other processes hear of it through NOTIFY (APP_SETTINGS_CHANNEL); this one forgets at once.
    onSettingsSaved: (saved) => appHost.forgetApp(saved.slug),
    settingsSecrets,
    deleteFiles: (appId) => storage.deleteFolder(`apps/${appId}`),
    toolRules: {
      prepareDefinition: (user, existing, app) => tools.prepareDefinition(user, existing, app),
      checkSettings: (user, row, settings) => tools.checkSettings(user, row, settings),
    },
  });
  const tools = createToolsService({
    toolsRepo: createToolsRepo(db),
    getOwned: (user, appId) => apps.getOwned(user, appId),
    accountOf: (user) => accounts.getCurrent(user),
    toolUrlOf: (slug, path) => `${appHost.appOrigin(slug)}/tool/${encodeURIComponent(path)}`,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    limitsOf: plans.limitsOf,
  });
  const versions = createVersionsService({ versionsRepo, publishRepo: createPublishRepo(db), apps });
  const chatRepo = createChatRepo(db, rateLimiter);
  const chat = createChatService({
    chatLimitsOf: plans.limitsOf,
    chatRepo,
    versionsRepo,
    versions,
    apps,
    accounts,
    models,
    logger,
    listen: (channel, onPayload, onResync) => database.listen(channel, onPayload, onResync),
    lifecycle,
    isOnlyProcess: database.kind === 'pglite',
  });
  const entities = createEntitiesService({
    schemasRepo: createEntitySchemasRepo(db),
    recordsRepo: createRecordsRepo(db),
  });
  const appUsers = createAppUsersService({
    appUsersRepo,
    appsRepo,
    limits: authLimits,
    mailer,
    secret: config.authSecret,
    appOrigin: (slug) => appHost.appOrigin(slug),
  });
  // Paid memberships of apps' end users (docs/product/memberships.md), with each owner's own Gumroad or Stripe account.
  const membershipsRepo = createMembershipsRepo(db);
  const memberships = createMembershipsService({
    repo: membershipsRepo,
    findApp: (appId) => appsRepo.findById(appId),
    getOwned: (user, appId) => apps.getOwned(user, appId),
    saveSettings: (user, appId, settings) => apps.saveSettings(user, appId, settings),
    shownSettings: settingsSecrets.toShown,
    gumroadTokenOf: (row) => settingsSecrets.tokenOf(row.id, row.settings),
    gumroad: (accessToken) =>
      createGumroadClient({ accessToken, apiUrl: config.billing.apiUrls.gumroad, policy: config.outboundPolicy }),
    stripeKeyOf: (row) => settingsSecrets.tokenOf(row.id, row.settings, 'stripeSecretKey'),
    stripeWebhookSecretOf: (row) => settingsSecrets.tokenOf(row.id, row.settings, 'stripeWebhookSecret'),
    stripe: (secretKey) => createMembershipStripe({ secretKey, apiUrl: config.billing.apiUrls.stripe }),
    lookOf: (appId) => appHostModule.findLook(appId, 'published'),
    appUserEmailOf: async (appId, appUserId) => addressOf(await appUsersRepo.findById(appId, appUserId)),
    publicUrl: config.publicUrl,
    secret: config.authSecret,
  });
  // Verified custom domains (docs/product/custom-domains.md#serving), known to the Host checks below.
  const domainsRepo = createDomainsRepo(db);
  const domainHosts = createDomainHosts({
    load: () => domainsRepo.listVerifiedHosts(),
    watch: (onChange) =>
      Promise.all([database.listen(APP_DOMAINS_CHANNEL, onChange), database.listen(APP_SETTINGS_CHANNEL, onChange)]),
  });
  // Generated apps on their own hosts (docs/decisions/0006-app-hosts.md).
  const appHostModule = createAppHostModule(platform, {
    versions: versionsRepo,
    looks: brandingModule.repo,
    builderSessionIdOf: async (authorization) => {
      const token = authorization ? sessionTokenOf(authorization, config.authSecret) : null;
      return token ? ((await sessionDeps.sessionsRepo.findLiveByToken(token))?.sessionId ?? null) : null;
    },
    customDomains: domainHosts,
    integrations: {
      retrieval,
      appUserOfEmail: async (appId, email) => addressOf(await appUsersRepo.findByEmail(appId, email)),
      // The data sources' parsers, in their worker pool (time and memory limits), on one uploaded document.
      readDocument: async (bytes, filename, mimeType) => {
        const type = resolveUploadType(bytes, filename, mimeType);
        return (await parsePool.parseDocument(type, bytes, { maxInflatedBytes: 4 * EXTRACT_MAX_BYTES })).text;
      },
      appFilesOf: async (appId) => {
        const version =
          (await versionsRepo.findPublishedVersion(appId)) ?? (await versionsRepo.findLatestVersion(appId));
        return version?.snapshot.files ?? {};
      },
    },
  });
  const { appHost } = appHostModule;
  appHostModule.useAccess({
    // A user without the membership the app asks for is not one of its users here (uploads, model calls).
    isAppUser: async (appId, authorization, host) => {
      const principal = await appUsers.principalOf(appId, authorization, host);
      return Boolean(principal && (await memberships.allows(appId, { appUserId: principal.userId })));
    },
    paywallOf: async (app, authorization, host) => {
      // Without memberships every caller may: no query at all (tool runs ask on every run).
      if (!membershipProductOf(app.settings)) return null;
      const principal = await appUsers.principalOf(app.id, authorization, host);
      if (await memberships.allows(app.id, { appUserId: principal?.userId ?? null })) return null;
      return principal ? 'paywall' : 'login';
    },
    isMembersOnly: (hostApp) => membershipProductOf(hostApp.settings) !== null,
  });
  const appUserOf = async (appId: string, authorization: string | undefined, host: string) =>
    (await appUsers.principalOf(appId, authorization, host))?.userId ?? null;
  // The one run engine: tool pages, batch runs and the tool API (docs/product/tools.md#states-and-transitions).
  const { toolRuns, repo: runsRepo } = createToolRunsModule(platform, {
    retrieval,
    limitsOf: plans.limitsOf,
    appHost: appHostModule,
    appUserOf,
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
      emailOf: async (appId, userId) => addressOf(await appUsersRepo.findById(appId, userId))?.email ?? null,
      statusOf: async (appId, userId) => {
        const row = await appUsersRepo.findById(appId, userId);
        return { isVerified: Boolean(row?.emailConfirmedAt), disabled: Boolean(row?.disabled) };
      },
      onActive: (appId, appUserId) => analytics.recordActive(appId, appUserId),
    }),
  );
  const requireTool = (user: SessionUser, appId: string, toolId: string) => tools.get(user, appId, toolId);
  const { api } = createToolApiModule(platform, { toolRuns, requireTool });
  const toolBatchesModule = createToolBatchesModule(platform, { signedIn, toolRuns, api, requireTool });
  // PGlite has one connection: one job at a time keeps web requests responsive there.
  const jobRunner = createJobRunner({
    jobsRepo,
    logger,
    listen: database.listen,
    handlers: {
      ...createContextJobs({ contextRepo, retrieval, logger, crawl: crawlWeb, connectors, limitsOf: plans.limitsOf }),
      // Batch runs over a CSV (docs/product/tools.md#batch-runs).
      ...toolBatchesModule.jobs,
    },
    concurrency: database.kind === 'pglite' ? 1 : 4,
    ...jobOptions,
  });

  const app = new Hono();
  app.onError(createErrorHandler(logger));
  app.use(httpMetrics());
  app.use(requestLog(logger));
  app.use(refuseWhileDraining(lifecycle));
  // Before the probes too: an answer given before the body arrived ends the connection.
  app.use(closeOnUnreadBody());
  // Probes answer on any host, before the app hosts and the SPA (platform/http/ops.ts).
  const opsDeps = {
    repo: createOpsRepo(database),
    lifecycle,
    countJobs: jobsRepo.countByKindAndStatus,
    metricsToken: config.metrics.token,
  };
  app.route('/', opsRoutes(opsDeps));
  app.use(async (_c, next) => {
    await domainHosts.refresh();
    await next();
  });
  // CSP, nosniff and Referrer-Policy on every response: the builder's, its API's and the app hosts'.
  app.use(
    securityHeaders({
      publicUrl: config.publicUrl,
      appsDomain: config.appsDomain,
      isAppHost: (host) => appHost.appHostOf(host) !== null,
    }),
  );
  // Ids, tokens and e-mails in a path or query: a NUL there is a 400 before any route (or app host) sees it.
  app.use(refuseUnstorableAddress());
  app.use(requestBodyGuard({ maxBytes: JSON_BODY_MAX_BYTES, streamedUploads: STREAMED_UPLOADS }));
  // Visits of published apps (docs/product/analytics.md): the runtime's beacon on the app's own host.
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(db),
    getOwned: (user, appId) => apps.getOwned(user, appId),
    secret: config.authSecret,
    logger,
    // Paid memberships' payments less refunds per day, in their currency (docs/product/memberships.md#data).
    revenueSince: (appId, from) => membershipsRepo.revenueSince(appId, new Date(`${from}T00:00:00Z`)),
  });
  app.use(
    analyticsHost({
      analytics,
      hostAppIdOf: async (host) => {
        const found = appHost.appHostOf(host);
        return found ? ((await appHost.appOfSlug(found.slug))?.id ?? null) : null;
      },
      trustProxy: config.trustProxy,
      secret: config.authSecret,
    }),
  );
  // Generated apps on their own hosts (docs/decisions/0006-app-hosts.md): such a request never reaches the builder's routes.
  app.use(appHostModule.frontDoor());

  app.route('/', createDevModule(platform).routes);
  app.route('/', createOpenApiModule(platform).routes);
  app.route('/', authRoutes({ auth, authFlows, config, signedIn }));
  app.route('/', accountsModule.routes);
  app.route('/', billingRoutes({ billing, signedIn }));
  const setPlanByHand = billing.setPlanByHand;
  app.route('/', createAdminModule(platform, { signedIn, accounts, setPlanByHand }).routes);
  app.route('/', appsRoutes({ apps, signedIn }));
  app.route(
    '/',
    templatesRoutes({
      templates: createTemplatesService({
        templatesRepo: createTemplatesRepo(db, config.adminEmails),
        appsRepo,
        versionsRepo,
        accountOf: (user) => accounts.getCurrent(user),
        limitsOf: plans.limitsOf,
        getOwned: (user, appId) => apps.getOwned(user, appId),
        freeSlug: apps.freeSlug,
        slugify,
        onSettingsSaved: (saved) => appHost.forgetApp(saved.slug),
        ingestText: (user, appId, text) => context.ingestText(user, appId, text),
      }),
      signedIn,
    }),
  );
  app.route(
    '/',
    toolsRoutes({
      tools,
      magic: createMagicCreateService({
        models,
        rateLimiter,
        accountOf: (user) => accounts.getCurrent(user),
        getOwned: (user, appId) => apps.getOwned(user, appId),
      }),
      claims: createClaimService({
        claimRepo: createClaimRepo(db),
        findApp: (appId) => appsRepo.findById(appId),
        withoutSecrets: settingsSecrets.withoutSecrets,
        onClaimed: (claimed) => appHost.forgetApp(claimed.slug),
        notifyChannel: APP_SETTINGS_CHANNEL,
        secret: config.authSecret,
      }),
      signedIn,
    }),
  );
  app.route('/', brandingModule.routes);
  app.route('/', analyticsRoutes({ analytics, signedIn }));
  app.route('/', createCreditsModule(platform, { signedIn, getOwned: apps.getOwned }).routes);
  app.route('/', toolBatchesModule.routes);
  app.route(
    '/',
    domainsRoutes({
      domains: createDomainsService({
        repo: domainsRepo,
        getOwned: (user, appId) => apps.getOwned(user, appId),
        accountOf: (user) => accounts.getCurrent(user),
        lookupTxt: createTxtLookup({ servers: config.dnsServers, timeoutMs: dnsTimeoutMs }),
        reserved: { builderHost: new URL(config.publicUrl).hostname, appsDomain: config.appsDomain },
        operatorHostnames: config.appHostnames,
        appHostOf: (slug) => `${slug}.${config.appsDomain}`,
        isAppSlugHost: async (hostname) => {
          const found = appHost.appHostOf(hostname);
          return Boolean(found && !found.isCustom && (await appHost.appOfSlug(found.slug)));
        },
        onChanged: () => domainHosts.invalidate(),
      }),
      signedIn,
    }),
  );
  app.route('/', appChatModule.routes);
  app.route('/', appHostModule.builderRoutes({ signedIn, ownedApp: (user, appId) => apps.getOwned(user, appId) }));
  app.route(
    '/',
    versionsRoutes({ versions, schemaEdits: createSchemaEdits({ apps, versions, versionsRepo }), signedIn }),
  );
  app.route('/', chatRoutes({ chat, signedIn, authenticate }));
  const { codeFiles, routes: codeFilesRoutes } = createCodeFilesModule({
    signedIn,
    apps,
    accounts,
    versions,
    versionsRepo,
    lastMessageIdOf: async (appId) => (await chatRepo.listLast(appId, 1))[0]?.id ?? null,
  });
  app.route('/', codeFilesRoutes);
  // Export, import and app keys (docs/product/export.md): the code editor's rule decides who may.
  const appKeys = createAppKeysService({
    repo: createAppKeysRepo(db),
    checkApp: (user, appId) => codeFiles.editable(user, appId),
  });
  app.route('/', appKeysRoutes({ appKeys, signedIn }));
  app.route(
    '/',
    appExportRoutes({
      appExport: createAppExportService({
        codeFiles,
        appKeys,
        entities,
        textsOf: (appId) => brandingModule.repo.getTexts(appId),
        appUrlOf: (slug) => `${appHost.appOrigin(slug)}/app/${slug}/`,
        publicUrl: config.publicUrl,
      }),
      signedIn,
    }),
  );
  app.route('/', createCsvModule({ signedIn }).routes);
  app.route('/', contextRoutes({ context, signedIn, isAdmin: accountsModule.isAdmin }));
  // Entity API callers: the app's builder and/or one of the app's own users.
  // On the entity API the builder's session is read with the app and entity (one round trip).
  const identifiedBuilder = identifyUser(sessionDeps, sessionWithEntity(entities));
  const identifiedAppUser = identifyAppUser(appUsers, analytics.recordActive);
  const identified: MiddlewareHandler<{ Variables: AppKeyVariables }> = async (c, next) => {
    // A request with an app key is that key and nothing else (appKeyAccess, mounted before).
    if (c.var.appKeyId) return next();
    // On an app host only the app's own users exist: a builder token there counts for nothing; the
    // builder's signed preview acts as the owner on that app's entities only (decisions/0006).
    if (appHost.slugOfHost(c.req.header('host'))) {
      const owner = await appHost.previewOwnerOf(c.req.param('appId'), c.req.header(PREVIEW_TOKEN_HEADER), c.req.path);
      if (owner) c.set('user', owner);
      return identifiedAppUser(c, next);
    }
    await identifiedBuilder(c, async () => {
      await identifiedAppUser(c, next);
    });
  };
  app.use('/live_api/apps/:appId/*', appKeyAccess(appKeys, identifiedAppUser));
  app.use('/live_api/apps/:appId/*', identified);
  app.use('/live_api/apps/:appId/entities/*', requireMembership(memberships));
  app.route('/', membershipsRoutes({ memberships, signedIn }));
  app.route('/', appUsersRoutes({ appUsers, trustProxy: config.trustProxy, onActive: analytics.recordActive }));
  app.route('/', entitiesRoutes({ entities, logger }));

  for (const prefix of API_PREFIXES) {
    app.all(prefix, (c) =>
      renderAppError(
        c,
        new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound, { method: c.req.method, path: c.req.path }),
      ),
    );
  }
  if (webDistDir) app.route('/', spaRoutes(webDistDir));
  else app.all('*', (c) => c.text('Not found', 404));
  return { app, mailer, jobRunner, retrieval, ops: opsRoutes(opsDeps, { isPrivatePort: true }) };
}
