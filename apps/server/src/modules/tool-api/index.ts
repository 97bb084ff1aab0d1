// The tool API: a live tool run with an API key, answered as one JSON value (docs/api.md).
import type { SessionUser } from '@tessera/contracts/auth';
import type { Platform } from '../../platform/platform';
import type { ToolRunsService } from '../tool-runs';
import { createToolApiKeysRepo } from './tool-api-keys.repo';
import { createToolApiService } from './tool-api.service';

export interface ToolApiModuleDeps {
  toolRuns: ToolRunsService;
  /** The tool, if this builder owns its app (the tools module's rule). */
  requireTool: (user: SessionUser, appId: string, toolId: string) => Promise<unknown>;
}

/** Builds the tool API module: the service behind the tool's API keys and its runs (its routes are the tool batches'). */
export function createToolApiModule(
  { db, rateLimiter, config }: Platform,
  { toolRuns, requireTool }: ToolApiModuleDeps,
) {
  const api = createToolApiService({
    repo: createToolApiKeysRepo(db),
    toolRuns,
    rateLimiter,
    requireTool,
    publicUrl: config.publicUrl,
  });
  return { api };
}

export type { ToolApiService } from './tool-api.service';
