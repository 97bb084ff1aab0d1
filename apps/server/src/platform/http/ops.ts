import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import client from 'prom-client';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';
import type { Lifecycle } from '../lifecycle';
import type { OpsRepo } from '../ops.repo';
import { httpDuration, httpRequests, metricsRegistry, VERSION } from '../metrics';
import { PROBES } from './drain';
import { renderAppError, RETRY_AFTER_SECONDS } from './errors';
import { routeOf } from './request-log';

/** How long the readiness probe waits for the database before calling it unreachable. */
const DB_CHECK_TIMEOUT_MS = 2000;

/** Paths a probe or scraper might try: never the SPA's 200, whatever follows them. */
const PROBE_LIKE = /^\/(metrics|readyz|livez|health[^/]*)(\/|$)/;

export interface OpsDeps {
  repo: OpsRepo;
  lifecycle: Pick<Lifecycle, 'isDraining'>;
  /** Jobs of each kind in each state (the jobs repo). */
  countJobs: () => Promise<Array<{ kind: string; status: string; count: number }>>;
  /** Bearer token that opens /metrics on the public port (METRICS_TOKEN); without one it is a 404 there. */
  metricsToken?: string;
}

/** Counts every answer by method, route pattern (never the raw path: ids would explode the series) and status. */
export function httpMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const labels = { method: c.req.method, route: routeOf(c), status: String(c.res.status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, (performance.now() - started) / 1000);
  };
}

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * The process's own routes for operators: `/livez` (the process answers), `/readyz` (the database
 * answers, its migrations are all applied, the process is not draining), `/healthz` (kept for
 * existing probes: fails while draining or without the database) and `/metrics` (Prometheus text).
 * `isPrivatePort`: served on METRICS_PORT, where /metrics needs no token.
 */
export function opsRoutes({ repo, lifecycle, countJobs, metricsToken }: OpsDeps, { isPrivatePort = false } = {}): Hono {
  const app = new Hono();
  let isMigrated = false;

  // Gauges read at scrape time from this app's database.
  const registry = new client.Registry();
  new client.Gauge({
    name: 'tessera_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = repo.poolStats();
      if (!stats) return;
      for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
    },
  });
  new client.Gauge({
    name: 'tessera_jobs',
    help: 'Durable jobs by kind and state (queued, running, done, failed)',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { kind, status, count } of await countJobs()) this.set({ kind, status }, count);
    },
  });
  new client.Gauge({
    name: 'tessera_draining',
    help: '1 while the process drains after SIGTERM',
    registers: [registry],
    collect() {
      this.set(lifecycle.isDraining ? 1 : 0);
    },
  });

  const databaseAnswers = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_CHECK_TIMEOUT_MS)));
    const check = repo.ping().then(
      () => true,
      () => false,
    );
    const answers = await Promise.race([check, timeout]);
    clearTimeout(timer);
    return answers;
  };

  app.use('*', async (c, next) => {
    if (PROBE_LIKE.test(c.req.path) && !PROBES.has(c.req.path))
      return renderAppError(c, new AppError('NOT_FOUND', APP_MESSAGES.notFound));
    return next();
  });
  app.get('/livez', (c) => c.json({ status: 'ok', ...VERSION }));
  app.get('/readyz', async (c) => {
    const isDatabaseUp = await databaseAnswers();
    const pendingMigrations = isMigrated || !isDatabaseUp ? 0 : await repo.pendingMigrations();
    isMigrated ||= isDatabaseUp && pendingMigrations === 0;
    const body = {
      draining: lifecycle.isDraining,
      database: isDatabaseUp ? 'ok' : 'unreachable',
      pendingMigrations,
      ...VERSION,
    };
    if (lifecycle.isDraining || !isDatabaseUp || pendingMigrations > 0) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ status: 'not ready', ...body }, 503);
    }
    return c.json({ status: 'ready', ...body });
  });
  app.get('/healthz', async (c) => {
    if (lifecycle.isDraining) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ status: 'draining', database: repo.kind }, 503);
    }
    // A database outage becomes the error handler's 503.
    await repo.ping();
    return c.json({ status: 'ok', database: repo.kind });
  });
  app.get('/metrics', async (c) => {
    const authorization = c.req.header('authorization') ?? '';
    if (!isPrivatePort && !(metricsToken && sameToken(authorization, `Bearer ${metricsToken}`)))
      return renderAppError(c, new AppError('NOT_FOUND', APP_MESSAGES.notFound));
    const text = (await metricsRegistry.metrics()) + (await registry.metrics());
    return c.body(text, 200, { 'content-type': metricsRegistry.contentType });
  });
  return app;
}
