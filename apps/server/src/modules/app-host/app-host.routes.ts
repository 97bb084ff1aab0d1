import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { stream } from 'hono/streaming';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import {
  PREVIEW_TOKEN_HEADER,
  PreviewUrlRequestSchema,
  RUNTIME_MESSAGES,
  UPLOAD_MAX_BYTES,
  type RuntimeBoot,
} from '@tessera/contracts/runtime';
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
import { appShellCsp, toolPageCsp } from '../../platform/http/security-headers';
import { readMultipartFile } from '../../platform/http/multipart';
import { readJson } from '../../platform/http/validate';
import type { RateLimiter } from '../../platform/rate-limit';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AuthVariables } from '../auth/session';
import { serveFont } from '../branding/fonts';
import { appChatHostRoutes, type AppChatHostDeps } from '../app-chat/app-chat.routes';
import { TOOL_RUN_PATHS, toolRunRoutes, type ToolRunsHostDeps } from '../tool-runs/tool-runs.routes';
import { coreIntegrationRoutes } from './integrations.routes';
import type { IntegrationsService } from './integrations.service';
import type { RuntimeAssetsProvider } from './runtime-assets';
import type { RuntimeApp, RuntimeService } from './runtime.service';

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
/** Uploads per visitor address per app per hour, and per app per day: they fill the operator's disk. */
export const UPLOADS_PER_IP_PER_HOUR = 60;
export const UPLOADS_PER_APP_PER_DAY = 500;

export interface BuilderRuntimeDeps {
  runtime: RuntimeService;
  storage: FileStorage;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** The app, if the signed-in builder owns it (404 otherwise). */
  ownedApp: (user: SessionUser, appId: string) => Promise<{ id: string; slug: string }>;
}

/**
 * The builder's side of the app hosts: `POST /api/apps/{appId}/preview-url` {versionId?} -> { url,
 * versionId, expiresAt }, and `POST /api/apps/{appId}/files` (an image for the Database grid) ->
 * { file_url }. The app's owner only.
 */
export function previewRoutes({ runtime, storage, signedIn, ownedApp }: BuilderRuntimeDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/api/apps/:appId/preview-url', signedIn, async (c) => {
    const { versionId } = await readJson(c, PreviewUrlRequestSchema);
    return c.json(
      await runtime.createPreviewUrl(c.var.user, c.req.param('appId'), versionId, c.req.header('authorization')),
    );
  });
  app.post('/api/apps/:appId/files', signedIn, async (c) =>
    c.json(await storeImageUpload(c, await ownedApp(c.var.user, c.req.param('appId')), { storage, runtime })),
  );
  return app;
}

/** Image types accepted by `Core.UploadFile`, by their first bytes (the declared type is not believed). */
function sniffImage(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (
    head.length >= 12 &&
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    /^avi[fs]$/.test(head.subarray(8, 12).toString('latin1'))
  )
    return 'image/avif';
  return null;
}
const EXTENSION_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/**
 * Streams one multipart image upload into the app's storage: size capped while it streams, type
 * sniffed from its first bytes (the declared one is not believed). The URL is on the app's own host,
 * so an uploaded file is never served from the builder's origin.
 */
async function storeImageUpload(
  c: Context,
  app: { id: string; slug: string },
  { storage, runtime }: { storage: FileStorage; runtime: RuntimeService },
): Promise<{ file_url: string }> {
  const upload = await readMultipartFile(c, {
    maxBytes: UPLOAD_MAX_BYTES,
    tooLargeMessage: RUNTIME_MESSAGES.fileTooLarge,
  });
  let type: string | null = null;
  // The type is sniffed from the first bytes as they stream in; anything else stops the upload.
  async function* sniffed(source: AsyncIterable<Buffer>) {
    let head = Buffer.alloc(0);
    for await (const chunk of source) {
      if (type === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 12) {
          type = sniffImage(head);
          if (!type) throw new AppError('BAD_REQUEST', RUNTIME_MESSAGES.notAnImage);
          yield head;
        }
        continue;
      }
      yield chunk;
    }
    if (type === null) {
      type = sniffImage(head);
      if (!type) throw new AppError('BAD_REQUEST', RUNTIME_MESSAGES.notAnImage);
      yield head;
    }
  }
  const id = randomUUID();
  try {
    await storage.put(`apps/${app.id}/${id}`, Readable.from(sniffed(upload.stream)), () => type!);
  } catch (err) {
    upload.stream.resume();
    throw err instanceof AppError ? err : new AppError('BAD_REQUEST', RUNTIME_MESSAGES.uploadFailed);
  }
  return { file_url: `${runtime.appOrigin(app.slug)}/files/${id}.${EXTENSION_OF[type!]}` };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside a `<script>`: `<` escaped so no value can close the tag. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A small HTML page for the app host's own refusals (unknown app, wrong path). */
export function messagePage(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f6f7f9;font:16px system-ui,sans-serif;color:#111827}main{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:28px;max-width:420px}</style></head><body><main><h1 style="font-size:20px;margin:0">${escapeHtml(title)}</h1></main></body></html>`;
}

interface AppHostDeps {
  runtime: RuntimeService;
  assets: RuntimeAssetsProvider;
  storage: FileStorage;
  rateLimiter: RateLimiter;
  /** The builder's origin: the only frame ancestor and message peer of the preview. */
  publicUrl: string;
  trustProxy: boolean;
  integrations: IntegrationsService;
  /** The server's error handler: AppErrors keep their code and text. */
  onError: ErrorHandler;
  /** True when the request carries a live session of one of this app's users, issued on `host`. */
  isAppUser: (appId: string, authorization: string | undefined, host: string) => Promise<boolean>;
  /**
   * Paid memberships (docs/product/memberships.md): null when the caller may use the app, else where
   * to send them: the login page (no user) or the paywall (a user without a membership). The host's
   * app (its settings as the host has them) says whether memberships are on at all.
   */
  paywallOf?: (app: RuntimeApp, authorization: string | undefined, host: string) => Promise<'login' | 'paywall' | null>;
  /** The public page of the app's active tool at a path (with none, a single tool's first), or null (tool-page.ts). */
  toolPageOf: (app: RuntimeApp, path: string | null) => Promise<ToolPageBoot | null>;
  /** The tool run API (tool-runs.routes.ts), served on the app's host. */
  toolRuns: ToolRunsHostDeps;
  /** The app's chat assistant (app-chat.routes.ts), served on the app's host. */
  appChat: AppChatHostDeps;
}

const hostAppOf = new WeakMap<Request, { app: RuntimeApp; isCustom: boolean }>();
/** A text setting the builder gave, or null (unset or empty). */
const textSetting = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export type HostEnv = { Variables: { hostApp: RuntimeApp; isCustomHost: boolean } };
/** Paths of the app host itself; on a custom hostname every other GET is a page of the app. */
const RESERVED = /^\/(?:_runtime|_app|runtime|apps|live_api|integrations|files|api)(?:\/|$)/;

/**
 * Everything an app's own host serves (docs/decisions/0006-app-hosts.md): the runtime shell, the
 * runtime's modules, the bundle of a version and its compiled code and CSS, the end users' login
 * page, uploads and their files. Never the builder SPA or `/api/*`. `/live_api/*` is passed back to
 * the main router (the entity API), where a builder token counts for nothing on an app host.
 */
export function appHostRoutes(deps: AppHostDeps) {
  const { runtime, assets, storage, rateLimiter, publicUrl } = deps;
  const builderOrigin = new URL(publicUrl).origin;
  const host = new Hono<HostEnv>();
  host.onError(deps.onError);
  // Read once, first: middleware such as bodyLimit replaces the request object later.
  host.use('*', async (c, next) => {
    const found = hostAppOf.get(c.req.raw)!;
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
    const refused = await deps.paywallOf?.(app, c.req.header('authorization'), requestHostName(c));
    if (refused && !(await runtime.isPreviewOf(app.id, c.req.header(PREVIEW_TOKEN_HEADER))))
      throw new AppError('FORBIDDEN', MEMBERSHIP_MESSAGES.membershipRequired, { reason: refused });
    await next();
  };
  for (const path of ['/live_api/tools/:path/runs', '/integrations/Core/RunTool', '/live_api/chat/messages'])
    host.use(path, membersOnly);
  appChatHostRoutes(host, deps.appChat);
  toolRunRoutes(host, deps.toolRuns);

  async function shell(c: Context<HostEnv>, app: RuntimeApp, mode: RuntimeBoot['mode']): Promise<Response> {
    const built = await assets.get();
    const boot: RuntimeBoot = {
      appId: app.id,
      slug: app.slug,
      name: app.name,
      basePath: c.var.isCustomHost ? '' : `/app/${app.slug}`,
      parentOrigin: builderOrigin,
      mode,
      isSignupEnabled: app.settings.isSignupEnabled === true,
      isLoginRequired: app.settings.isLoginRequired === true,
      links: {
        termsOfService: textSetting(app.settings.termsOfServiceLink),
        privacyPolicy: textSetting(app.settings.privacyPolicyLink),
        supportEmail: textSetting(app.settings.supportEmail),
      },
    };
    const importMap = JSON.stringify({ imports: built.importMap });
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(app.name)}</title>
<script type="importmap">${importMap}</script>
<link rel="modulepreload" href="${built.runtimeUrl}">
<script type="application/json" id="tessera-boot">${scriptJson(boot)}</script>
</head>
<body>
<div id="root"></div>
<script type="module" src="${built.runtimeUrl}"></script>
</body>
</html>`;
    c.header('cache-control', 'no-cache');
    // nosniff and the Referrer-Policy come from securityHeaders (app.ts) like every response's.
    c.header('content-security-policy', appShellCsp(builderOrigin, built.importMapHash));
    return c.html(html);
  }

  /** The tool page's HTML: its own small module (no import map) and its boot data in a JSON script tag. */
  async function toolShell(c: Context<HostEnv>, title: string, meta: string, bootId: string, boot: unknown) {
    const built = await assets.get();
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${meta}
<link rel="modulepreload" href="${built.toolUrl}">
<script type="application/json" id="${bootId}">${scriptJson(boot)}</script>
</head>
<body>
<div id="root"></div>
<script type="module" src="${built.toolUrl}"></script>
</body>
</html>`;
    c.header('cache-control', 'no-cache');
    c.header('content-security-policy', toolPageCsp(builderOrigin));
    return c.html(html);
  }

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
      : await deps.paywallOf?.(app, c.req.header('authorization'), requestHostName(c));
    if (paywall) throw new AppError('FORBIDDEN', MEMBERSHIP_MESSAGES.membershipRequired, { reason: paywall });
    const bundle = await runtime.getBundle(
      app,
      { appId: c.req.query('appId'), versionId: c.req.query('versionId') },
      {
        previewToken: c.req.header(PREVIEW_TOKEN_HEADER) ?? null,
        isAppUser: await deps.isAppUser(app.id, c.req.header('authorization'), requestHostName(c)),
      },
    );
    c.header('cache-control', 'no-store');
    return c.json(bundle);
  });

  host.get('/_app/:file', (c) => {
    const match = /^([0-9a-f]{32})\.(js|css)$/.exec(c.req.param('file'));
    const output = match ? runtime.findOutput(appOf(c), match[1]!) : null;
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
    if (await runtime.isPreviewOf(app.id, c.req.header(PREVIEW_TOKEN_HEADER))) return;
    if (await deps.isAppUser(app.id, c.req.header('authorization'), requestHostName(c))) return;
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
    return c.json(await storeImageUpload(c, app, { storage, runtime }));
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

/**
 * The front door of every request: a Host of `{slug}.{APPS_DOMAIN}` goes to the app host (and
 * nowhere else); `/live_api/*` of that app goes on to the entity API; anything else continues to
 * the builder's routes. The tool run API's `/live_api/tools/*` and `/live_api/user/*` are the app host's own.
 */
export function appHostDispatch({
  runtime,
  hostRoutes,
}: {
  runtime: RuntimeService;
  hostRoutes: { fetch: Hono['fetch'] };
}): MiddlewareHandler {
  return async (c, next) => {
    const appHost = runtime.appHostOf(c.req.header('host'));
    if (!appHost) return next();
    const app = await runtime.appOfSlug(appHost.slug);
    if (!app) return c.html(messagePage(RUNTIME_MESSAGES.appNotFound), 404);
    if (c.req.path.startsWith('/live_api/') && !TOOL_RUN_PATHS.test(c.req.path)) {
      const appId = /^\/live_api\/apps\/([^/]+)/.exec(c.req.path)?.[1];
      let isThisApp = false;
      try {
        isThisApp = Boolean(appId) && decodeURIComponent(appId!) === app.id;
      } catch {
        // A malformed escape is not this app.
      }
      if (!isThisApp) return renderAppError(c, new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp));
      return next();
    }
    hostAppOf.set(c.req.raw, { app, isCustom: appHost.isCustom });
    return hostRoutes.fetch(c.req.raw, c.env);
  };
}
