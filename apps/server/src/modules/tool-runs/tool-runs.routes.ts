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
import type { HostEnv } from '../runtime/runtime.routes';
import { collectRun } from './collect-run';
import type { RunCaller, ToolRunsService } from './tool-runs.service';

/**
 * The paths of the run API on an app's host (docs/product/tools.md#calls), the app chat assistant's
 * among them (docs/product/app-chat.md#calls): the app host serves them, not the entity API.
 */
export const TOOL_RUN_PATHS = /^\/(?:live_api\/tools\/|live_api\/user\/|api\/live_api\/user\/|live_api\/chat(?:\/|$))/;
const VISITOR_COOKIE_MAX_AGE_S = 400 * 86_400;

/** The visitor id cookie: on this app's host only, unreadable by its scripts, a bit over a year. */
export const visitorCookie = (token: string, secure: boolean) =>
  `${VISITOR_COOKIE}=${token}; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

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
 * memories, registered on the app host's router (so the route table lists them). `deps` is read
 * when a request comes, not here.
 */
export function toolRunRoutes(routes: Hono<HostEnv>, deps: ToolRunsHostDeps): void {
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

  // Any other run path on an app host: a JSON 404 like the entity API's (not the host's HTML page).
  routes.all('/live_api/*', () => {
    throw new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound);
  });
}
