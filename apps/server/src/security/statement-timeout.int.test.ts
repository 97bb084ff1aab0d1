import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { openDatabase } from '@tessera/db';
import { createSortIndexes, sortIndexName } from '../modules/entities';
import { createTestApp } from '../testing/harness';

/**
 * The statement timeout exists on PostgreSQL only: PGlite cannot stop a running query (its timers
 * fire once the query has finished), so these tests are skipped on the PGlite run.
 */
const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const TIMEOUT_MS = 500;
const t = serverUrl ? await createTestApp({ DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) }) : undefined;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Opens a connection of its own to the test app's database (to hold locks the app must wait for). */
async function otherConnection(database?: string): Promise<pg.Client> {
  const url = new URL(serverUrl!);
  url.pathname = `/${database ?? rowsOf<{ name: string }>(await t!.db.execute(sql`SELECT current_database() AS name`))[0]!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

async function createGeneratedApp(token: string) {
  const res = await t!.request('POST', '/api/apps', {
    token,
    body: {
      appType: 'generated',
      genApp: { name: 'Slow', entities: { Item: { properties: { n: { type: 'number' } } } } },
    },
  });
  expect(res.status).toBe(200);
  return res.body.appId as string;
}

describe.skipIf(!serverUrl)('statement timeout (PostgreSQL only: PGlite cannot stop a running query)', () => {
  it('stops a request whose query runs past the timeout with a 503 and a plain message, and the pool recovers', async () => {
    const builder = await t!.signUpVerified();
    const appId = await createGeneratedApp(builder.token);
    const path = `/live_api/apps/${appId}/entities/Item`;
    expect(
      (await t!.request('POST', `${path}/bulk`, { token: builder.token, body: [{ n: 1 }, { n: 2 }] })).status,
    ).toBe(200);

    // Another session locks the records table: the list's query waits, as a slow one would.
    const locker = await otherConnection();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE entity_records IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await t!.request('GET', path, { token: builder.token });
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: { code: 'QUERY_TIMEOUT', message: APP_MESSAGES.queryTimeout } });
      expect(APP_MESSAGES.queryTimeout).toBe(
        'This request took too long and was stopped. Try a narrower search or a smaller page.',
      );
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(took).toBeLessThan(10_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const again = await t!.request('GET', path, { token: builder.token });
    expect(again.status).toBe(200);
    expect(again.body).toHaveLength(2);
  });

  it('builds a sort index although the build waits longer than the timeout', async () => {
    const builder = await t!.signUpVerified();
    const appId = await createGeneratedApp(builder.token);
    const spec = { field: 'n', descending: true };
    const name = sortIndexName(appId, 'Item', spec);
    // A concurrent build waits for every transaction that may write the table: hold one for 3 timeouts.
    const writer = await otherConnection();
    await writer.query('BEGIN');
    await writer.query('LOCK TABLE entity_records IN ROW EXCLUSIVE MODE');
    const release = setTimeout(() => void writer.query('COMMIT'), TIMEOUT_MS * 3);
    try {
      const sortIndexes = createSortIndexes(t!.db, { isPglite: false });
      const started = Date.now();
      sortIndexes.ensure(appId, 'Item', spec);
      await sortIndexes.idle();
      expect(Date.now() - started).toBeGreaterThan(TIMEOUT_MS * 2);
    } finally {
      clearTimeout(release);
      await writer.query('COMMIT');
      await writer.end();
    }
    const index = await t!.db.execute(
      sql`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ${name}`,
    );
    expect(rowsOf(index)).toEqual([{ valid: true }]);
    // The connection the build borrowed went back to the pool with the timeout in force.
    const settings = await Promise.all(Array.from({ length: 5 }, () => t!.db.execute(sql`SHOW statement_timeout`)));
    expect(settings.map((s) => rowsOf<{ statement_timeout: string }>(s)[0]!.statement_timeout)).toEqual(
      Array(5).fill(`${TIMEOUT_MS}ms`),
    );
  });

  it('applies migrations on a fresh database although they wait longer than the timeout', async () => {
    const name = `tessera_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolSize: 1,
      statementTimeoutMs: 100,
    });
    // Another process is migrating: this one waits for the migration lock, 3 timeouts long.
    const other = await otherConnection(name);
    try {
      await other.query('SELECT pg_advisory_lock(727001)');
      const release = setTimeout(() => void other.query('SELECT pg_advisory_unlock(727001)'), 300);
      try {
        await database.migrate();
      } finally {
        clearTimeout(release);
      }
      const tables = await database.db.execute(sql`SELECT to_regclass('entity_records')::text AS found`);
      expect(rowsOf(tables)).toEqual([{ found: 'entity_records' }]);
      // The pool's one connection, used by the migrations, has its timeout back.
      await expect(database.db.execute(sql`SELECT pg_sleep(0.5)`)).rejects.toMatchObject({
        cause: { code: '57014' },
      });
    } finally {
      await other.end();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
