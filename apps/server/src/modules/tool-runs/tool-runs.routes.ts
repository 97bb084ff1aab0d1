import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { APP_MESSAGES } from '@tessera/contracts';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import {
  EditToolRunResultRequestSchema,
  RunToolRequestSchema,
  ToolRunRequestSchema,
  type RunToolResponse,
  VISITOR_COOKIE,
  VISITOR_HEADER,
  type UserMemoriesResponse,
} from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import { clientIp } from '../../platform/http/client-ip';
import { requestHostName } from '../../platform/http/request-host';
import { sseResponse } from '../../platform/http/sse';
import { readJson } from '../../platform/http/validate';
import { visitorCookie, type HostEnv, type HostRoutes } from '../app-host';
import { collectRun } from './collect-run';
import type { RunCaller, ToolRunsService } from './tool-runs.service';

/** The paths of the run API on an app's host (docs/product/tools.md#calls): the app host serves them, not the entity API. */
const TOOL_RUN_PATHS = /^\/(?:live_api\/tools\/|live_api\/user\/|api\/live_api\/user\/)/;

export interface ToolRunsHostDeps {
  toolRuns: ToolRunsService;
  /** The end user of this app a request's bearer token names (a session issued on `host`), or null. */
  appUserOf: (appId: string, authorization: string | undefined, host: string) => Promise<string | null>;
  trustProxy: boolean;
  /** Visitor cookies are `Secure` when the product is served over https. */
  secureCookies: boolean;
}

/**
 * The tool run API on an app's own host: runs (streamed), usage, edited results and end users'
 * memories, registered through the app host (so its route table lists them). `deps` is read when a
 * request comes, not here. Runs spend the owner's model budget: members only while paid
 * memberships are on.
 */
export function toolRunHostRoutes(deps: ToolRunsHostDeps): HostRoutes {
  return {
    livePaths: TOOL_RUN_PATHS,
    membersOnly: ['/live_api/tools/:path/runs', '/integrations/Core/RunTool'],
    register: (routes) => registerToolRunRoutes(routes, deps),
  };
}

function registerToolRunRoutes(routes: Hono<HostEnv>, deps: ToolRunsHostDeps): void {
  async function callerOf(c: Context<HostEnv>): Promise<RunCaller> {
    const appUserId = await deps.appUserOf(c.var.hostApp.id, c.req.header('authorization'), requestHostName(c));
    const visitorToken = c.req.header(VISITOR_HEADER) ?? getCookie(c, VISITOR_COOKIE) ?? null;
    return { appUserId, visitorToken: visitorToken || null, ip: clientIp(c, deps.trustProxy) };
  }

  const runBodyLimit = bodyLimit({
    maxSize: 512 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', APP_MESSAGES.bodyTooLarge);
    },
  });

  routes.post('/live_api/tools/:path/runs', runBodyLimit, async (c) => {
    const caller = await callerOf(c);
    const request = await readJson(c, ToolRunRequestSchema);
    const { events, newVisitorToken } = await deps.toolRuns.start(c.var.hostApp, c.req.param('path'), caller, request);
    return sseResponse(events, (event) => ({ event: event.type, data: JSON.stringify(event) }), {
      headers: newVisitorToken ? { 'set-cookie': visitorCookie(newVisitorToken, deps.secureCookies) } : {},
    });
  });

  // Generated code's `Core.RunTool({ tool, inputs })` (docs/generated-apps.md): a run of one of this
  // app's active tools by the same engine and caller as the page's, answered as one JSON value.
  routes.post('/integrations/Core/RunTool', runBodyLimit, async (c) => {
    const caller = await callerOf(c);
    const { tool, inputs } = await readJson(c, RunToolRequestSchema);
    const { events, newVisitorToken } = await deps.toolRuns.start(c.var.hostApp, tool, caller, { values: inputs });
    if (newVisitorToken) c.header('set-cookie', visitorCookie(newVisitorToken, deps.secureCookies));
    const { done } = await collectRun(events);
    const body: RunToolResponse = {
      runId: done.runId,
      result: done.result,
      sources: done.sources,
      creditsLeft: done.creditsLeft,
      runsLeft: done.runsLeft,
    };
    return c.json(body);
  });

  routes.get('/live_api/tools/:path/usage', async (c) => {
    const { usage, newVisitorToken } = await deps.toolRuns.usage(c.var.hostApp, c.req.param('path'), await callerOf(c));
    if (newVisitorToken) c.header('set-cookie', visitorCookie(newVisitorToken, deps.secureCookies));
    c.header('cache-control', 'no-store');
    return c.json(usage);
  });

  routes.put('/live_api/tools/runs/:runId/result', async (c) => {
    const caller = await callerOf(c);
    const { result } = await readJson(c, EditToolRunResultRequestSchema);
    return c.json(await deps.toolRuns.editResult(c.var.hostApp, c.req.param('runId'), caller, result));
  });

  const memories = async (c: Context<HostEnv>) => {
    const appId = c.req.query('appId');
    if (appId !== undefined && appId !== c.var.hostApp.id) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp);
    const { appUserId } = await callerOf(c);
    c.header('cache-control', 'no-store');
    return c.json({ memories: await deps.toolRuns.memories(c.var.hostApp, appUserId) } satisfies UserMemoriesResponse);
  };
  routes.get('/live_api/user/memories/current', memories);
  routes.get('/api/live_api/user/memories/current', memories);
}
