// The one run engine of published tools: tool pages, Core.RunTool, batch runs and the tool API, and
// the parts the app chat assistant answers with (retrieval, the model, the caller's limits).
import type { PlanCatalogueLimits } from '@tessera/contracts/plans';
import type { Platform } from '../../platform/platform';
import type { AppHostModule } from '../app-host';
import type { RetrievalService } from '../retrieval';
import { createToolRunsRepo } from './tool-runs.repo';
import { toolRunHostRoutes, type ToolRunsHostDeps } from './tool-runs.routes';
import { createToolRunsService } from './tool-runs.service';

export interface ToolRunsModuleDeps {
  retrieval: RetrievalService;
  /** A plan's limits from the operator's plan catalogue (the owner's tool runs a month among them). */
  limitsOf: (plan: string) => Pick<PlanCatalogueLimits, 'toolRunsPerMonth'>;
  /** The run API is served on the apps' own hosts. */
  appHost: Pick<AppHostModule, 'addHostRoutes'>;
  /** The end user of this app a request's bearer token names (a session issued on `host`), or null. */
  appUserOf: ToolRunsHostDeps['appUserOf'];
}

/** Builds the tool runs module: the run engine, with its API added to the app hosts (docs/product/tools.md#calls). */
export function createToolRunsModule(platform: Platform, deps: ToolRunsModuleDeps) {
  const { db, config, logger, models, rateLimiter } = platform;
  const repo = createToolRunsRepo(db);
  const toolRuns = createToolRunsService({
    repo,
    retrieval: deps.retrieval,
    models,
    rateLimiter,
    secret: config.authSecret,
    logger,
    limitsOf: deps.limitsOf,
  });
  deps.appHost.addHostRoutes(
    toolRunHostRoutes({
      toolRuns,
      appUserOf: deps.appUserOf,
      trustProxy: config.trustProxy,
      secureCookies: config.publicUrl.startsWith('https:'),
    }),
  );
  return { toolRuns, repo };
}

export type { ToolRunsService, HostApp as RunApp } from './tool-runs.service';
export { runSettingsOf, runWindows } from './tool-runs.service';
export { ensureCredits, type ToolRunsRepo } from './tool-runs.repo';
export { answerRun, RUN_CHUNKS } from './run-answer';
export { identifyRunCaller, runModelFor } from './run-caller';
export type { RunField } from './run-prompt';
export { appToolsOf } from './app-tools';
export { collectRun } from './collect-run';
export { toolRunHostRoutes, type ToolRunsHostDeps } from './tool-runs.routes';
