import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '@tessera/db';

/**
 * The template is named after the migrations it holds, so concurrent runs on one server (or runs of
 * different checkouts) share a template only when it is identical, and never drop one in use.
 */
export const TEMPLATE_DB_NAME = (() => {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return `tessera_tpl_${hash.digest('hex').slice(0, 16)}`;
})();

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL URL of this test's own database, when running on PostgreSQL. */
  url?: string;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates a fresh template database once per run (vitest globalSetup) so each test file can copy
 * it in milliseconds with CREATE DATABASE ... TEMPLATE.
 */
export async function prepareTemplateDatabase(serverUrl: string): Promise<void> {
  await admin(serverUrl, async (client) => {
    // One creator at a time; a template left half-made by a killed run has no ready marker.
    await client.query('SELECT pg_advisory_lock(7346021)');
    try {
      const ready = await client.query(
        `SELECT 1 FROM pg_database d JOIN pg_shdescription s ON s.objoid = d.oid WHERE d.datname = $1 AND s.description = 'ready'`,
        [TEMPLATE_DB_NAME],
      );
      if (ready.rowCount) return;
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB_NAME} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DB_NAME}`);
      const template = await openDatabase({
        kind: 'postgres',
        url: withDatabaseName(serverUrl, TEMPLATE_DB_NAME),
        poolSize: 1,
      });
      await template.migrate();
      await template.close();
      await client.query(`COMMENT ON DATABASE ${TEMPLATE_DB_NAME} IS 'ready'`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(7346021)');
    }
  });
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or its own
 * PostgreSQL database (copied from the template) when the `int-postgres` project runs.
 */
export async function createTestDatabase({
  statementTimeoutMs,
}: { statementTimeoutMs?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `tessera_t_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB_NAME}`));
  const url = withDatabaseName(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5, statementTimeoutMs });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
