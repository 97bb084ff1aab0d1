import { gzipSync } from 'node:zlib';
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { PREVIEW_TOKEN_HEADER, RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import {
  TOOL_PAGE_MESSAGES,
  TOOL_PREVIEW_PATH,
  toolPagePath,
  type ToolPageBoot,
  type ToolPreviewBoot,
} from '@tessera/contracts/tool-page';
import { AppError } from '../../platform/errors';
import { clientIp } from '../../platform/http/client-ip';
import { renderAppError } from '../../platform/http/errors';
import { requestHostName } from '../../platform/http/request-host';
import type { RateLimiter } from '../../platform/rate-limit';
import type { FileStorage } from '../../platform/storage/file-storage';
import { serveFont } from '../branding';
import { createShells, escapeHtml, messagePage } from './app-shell';
import type { AppHostService, HostApp } from './app-host.service';
import type { HostAccess, HostEnv, HostRoutes } from './host-env';
import { hostAppOfRequest } from './host-request';
import { coreIntegrationRoutes } from './integrations.routes';
import type { IntegrationsService } from './integrations.service';
import type { RuntimeAssetsProvider } from './runtime-assets';
import { storeImageUpload, UPLOADS_PER_APP_PER_DAY, UPLOADS_PER_IP_PER_HOUR } from './uploads';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const acceptsGzip = (c: Context) => /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
/** Compressed app modules and stylesheets, made once per output (outputs are immutable). */
const gzipped = new WeakMap<object, Record<string, Buffer>>();

/** An immutable text asset, gzipped when the client accepts it. */
function sendAsset(c: Context, body: string, contentType: string, gzip: () => Buffer): Response {
  c.header('content-type', contentType);
  c.header('cache-control', IMMUTABLE);
  c.header('vary', 'accept-encoding');
  if (!acceptsGzip(c)) return c.body(body);
  c.header('content-encoding', 'gzip');
  return c.body(new Uint8Array(gzip()));
}

export interface AppHostRoutesDeps {
  appHost: AppHostService;
  assets: RuntimeAssetsProvider;
  storage: FileStorage;
  rateLimiter: RateLimiter;
  /** The builder's origin: the only frame ancestor and message peer of the preview. */
  publicUrl: string;
  /** Signs the shell's visit token (platform/crypto/visit-token.ts). */
  authSecret: string;
  trustProxy: boolean;
  integrations: IntegrationsService;
  /** The server's error handler: AppErrors keep their code and text. */
  onError: ErrorHandler;
  /** Who may use the app: read when a request comes (the app users' and memberships' modules register it). */
  access: () => HostAccess;
  /** The public page of the app's active tool at a path (with none, a single tool's first), or null (tool-page.ts). */
  toolPageOf: (app: HostApp, path: string | null) => Promise<ToolPageBoot | null>;
  /** Other modules' routes on the app's host (the tool run API, the app chat), before the host's catch-alls. */
  hostRoutes: HostRoutes[];
}

/** Paths of the app host itself; on a custom hostname every other GET is a page of the app. */
const RESERVED = /^\/(?:_runtime|_app|runtime|apps|live_api|integrations|files|api)(?:\/|$)/;

/**
 * Everything an app's own host serves (docs/decisions/0006-app-hosts.md): the runtime shell, the
 * runtime's modules, the bundle of a version and its compiled code and CSS, the end users' login
 * page, uploads and their files, and the host routes of other modules. Never the builder SPA or
 * `/api/*`. `/live_api/*` is passed back to the main router (the entity API), where a builder token
 * counts for nothing on an app host.
 */
export function appHostRoutes(deps: AppHostRoutesDeps) {
  const { appHost, assets, storage, rateLimiter, publicUrl } = deps;
  const builderOrigin = new URL(publicUrl).origin;
  const { shell, toolShell } = createShells(
    assets,
    builderOrigin,
    { secret: deps.authSecret, trustProxy: deps.trustProxy },
    deps.hostRoutes ?? [],
  );
  const host = new Hono<HostEnv>();
  host.onError(deps.onError);
  // Read once, first: middleware such as bodyLimit replaces the request object later.
  host.use('*', async (c, next) => {
    const found = hostAppOfRequest(c.req.raw);
    c.set('hostApp', found.app);
    c.set('isCustomHost', found.isCustom);
    await next();
  });
  const appOf = (c: Context<HostEnv>) => c.var.hostApp;
  // While paid memberships are on, the app's model calls are its members' (and its owner's preview's)
  // only, like its data and bundle: tool runs, generated code's `Core.RunTool` and the chat assistant
  // (docs/product/memberships.md).
  const membersOnly: MiddlewareHandler<HostEnv> = async (c, next) => {
    const app = appOf(c);
    const refused = await deps.access().paywallOf(app, c.req.header('authorization'), requestHostName(c));
    if (refused && !(await appHost.isPreviewOf(app.id, c.req.header(PREVIEW_TOKEN_HEADER))))
      throw new AppError('FORBIDDEN', MEMBERSHIP_MESSAGES.membershipRequired, { reason: refused });
    await next();
  };
  for (const routes of deps.hostRoutes ?? []) for (const path of routes.membersOnly) host.use(path, membersOnly);
  for (const routes of deps.hostRoutes ?? []) routes.register(host);
  // Any other run path on an app host: a JSON 404 like the entity API's (not the host's HTML page).
  host.all('/live_api/*', () => {
    throw new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound);
  });

  const home = (c: Context<HostEnv>) => (c.var.isCustomHost ? '/' : `/app/${appOf(c).slug}/`);
  // A single tool has no pages: its host's home is its first active tool's page.
  const toolHome = async (c: Context<HostEnv>) => {
    const first = await deps.toolPageOf(appOf(c), null);
    return first ? c.redirect(toolPagePath(first.tool.path), 302) : null;
  };
  host.get('/', async (c) =>
    c.var.isCustomHost ? ((await toolHome(c)) ?? shell(c, appOf(c), 'app')) : c.redirect(home(c), 302),
  );
  host.get('/app/:slug/', async (c, next) =>
    c.req.param('slug') === appOf(c).slug && !c.var.isCustomHost ? ((await toolHome(c)) ?? next()) : next(),
  );
  host.get('/app/:slug/*', (c) =>
    c.req.param('slug') === appOf(c).slug && !c.var.isCustomHost ? shell(c, appOf(c), 'app') : c.redirect(home(c), 302),
  );
  host.get('/app/:slug', (c) => c.redirect(home(c), 302));
  host.get('/apps/:appId/login', (c) =>
    c.req.param('appId') === appOf(c).id
      ? shell(c, appOf(c), 'login')
      : c.html(messagePage(RUNTIME_MESSAGES.otherApp), 404),
  );
  host.get('/apps/:appId/membership', (c) =>
    c.req.param('appId') === appOf(c).id
      ? shell(c, appOf(c), 'paywall')
      : c.html(messagePage(RUNTIME_MESSAGES.otherApp), 404),
  );

  // A tool's public page (docs/product/tools.md#screens-and-routes): its own small module, no import map.
  host.get('/tool/:path', async (c) => {
    const boot = await deps.toolPageOf(appOf(c), c.req.param('path'));
    if (!boot) return c.html(messagePage(TOOL_PAGE_MESSAGES.notFound), 404);
    const meta = boot.texts.description
      ? `<meta name="description" content="${escapeHtml(boot.texts.description)}">`
      : '';
    return toolShell(c, boot.texts.header || boot.tool.title || boot.name, meta, 'tessera-tool-boot', boot);
  });

  /**
   * The tool builder's live preview (docs/product/tools.md#screens-and-routes): the same page module,
   * booted with no tool at all. It shows only the draft the builder's own tab posts to it (accepted
   * from the builder's origin alone), so no draft is ever served or stored here.
   */
  host.get(TOOL_PREVIEW_PATH, (c) =>
    toolShell(c, TOOL_PAGE_MESSAGES.previewBadge, '<meta name="robots" content="noindex">', 'tessera-tool-preview', {
      parentOrigin: builderOrigin,
    } satisfies ToolPreviewBoot),
  );

  host.get('/_runtime/fonts/:file', serveFont);
  host.get('/_runtime/:file', async (c) => {
    const file = (await assets.get()).files.get(c.req.path);
    if (!file) return c.text(MESSAGES.chat.fileNotFound, 404);
    return sendAsset(c, file.body, file.contentType, () => file.gzip);
  });

  host.get('/runtime/bundle', async (c) => {
    const app = appOf(c);
    const previewToken = c.req.header(PREVIEW_TOKEN_HEADER);
    const paywall = previewToken
      ? null
      : await deps.access().paywallOf(app, c.req.header('authorization'), requestHostName(c));
    if (paywall) throw new AppError('FORBIDDEN', MEMBERSHIP_MESSAGES.membershipRequired, { reason: paywall });
    const bundle = await appHost.getBundle(
      app,
      { appId: c.req.query('appId'), versionId: c.req.query('versionId') },
      {
        previewToken: c.req.header(PREVIEW_TOKEN_HEADER) ?? null,
        isAppUser: await deps.access().isAppUser(app.id, c.req.header('authorization'), requestHostName(c)),
      },
    );
    c.header('cache-control', 'no-store');
    return c.json(bundle);
  });

  host.get('/_app/:file', (c) => {
    const match = /^([0-9a-f]{32})\.(js|css)$/.exec(c.req.param('file'));
    const output = match ? appHost.findOutput(appOf(c), match[1]!) : null;
    const kind = match?.[2] as 'js' | 'css' | undefined;
    const body = output && kind ? output[kind] : null;
    if (!output || !kind || !body) return c.text(MESSAGES.chat.fileNotFound, 404);
    return sendAsset(c, body, kind === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', () => {
      const cache = gzipped.get(output) ?? {};
      gzipped.set(output, cache);
      return (cache[kind] ??= gzipSync(body));
    });
  });

  /**
   * Uploads and model calls spend the operator's disk and the owner's model budget: only one of
   * this app's users or its owner's preview may make them (checked before any counter moves, so
   * strangers cannot use up the app's allowance).
   */
  async function requireAppCaller(c: Context<HostEnv>): Promise<void> {
    const app = appOf(c);
    if (await appHost.isPreviewOf(app.id, c.req.header(PREVIEW_TOKEN_HEADER))) return;
    if (await deps.access().isAppUser(app.id, c.req.header('authorization'), requestHostName(c))) return;
    throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
  }

  host.post('/integrations/Core/UploadFile', async (c) => {
    const app = appOf(c);
    await requireAppCaller(c);
    const ip = clientIp(c, deps.trustProxy);
    const perIp = await rateLimiter.hit(`app-upload:${app.id}:${ip}`, 3600);
    const perApp = await rateLimiter.hit(`app-upload:${app.id}`, 86_400);
    if (perIp.count > UPLOADS_PER_IP_PER_HOUR || perApp.count > UPLOADS_PER_APP_PER_DAY)
      throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
    return c.json(await storeImageUpload(c, app, { storage, appOrigin: appHost.appOrigin }));
  });

  coreIntegrationRoutes(host, { integrations: deps.integrations, requireAppCaller, trustProxy: deps.trustProxy });
  host.post('/integrations/Core/:endpoint', () => {
    throw new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound);
  });

  host.get('/files/:name', async (c) => {
    const match = /^([0-9a-f-]{36})\.[a-z]+$/.exec(c.req.param('name'));
    const file = match ? await storage.get(`apps/${appOf(c).id}/${match[1]}`) : null;
    if (!file) return c.text(MESSAGES.chat.fileNotFound, 404);
    c.header('content-type', file.contentType);
    c.header('content-length', String(file.size));
    c.header('cache-control', IMMUTABLE);
    c.header('x-content-type-options', 'nosniff');
    return stream(c, async (s) => {
      for await (const chunk of file.stream) await s.write(chunk as Uint8Array);
    });
  });

  host.all('/api/*', (c) => renderAppError(c, new AppError('NOT_FOUND', RUNTIME_MESSAGES.notAllowedHere)));
  host.get('*', (c) =>
    c.var.isCustomHost && !RESERVED.test(c.req.path)
      ? shell(c, appOf(c), 'app')
      : c.html(messagePage(APP_MESSAGES.notFound), 404),
  );
  host.all('*', (c) => c.html(messagePage(APP_MESSAGES.notFound), 404));
  return host;
}
