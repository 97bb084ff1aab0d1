// Batch runs of a live tool over a CSV, in a durable job, and the routes of the tool's API keys and
// its API (docs/product/tools.md#batch-runs, #the-tool-api).
import type { SessionUser } from '@tessera/contracts/auth';
import type { JobHandler } from '../../platform/jobs/runner';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { ToolApiService } from '../tool-api';
import type { ToolRunsService } from '../tool-runs';
import { createToolBatchesRepo } from './tool-batches.repo';
import { toolBatchesRoutes } from './tool-batches.routes';
import { createToolBatchesService, TOOL_BATCH_JOB } from './tool-batches.service';

export interface ToolBatchesModuleDeps {
  signedIn: SignedIn;
  toolRuns: ToolRunsService;
  /** The tool API's keys and runs, served among the batches' routes. */
  api: ToolApiService;
  /** Throws NOT_FOUND unless the caller owns the app and it has this tool (the tools module's rule). */
  requireTool: (user: SessionUser, appId: string, toolId: string) => Promise<unknown>;
}

/** Builds the tool batches module: its routes and its job (the runner runs it). */
export function createToolBatchesModule({ db, jobs, logger }: Platform, deps: ToolBatchesModuleDeps) {
  const batches = createToolBatchesService({
    repo: createToolBatchesRepo(db),
    toolRuns: deps.toolRuns,
    jobs,
    requireTool: deps.requireTool,
    logger,
  });
  const handlers: Record<string, JobHandler> = { [TOOL_BATCH_JOB]: batches.job };
  return { routes: toolBatchesRoutes({ batches, api: deps.api, signedIn: deps.signedIn }), jobs: handlers };
}
