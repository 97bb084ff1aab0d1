import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  AppChatActivateRequestSchema,
  AppChatAskRequestSchema,
  AppChatSettingsUpdateSchema,
} from '@tessera/contracts/app-chat';
import { VISITOR_COOKIE, VISITOR_HEADER } from '@tessera/contracts/tool-runs';
import { clientIp } from '../../platform/http/client-ip';
import { requestHostName } from '../../platform/http/request-host';
import { sseResponse } from '../../platform/http/sse';
import { readJson } from '../../platform/http/validate';
import type { AppPrincipal } from '../app-users';
import type { AuthVariables } from '../auth';
import { visitorCookie, type HostEnv, type HostRoutes } from '../app-host';
import type { AppChatService } from './app-chat.service';

/** The builder's calls (docs/product/app-chat.md#calls): the assistant's settings and its activation. */
export function appChatRoutes({
  appChat,
  signedIn,
}: {
  appChat: AppChatService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/chat/assistant', signedIn, async (c) =>
    c.json(await appChat.get(c.var.user, c.req.param('appId'))),
  );
  app.put('/api/apps/:appId/chat/assistant', signedIn, async (c) => {
    const update = await readJson(c, AppChatSettingsUpdateSchema);
    return c.json(await appChat.save(c.var.user, c.req.param('appId'), update));
  });
  app.post('/api/apps/:appId/chat/activate', signedIn, async (c) => {
    const { isActive } = await readJson(c, AppChatActivateRequestSchema);
    return c.json(await appChat.activate(c.var.user, c.req.param('appId'), isActive));
  });
  return app;
}

export interface AppChatHostDeps {
  appChat: AppChatService;
  /** The end user of this app a request's bearer token names (a session issued on `host`), or null. */
  principalOf: (appId: string, authorization: string | undefined, host: string) => Promise<AppPrincipal | null>;
  trustProxy: boolean;
  secureCookies: boolean;
}

/**
 * The assistant on an app's own host (docs/product/app-chat.md#calls), registered through the app
 * host: its settings in the pages' boot data (no widget, no call while it is off), `GET /live_api/chat`
 * (what the widget shows) and `POST /live_api/chat/messages` (one
 * question, answered as a stream of run events; members only while paid memberships are on).
 */
export function appChatHostRoutes(deps: AppChatHostDeps): HostRoutes {
  return {
    livePaths: /^\/live_api\/chat(?:\/|$)/,
    membersOnly: ['/live_api/chat/messages'],
    register: (routes) => registerAppChatRoutes(routes, deps),
    bootOf: async (app) => ({ chat: await deps.appChat.findPublic(app) }),
  };
}

function registerAppChatRoutes(routes: Hono<HostEnv>, deps: AppChatHostDeps): void {
  routes.get('/live_api/chat', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await deps.appChat.publicOf(c.var.hostApp));
  });

  routes.post('/live_api/chat/messages', async (c: Context<HostEnv>) => {
    const app = c.var.hostApp;
    const principal = await deps.principalOf(app.id, c.req.header('authorization'), requestHostName(c));
    const visitorToken = c.req.header(VISITOR_HEADER) ?? getCookie(c, VISITOR_COOKIE) ?? null;
    const { message } = await readJson(c, AppChatAskRequestSchema);
    const { events, newVisitorToken } = await deps.appChat.ask(
      app,
      { principal, visitorToken: visitorToken || null, ip: clientIp(c, deps.trustProxy) },
      message,
    );
    return sseResponse(events, (event) => ({ event: event.type, data: JSON.stringify(event) }), {
      headers: newVisitorToken ? { 'set-cookie': visitorCookie(newVisitorToken, deps.secureCookies) } : {},
    });
  });
}
