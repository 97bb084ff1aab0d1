import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { SLUG_PATTERN, type AppLook } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { type EntitySchema } from '@tessera/contracts/entities';
import {
  PREVIEW_TOKEN_FRAGMENT,
  PREVIEW_TOKEN_TTL_S,
  RUNTIME_MESSAGES,
  type AppBundle,
  type PreviewUrlResponse,
} from '@tessera/contracts/runtime';
import type { AppSnapshot } from '@tessera/agent';
import { AppError } from '../../platform/errors';
import { hostNameOf } from '../../platform/http/request-host';
import { appOriginOf } from './app-origin';
import type { Bundler, BundleOutput } from './bundler';
import { signPreviewToken, verifyPreviewToken, type PreviewGrant } from './preview-token';

/** The app as its host needs it. */
export interface HostApp {
  id: string;
  slug: string;
  name: string;
  ownerUserId: string;
  settings: Record<string, unknown>;
}

export interface HostVersion {
  id: string;
  number: number;
  snapshot: AppSnapshot;
  createdAt: Date;
}

/** Where apps and their versions come from (the apps and versions repos; injected so tests and wiring stay simple). */
export interface HostSource {
  findApp(idOrSlug: string): Promise<HostApp | null>;
  findVersion(appId: string, versionId: string): Promise<HostVersion | null>;
  findLatestVersion(appId: string): Promise<HostVersion | null>;
  findPublishedVersion(appId: string): Promise<HostVersion | null>;
  /** The style, texts and badge of the builder's current look (`draft`) or of the last publish. */
  findLook(appId: string, which: 'draft' | 'published'): Promise<AppLook>;
  /** The app's owner, while `sessionId` is one of their live sessions (and they are not disabled). */
  findOwnerInSession(appId: string, sessionId: string): Promise<string | null>;
}

/** Who asks for a bundle on an app host. */
export interface BundleCaller {
  previewToken: string | null;
  /** True when the request carries a live session of one of this app's users. */
  isAppUser: boolean;
}

const BUILT_IN_USER: EntitySchema = {
  type: 'object',
  title: 'User',
  properties: {
    email: { type: 'string', format: 'email' },
    full_name: { type: 'string' },
    role: { type: 'string', enum: ['user', 'admin'] },
  },
  required: ['email'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

export interface AppHostServiceDeps {
  source: HostSource;
  bundler: Bundler;
  secret: string;
  /** The builder's origin (PUBLIC_URL). */
  publicUrl: string;
  /** The id of the live builder session of an `Authorization` header (the auth module's sessions). */
  builderSessionIdOf: (authorization: string | undefined) => Promise<string | null>;
  appsDomain: string;
  /** Custom hostname -> slug (APP_HOSTNAMES): the app is served there too, without the /app/{slug} prefix. */
  appHostnames?: ReadonlyMap<string, string>;
  /** The builders' verified custom domains (docs/product/custom-domains.md#serving), served like APP_HOSTNAMES. */
  customDomains?: { slugOf(hostname: string): string | undefined; hostnamesOf(slug: string): string[] };
  /**
   * Subscribes to saved-settings notices from every process (the slug of the app); the cache
   * forgets that app. Without it, another process's save shows here within SLUG_CACHE_MS.
   */
  watchSettings?: (onSaved: (slug: string) => void) => Promise<unknown>;
  clock?: () => number;
}

/** Which app a Host names, and whether it is a custom hostname (no /app/{slug} prefix there). */
export interface AppHost {
  slug: string;
  isCustom: boolean;
}

/**
 * The app hosts' rules (docs/decisions/0006-app-hosts.md): which host is which app, which version a
 * caller may see (published, or the one a signed preview token names), and the bundle of docs/product/runtime.md#data.
 */
export function createAppHostService({
  source,
  bundler,
  secret,
  publicUrl,
  builderSessionIdOf,
  appsDomain,
  appHostnames = new Map(),
  customDomains,
  watchSettings,
  clock = Date.now,
}: AppHostServiceDeps) {
  const builderUrl = new URL(publicUrl);
  const suffix = `.${appsDomain.toLowerCase()}`;
  const appOrigin = appOriginOf({ publicUrl, appsDomain });
  const slugCache = new Map<string, { app: HostApp | null; at: number }>();
  const SLUG_CACHE_MS = 3000;
  // Subscribed on the first app-host request: processes that serve no app host never listen.
  let watching: Promise<unknown> | null = null;

  /** Drops an app's cached settings, so the next request on its host reads them again. */
  function forgetApp(slug: string): void {
    slugCache.delete(slug);
  }

  /** `{slug}.{APPS_DOMAIN}[:port]` or a custom hostname (mapped or verified) -> the app host; null for any other host (the builder's). */
  function appHostOf(host: string | undefined): AppHost | null {
    const name = hostNameOf(host);
    if (!name) return null;
    const custom = appHostnames.get(name) ?? customDomains?.slugOf(name);
    if (custom) return { slug: custom, isCustom: true };
    if (!name.endsWith(suffix)) return null;
    const slug = name.slice(0, -suffix.length);
    return SLUG_PATTERN.test(slug) ? { slug, isCustom: false } : null;
  }
  const slugOfHost = (host: string | undefined): string | null => appHostOf(host)?.slug ?? null;

  /** The app of a slug, briefly cached: every request on an app host asks. */
  async function appOfSlug(slug: string): Promise<HostApp | null> {
    if (!watching && watchSettings) {
      watching = watchSettings(forgetApp).catch(() => {
        // Retried on a later request; meanwhile the cache's short lifetime bounds the delay.
        watching = null;
      });
    }
    const hit = slugCache.get(slug);
    if (hit && clock() - hit.at < SLUG_CACHE_MS) return hit.app;
    const app = await source.findApp(slug);
    const found = app && app.slug === slug ? app : null;
    if (slugCache.size > 1000) slugCache.clear();
    slugCache.set(slug, { app: found, at: clock() });
    return found;
  }

  function toBundle(
    app: HostApp,
    version: HostVersion,
    output: BundleOutput,
    isPreview: boolean,
    look: AppLook,
  ): AppBundle {
    const { User: userExtra, ...entities } = version.snapshot.entities;
    const userEntity: EntitySchema = userExtra
      ? { ...BUILT_IN_USER, properties: { ...userExtra.properties, ...BUILT_IN_USER.properties } }
      : BUILT_IN_USER;
    const ok = output.js !== null;
    return {
      id: app.id,
      name: output.name === 'App' ? app.name : output.name,
      versionId: version.id,
      pages: output.pages,
      components: output.components,
      entities,
      userEntity,
      mainPage: output.mainPage,
      slug: app.slug,
      moduleUrl: ok ? `/_app/${output.key}.js` : null,
      cssUrl: ok && output.css !== null ? `/_app/${output.key}.css` : null,
      issues: output.issues,
      isPreview,
      look,
    };
  }

  /**
   * The grant of a preview token of this app and its owner's id, while the builder session that
   * asked for it lives: signing out (or any end of that session) ends the preview at once.
   */
  async function livePreview(
    appId: string,
    token: string | null | undefined,
  ): Promise<{ grant: PreviewGrant; ownerUserId: string } | null> {
    const grant = token ? verifyPreviewToken(token, secret, Math.floor(clock() / 1000)) : null;
    if (!grant || grant.appId !== appId) return null;
    const ownerUserId = await source.findOwnerInSession(appId, grant.sessionId);
    return ownerUserId ? { grant, ownerUserId } : null;
  }

  /** The custom hostnames of a slug: the operator's (APP_HOSTNAMES) and the builder's verified domains. */
  function customHostnamesOf(slug: string): string[] {
    const operators = [...appHostnames].filter(([, mapped]) => mapped === slug).map(([host]) => host);
    return [...operators, ...(customDomains?.hostnamesOf(slug) ?? [])];
  }

  return {
    appHostOf,
    slugOfHost,
    appOfSlug,
    forgetApp,
    customHostnamesOf,
    appOrigin,

    /**
     * A signed URL of one version on the app's host, for its owner's preview frame, bound to the
     * builder session of `authorization` (the bearer header that asked).
     */
    async createPreviewUrl(
      user: SessionUser,
      appId: string,
      versionId: string | undefined,
      authorization: string | undefined,
    ): Promise<PreviewUrlResponse> {
      const app = await source.findApp(appId);
      if (!app || app.id !== appId || app.ownerUserId !== user.id) throw new AppError('NOT_FOUND', 'App not found');
      const sessionId = await builderSessionIdOf(authorization);
      if (!sessionId) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
      const version = versionId ? await source.findVersion(app.id, versionId) : await source.findLatestVersion(app.id);
      if (!version)
        throw new AppError('NOT_FOUND', versionId ? RUNTIME_MESSAGES.versionNotFound : RUNTIME_MESSAGES.noVersionYet);
      // Build while the builder's frame loads the runtime: its bundle request then finds it ready.
      void bundler.bundle(app.id, version.snapshot).catch(() => undefined);
      const expiresAt = Math.floor(clock() / 1000) + PREVIEW_TOKEN_TTL_S;
      const token = signPreviewToken({ appId: app.id, versionId: version.id, expiresAt, sessionId }, secret);
      const url = `${appOrigin(app.slug)}/app/${app.slug}/#${PREVIEW_TOKEN_FRAGMENT}=${token}`;
      return {
        url,
        versionId: version.id,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        builderOrigin: builderUrl.origin,
      };
    },

    /**
     * The bundle of docs/product/runtime.md#data for a caller on the app's host: with a preview token, the version it
     * names; otherwise the published version (404 while unpublished). 403 when the caller may not
     * see it: a bad, expired or other app's preview token (or one whose builder session ended), an
     * unpublished version, or an app that
     * requires sign-in (`settings.isLoginRequired`) asked by someone who is not one of its users.
     */
    async getBundle(
      hostApp: HostApp,
      query: { appId?: string; versionId?: string },
      caller: BundleCaller,
    ): Promise<AppBundle> {
      if (!query.appId) throw new AppError('BAD_REQUEST', MESSAGES.chat.appIdMissing);
      if (query.appId !== hostApp.id) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp);
      let version: HostVersion | null;
      let isPreview = false;
      if (caller.previewToken) {
        const grant = (await livePreview(hostApp.id, caller.previewToken))?.grant;
        if (!grant || (query.versionId && query.versionId !== grant.versionId)) {
          throw new AppError('FORBIDDEN', RUNTIME_MESSAGES.previewInvalid);
        }
        version = await source.findVersion(hostApp.id, grant.versionId);
        if (!version) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.versionNotFound);
        isPreview = true;
      } else {
        version = await source.findPublishedVersion(hostApp.id);
        if (!version) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.notPublished);
        if (query.versionId && query.versionId !== version.id)
          throw new AppError('FORBIDDEN', RUNTIME_MESSAGES.unpublishedVersion);
        if (hostApp.settings.isLoginRequired === true && !caller.isAppUser)
          throw new AppError('FORBIDDEN', RUNTIME_MESSAGES.loginRequired);
      }
      const [output, look] = await Promise.all([
        bundler.bundle(hostApp.id, version.snapshot),
        source.findLook(hostApp.id, isPreview ? 'draft' : 'published'),
      ]);
      return toBundle(hostApp, version, output, isPreview, look);
    },

    /** True when `token` is a live preview token of this app (the builder's signed preview stands for its owner). */
    async isPreviewOf(appId: string, token: string | undefined): Promise<boolean> {
      return Boolean(await livePreview(appId, token));
    },

    /**
     * The builder's preview acts as the app's owner on the app's entities (like the Database panel),
     * and on nothing else: a live preview token of this app, on an entity API path. The identity
     * carries only the owner's id; the builder's own session never reaches the app host.
     */
    async previewOwnerOf(
      appId: string | undefined,
      token: string | undefined,
      path: string,
    ): Promise<SessionUser | null> {
      if (!appId || !token || !path.startsWith(`/live_api/apps/${appId}/entities/`)) return null;
      const preview = await livePreview(appId, token);
      return preview ? { id: preview.ownerUserId, email: '', emailVerified: true, name: '' } : null;
    },

    /** A built module or stylesheet by its key, only on the host of the app it was built for. */
    findOutput(hostApp: HostApp, key: string): BundleOutput | null {
      const output = bundler.find(key);
      return output && output.appId === hostApp.id ? output : null;
    },
  };
}

export type AppHostService = ReturnType<typeof createAppHostService>;
