// The platform's HTTP around the modules: what every request meets before any module (metrics, the
// request log, the drain, unread bodies, the probes, security headers, address and body checks) and
// what answers when no module did (a JSON 404 under the API prefixes, else the SPA).
import type { Hono, MiddlewareHandler } from 'hono';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';
import type { Lifecycle } from '../lifecycle';
import { createOpsRepo } from '../ops.repo';
import type { Platform } from '../platform';
import { closeOnUnreadBody, JSON_BODY_MAX_BYTES, requestBodyGuard, type StreamedUploadRoute } from './body-limit';
import { refuseWhileDraining } from './drain';
import { renderAppError } from './errors';
import { httpMetrics, opsRoutes } from './ops';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { spaRoutes } from './spa';
import { refuseUnstorableAddress } from './validate';

const API_PREFIXES = ['/api/*', '/live_api/*'];

export interface HttpFrontDeps {
  /** The process's drain on SIGTERM: new requests are refused while it runs. */
  lifecycle: Lifecycle;
  /** Runs after the probes and before the host checks (the domains module reloads the verified hosts). */
  beforeHosts: MiddlewareHandler;
  /** Whether a Host is one of the apps' own (the app host's rule): its answers get the app's CSP. */
  isAppHost: (host: string | undefined) => boolean;
  /** The uploads that stream under limits of their own; any other body is refused past JSON_BODY_MAX_BYTES. */
  streamedUploads: StreamedUploadRoute[];
}

/**
 * Mounts the platform's middleware ahead of every module's and returns the probes and /metrics
 * without a token, for METRICS_PORT (main.ts).
 */
export function useHttpFront(app: Hono, platform: Platform, deps: HttpFrontDeps): Hono {
  const { config, database, jobsRepo, logger } = platform;
  app.onError(platform.onError);
  app.use(httpMetrics());
  app.use(requestLog(logger));
  app.use(refuseWhileDraining(deps.lifecycle));
  // Before the probes too: an answer given before the body arrived ends the connection.
  app.use(closeOnUnreadBody());
  // Probes answer on any host, before the app hosts and the SPA (ops.ts).
  const opsDeps = {
    repo: createOpsRepo(database),
    lifecycle: deps.lifecycle,
    countJobs: jobsRepo.countByKindAndStatus,
    metricsToken: config.metrics.token,
  };
  app.route('/', opsRoutes(opsDeps));
  app.use(deps.beforeHosts);
  // CSP, nosniff and Referrer-Policy on every response: the builder's, its API's and the app hosts'.
  app.use(securityHeaders({ publicUrl: config.publicUrl, appsDomain: config.appsDomain, isAppHost: deps.isAppHost }));
  // Ids, tokens and e-mails in a path or query: a NUL there is a 400 before any route (or app host) sees it.
  app.use(refuseUnstorableAddress());
  app.use(requestBodyGuard({ maxBytes: JSON_BODY_MAX_BYTES, streamedUploads: deps.streamedUploads }));
  return opsRoutes(opsDeps, { isPrivatePort: true });
}

/** After every module: unknown API routes are JSON 404s; anything else is the SPA (or a plain 404 without one). */
export function useHttpFallbacks(app: Hono, webDistDir: string | null): void {
  for (const prefix of API_PREFIXES) {
    app.all(prefix, (c) =>
      renderAppError(
        c,
        new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound, { method: c.req.method, path: c.req.path }),
      ),
    );
  }
  if (webDistDir) app.route('/', spaRoutes(webDistDir));
  else app.all('*', (c) => c.text('Not found', 404));
}
