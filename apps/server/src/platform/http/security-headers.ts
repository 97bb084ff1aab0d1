import type { Context, MiddlewareHandler } from 'hono';

export interface SecurityHeadersOptions {
  /** The builder's public URL (PUBLIC_URL): the only origin that may frame an app. */
  publicUrl: string;
  /** Apps live on `{slug}.{appsDomain}` with the builder's scheme and port. */
  appsDomain: string;
  /** True when a request's Host is an app host (a generated app's origin). */
  isAppHost: (host: string | undefined) => boolean;
}

/** `scheme://*.{appsDomain}[:port]`: every app host, as a CSP source. */
function appHostsSource(publicUrl: string, appsDomain: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//*.${appsDomain}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The builder's policy: its own scripts only (the Vite build has no inline script), never framed
 * (its bearer token sits in a script-readable cookie), and the preview frame may show app hosts.
 * Images may come from app hosts (uploaded files) and https.
 */
export function builderCsp(publicUrl: string, appsDomain: string): string {
  const apps = appHostsSource(publicUrl, appsDomain);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${apps}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${apps}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The runtime shell's policy on an app host: the runtime's modules and the import map (by hash);
 * app code may fetch public APIs and show images and fonts from anywhere; only the builder may
 * frame it (the preview).
 */
export function appShellCsp(builderOrigin: string, importMapHash: string): string {
  return `default-src 'self'; script-src 'self' 'sha256-${importMapHash}'; style-src 'self' 'unsafe-inline' https:; img-src 'self' data: blob: https:; font-src 'self' data: https:; connect-src 'self' https:; frame-ancestors ${builderOrigin}; base-uri 'none'; form-action 'self'; object-src 'none'`;
}

/**
 * A tool's public page on its app host: our module only (no inline script, no import map: the boot
 * data is JSON, never run), calls to its own host, images from anywhere over https (logos, option
 * icons); only the builder may frame it (the tool builder's preview).
 */
export function toolPageCsp(builderOrigin: string): string {
  return `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; frame-ancestors ${builderOrigin}; base-uri 'none'; form-action 'self'; object-src 'none'`;
}

/** Everything else on an app host (its message pages, files, JSON): nothing runs, only the builder frames. */
const appHostFallbackCsp = (builderOrigin: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors ${builderOrigin}; base-uri 'none'; form-action 'none'`;

/** Sets a header on a finished response, copying it first when its headers are immutable (a redirect). */
function setHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/**
 * Security headers of every response, the builder's (SPA and API) and the app hosts': a CSP,
 * `X-Content-Type-Options: nosniff` and a `Referrer-Policy`. A CSP a route set itself (the runtime
 * shell's) is kept.
 */
export function securityHeaders({ publicUrl, appsDomain, isAppHost }: SecurityHeadersOptions): MiddlewareHandler {
  const builderOrigin = new URL(publicUrl).origin;
  const builder = builderCsp(publicUrl, appsDomain);
  const appFallback = appHostFallbackCsp(builderOrigin);
  return async (c, next) => {
    await next();
    const onAppHost = isAppHost(c.req.header('host'));
    if (!c.res.headers.has('content-security-policy'))
      setHeader(c, 'content-security-policy', onAppHost ? appFallback : builder);
    if (!onAppHost) setHeader(c, 'x-frame-options', 'DENY');
    setHeader(c, 'x-content-type-options', 'nosniff');
    setHeader(c, 'referrer-policy', 'same-origin');
  };
}
