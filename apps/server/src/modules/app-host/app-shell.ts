import type { Context } from 'hono';
import type { RuntimeBoot } from '@tessera/contracts/runtime';
import { signVisitToken } from '../../platform/crypto/visit-token';
import { clientIp } from '../../platform/http/client-ip';
import { appShellCsp, toolPageCsp } from '../../platform/http/security-headers';
import type { HostApp } from './app-host.service';
import type { HostEnv, HostRoutes } from './host-env';
import type { RuntimeAssetsProvider } from './runtime-assets';

/** Text as HTML: the five characters that could open markup escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside a `<script>`: `<` escaped so no value can close the tag. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
/** A text setting the builder gave, or null (unset or empty). */
const textSetting = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A small HTML page for the app host's own refusals (unknown app, wrong path). */
export function messagePage(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f6f7f9;font:16px system-ui,sans-serif;color:#111827}main{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:28px;max-width:420px}</style></head><body><main><h1 style="font-size:20px;margin:0">${escapeHtml(title)}</h1></main></body></html>`;
}

/**
 * The HTML pages that boot the browser runtime on an app's host: the app's shell (its import map
 * and boot data) and the tool page's (its own small module, no import map).
 */
export function createShells(
  assets: RuntimeAssetsProvider,
  builderOrigin: string,
  visits: { secret: string; trustProxy: boolean },
  hostRoutes: HostRoutes[],
) {
  async function shell(c: Context<HostEnv>, app: HostApp, mode: RuntimeBoot['mode']): Promise<Response> {
    const built = await assets.get();
    const added = await Promise.all(hostRoutes.map((routes) => routes.bootOf?.(app)));
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
      visitToken: signVisitToken(visits.secret, app.id, clientIp(c, visits.trustProxy)),
      chat: null,
      ...Object.assign({}, ...added),
    };
    const importMap = JSON.stringify({ imports: built.importMap });
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(app.name)}</title>
<link rel="icon" id="tessera-favicon" href="data:,">
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

  return { shell, toolShell };
}
