import type { Server } from 'node:http';
import { hostname } from 'node:os';
import { serve } from '@hono/node-server';
import { DataDirLockedError, openDatabase } from '@tessera/db';
import { createApp } from './app';
import { httpServerOptions } from './platform/http/server-options';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { createLifecycle } from './platform/lifecycle';
import { createOpsRepo } from './platform/ops.repo';
import { createLogger } from './platform/logger';
import { OUTBOX_PAGE } from './platform/mail/mailer';

/** Requests (and live streams) still open this long after the chat turns drained are cut off. */
const REQUEST_GRACE_MS = 10_000;

const ROLES = ['web', 'worker', 'all'] as const;
type Role = (typeof ROLES)[number];

/** `--role=web|worker|all` (default ROLE, else all): web serves HTTP, worker runs jobs, all does both. */
function roleFromArgs(argv: string[], fallback: Role): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : fallback;
  if (!(ROLES as readonly string[]).includes(role)) {
    process.stderr.write(`Unknown --role=${role}: use web, worker or all.\n`);
    process.exit(1);
  }
  return role as Role;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const role = roleFromArgs(process.argv.slice(2), config.role);
  const started = performance.now();
  // Named per process in pg_stat_activity: an operator (and the check below) can tell processes apart.
  const database = await openDatabase({ ...config.database, applicationName: `tessera:${hostname()}:${process.pid}` });
  await database.migrate();
  const lifecycle = createLifecycle();
  const { app, mailer, jobRunner, ops } = createApp({ config, database, logger, lifecycle });
  // The probes and /metrics without a token, on a port of their own (loopback unless METRICS_HOST says otherwise).
  if (config.metrics.port) serve({ fetch: ops.fetch, port: config.metrics.port, hostname: config.metrics.host });
  // PGlite is one process's database: its jobs always run here, whatever the role.
  const runsJobs = role !== 'web' || database.kind === 'pglite';
  if (role === 'worker') {
    if (database.kind === 'pglite')
      logger.warn('--role=worker with the embedded database: jobs run, but no HTTP is served');
    await jobRunner.start();
    const stopWorker = async (signal: string) => {
      logger.info('worker shutting down', { signal });
      await jobRunner.stop();
      await database.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stopWorker('SIGTERM'));
    process.on('SIGINT', () => void stopWorker('SIGINT'));
    logger.info('worker ready', { database: database.kind, workerId: jobRunner.workerId });
    return;
  }

  const server = serve({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    // Keep-alive 65 s; headers and bodies that trickle in are cut off (server-options.ts).
    serverOptions: httpServerOptions(),
  }) as Server;
  // Installed before anything says "ready": a SIGTERM at any moment after that is a graceful stop.
  // Draining first: readiness fails and new requests get a 503 while the port stays open for the
  // probes, running chat turns get SHUTDOWN_GRACE_MS, then the listener closes.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal, graceMs: config.shutdownGraceMs });
    const { interrupted } = await lifecycle.drain(config.shutdownGraceMs);
    if (interrupted) logger.warn('grace period over, running chat turns interrupted', { interrupted });
    const force = setTimeout(() => {
      logger.warn('closing remaining connections');
      server.closeAllConnections();
    }, REQUEST_GRACE_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      await jobRunner.stop();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  }).catch((err: NodeJS.ErrnoException) => {
    logger.error(
      err.code === 'EADDRINUSE' ? `port ${config.port} is already in use: set PORT to another port` : 'cannot listen',
      { err: err.message },
    );
    process.exit(1);
  });
  if (runsJobs) await jobRunner.start();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info('ready', {
    url: config.publicUrl,
    port,
    database: database.kind,
    role,
    jobs: runsJobs,
    mail: mailer.transport,
    startupMs: Math.round(performance.now() - started),
  });
  if (!config.s3 && (await createOpsRepo(database).countOtherProcesses()) > 0) {
    logger.warn(
      'other Tessera processes use this database, but uploaded files are kept in DATA_DIR/files on each machine: a file uploaded through one process is a 404 on the others. Set S3_* (or share DATA_DIR/files between them): docs/deploy.md',
    );
  }
  if (mailer.transport === 'outbox') {
    logger.info(
      `no SMTP_URL: mails go to the dev outbox, readable from this machine only (loopback): http://localhost:${port}${OUTBOX_PAGE}`,
    );
  }
}

main().catch((err) => {
  // Said plainly: the operator's next step is in the message, not in a stack.
  if (err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Tessera failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
