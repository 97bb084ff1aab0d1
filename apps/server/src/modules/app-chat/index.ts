// The chat assistant of generated apps: its settings for the builder, and the widget's calls on the
// app's own host, answered by the tool run engine from the app's data sources and readable records.
import type { SessionUser } from '@tessera/contracts/auth';
import type { PlanCatalogueLimits } from '@tessera/contracts/plans';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { AppHostModule } from '../app-host';
import type { AppPrincipal } from '../app-users';
import type { EntitiesService } from '../entities';
import type { RetrievalService } from '../retrieval';
import type { ToolRunsRepo } from '../tool-runs';
import { createAppChatRepo } from './app-chat.repo';
import { appChatHostRoutes, appChatRoutes } from './app-chat.routes';
import { createAppChatService } from './app-chat.service';
import { readableRecords } from './chat-records';

export interface AppChatModuleDeps {
  signedIn: SignedIn;
  retrieval: Pick<RetrievalService, 'searchSimilar'>;
  /** The run engine's records of runs (the tool runs module's). */
  runsRepo: ToolRunsRepo;
  limitsOf: (plan: string) => Pick<PlanCatalogueLimits, 'toolRunsPerMonth'>;
  /** The app, if this builder owns it (the apps module's rule). */
  ownedApp: (user: SessionUser, appId: string) => Promise<{ id: string; kind: string }>;
  isAdmin: (user: SessionUser) => Promise<boolean>;
  /** The entity API's reads, under its access rules. */
  entities: Pick<EntitiesService, 'list'>;
  /** The end user of this app a request's bearer token names (a session issued on `host`), or null. */
  principalOf: (appId: string, authorization: string | undefined, host: string) => Promise<AppPrincipal | null>;
  /** The assistant answers on the apps' own hosts. */
  appHost: Pick<AppHostModule, 'addHostRoutes'>;
}

/** Builds the app chat module: the builder's routes, with the widget's added to the app hosts (docs/product/app-chat.md). */
export function createAppChatModule(platform: Platform, deps: AppChatModuleDeps) {
  const { db, config, logger, models, rateLimiter } = platform;
  const repo = createAppChatRepo(db);
  const appChat = createAppChatService({
    repo,
    runsRepo: deps.runsRepo,
    retrieval: deps.retrieval,
    models,
    rateLimiter,
    secret: config.authSecret,
    logger,
    limitsOf: deps.limitsOf,
    ownedApp: deps.ownedApp,
    isAdmin: deps.isAdmin,
    readableRecords: (appId, principal, question) =>
      readableRecords(
        { entities: deps.entities, entityNames: repo.entityNames },
        appId,
        { appUser: principal },
        question,
      ),
  });
  deps.appHost.addHostRoutes(
    appChatHostRoutes({
      appChat,
      principalOf: deps.principalOf,
      trustProxy: config.trustProxy,
      secureCookies: config.publicUrl.startsWith('https:'),
    }),
  );
  return { routes: appChatRoutes({ appChat, signedIn: deps.signedIn }) };
}

export { appChatHostRoutes, type AppChatHostDeps } from './app-chat.routes';
