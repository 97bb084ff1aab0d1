import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPgListener } from './pg-listener';
import { lockDataDir } from './pglite-lock';
import { PreparingPGlite } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** One query type for both backends: services and repos never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Subscribes to a Postgres NOTIFY channel (realtime fan-out and job wake-ups across processes).
   * On PostgreSQL one dedicated connection per process carries every channel and comes back after a
   * drop (`pg-listener.ts`); `onResync` is then called, as notifications sent meanwhile were lost.
   * Resolves to an unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
}

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string }
) & {
  /**
   * PostgreSQL cancels any statement of the pool's connections that runs longer (so one slow query
   * cannot hold a connection, and the requests queued behind it, for long); 0 sets none. Default 30 s.
   * Ignored on PGlite, which cannot stop a running query: its timers fire only once the query is done.
   */
  statementTimeoutMs?: number;
  /** Names this process's PostgreSQL connections in pg_stat_activity (the pool's and LISTEN's); unused on PGlite. */
  applicationName?: string;
};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** A pooled connection with no statement timeout, given back with it restored (or closed if that fails). */
async function withUntimedClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SET statement_timeout = 0');
    return await fn(client);
  } finally {
    // RESET goes back to the connection's own setting (the pool's startup parameter).
    await client.query('RESET statement_timeout').catch((err: Error) => (broken = err));
    client.release(broken);
  }
}

/**
 * Runs `fn` on a connection of its own with no statement timeout: for maintenance that may rightly
 * run long (index builds, ANALYZE) and cannot run inside a transaction. On PGlite `fn` gets `db` itself.
 */
export async function withoutStatementTimeout<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return fn(db);
  return withUntimedClient(pool, (client) => fn(drizzlePg({ client, schema }) as unknown as Db));
}

/** Resolved through the package, so it holds from the source tree and from a bundled server alike. */
export const MIGRATIONS_FOLDER = join(
  dirname(createRequire(import.meta.url).resolve('@tessera/db/package.json')),
  'migrations',
);

/**
 * PGlite's default 128 MB of shared buffers roughly doubles the server's memory; the embedded
 * database serves one machine's worth of data, for which 32 MB is plenty.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Creating a PGlite data directory (initdb) leaves ~600 MB of WASM heap behind in the process that
 * did it, and migrating it (then rebuilding the catalog caches the DDL invalidated) another ~20 MB:
 * a fresh directory is created and migrated by a short-lived child process and only opened here
 * (docs/decisions/0002).
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const modules = Object.fromEntries(
    ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator'].map(
      (m) => [m, import.meta.resolve(m)],
    ),
  );
  const code = [
    `const { PGlite } = await import(${JSON.stringify(modules['@electric-sql/pglite'])});`,
    `const { vector } = await import(${JSON.stringify(modules['@electric-sql/pglite-pgvector'])});`,
    `const { drizzle } = await import(${JSON.stringify(modules['drizzle-orm/pglite'])});`,
    `const { migrate } = await import(${JSON.stringify(modules['drizzle-orm/pglite/migrator'])});`,
    `const open = () => PGlite.create(${JSON.stringify(dataDir)}, { extensions: { vector } });`,
    'const client = await open();',
    `await migrate(drizzle({ client }), { migrationsFolder: ${JSON.stringify(MIGRATIONS_FOLDER)} });`,
    'await client.close();',
    // The migrations' DDL invalidated the catalog caches' init file: the next open rebuilds it.
    'const reopened = await open();',
    "await reopened.query('SELECT 1');",
    'await reopened.close();',
  ].join('\n');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (status) =>
      status === 0
        ? resolve()
        : reject(new Error(`Could not create the embedded database in ${dataDir} (exit ${status})`)),
    );
  });
}

/** Arbitrary constant: the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK_ID = 727_001;

/** Opens PGlite (embedded, default) or a PostgreSQL pool, both behind the same Drizzle API. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName,
      // Sent at connect time (0 sends nothing), so every pooled connection has it from its start.
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    });
    pool.on('error', (err) =>
      console.error(JSON.stringify({ level: 'error', msg: 'postgres pool error', err: err.message })),
    );
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const listener = createPgListener(
      { connectionString: options.url, application_name: options.applicationName },
      (message) => console.error(JSON.stringify({ level: 'warn', msg: message })),
    );
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Waiting for another process's migrations, and the migrations themselves, may take long.
        await withUntimedClient(pool, async (client) => {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          try {
            await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          }
        });
      },
      listen: (channel, fn, onResync) => listener.listen(channel, fn, onResync),
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // One process per folder: a second one would silently lose the writes of one of them.
    unlock = await lockDataDir(options.dataDir);
    if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await createPgliteDataDir(options.dataDir);
  }
  // pgvector ships with PGlite, so embedded installs always get vector retrieval (docs/decisions/0004).
  const client = new PreparingPGlite({
    dataDir: options.dataDir,
    startParams: PGLITE_START_PARAMS,
    extensions: { vector },
  });
  await client.waitReady.catch((err: unknown) => {
    unlock();
    throw err;
  });
  const drizzleDb = drizzlePglite({ client, schema });
  return {
    db: drizzleDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzleDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: async (channel, fn) => {
      const unlisten = await client.listen(channel, fn);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}
