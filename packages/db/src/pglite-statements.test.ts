import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingPGlite } from './pglite-statements';

// The prepared path must answer exactly as PGlite's own query does: both run on one database,
// `plain` through PGlite.prototype.query.
let db: PreparingPGlite;
const plain = (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
  PGlite.prototype.query.call(db, text, params, options);

beforeAll(async () => {
  db = new PreparingPGlite();
  await db.waitReady;
  await db.exec(`
    CREATE TABLE items (id text PRIMARY KEY, data jsonb NOT NULL, tags text[], qty int, at timestamptz, active boolean);
    INSERT INTO items VALUES ('a', '{"n":1}', '{x,y}', 3, '2026-01-02T03:04:05Z', true), ('b', '{"n":2}', NULL, NULL, NULL, false);`);
});
afterAll(() => db.close());

describe('PreparingPGlite', () => {
  it('answers like PGlite: object and array rows, parsers of the caller, parameters of every type', async () => {
    const text =
      'SELECT id, data, tags, qty, at, active FROM items WHERE data @> $1 OR id = ANY($2) OR at > $3 OR active = $4 ORDER BY id';
    const params = [{ n: 1 }, ['b'], new Date('2027-01-01'), null];
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: { [types.TIMESTAMPTZ]: (v: string) => `raw:${v}` } },
    ]) {
      const expected = await plain(text, params, options);
      // first call prepares, the second runs the prepared statement
      expect(await db.query(text, params, options)).toEqual(expected);
      expect(await db.query(text, params, options)).toEqual(expected);
    }
    expect((await db.query<{ id: string }>(text, params)).rows.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('lets a statement keep a generic plan after five runs, unless its transaction asks for plans per value', async () => {
    const text = 'SELECT id FROM items WHERE qty > $1';
    const plans = async () =>
      (
        await db.query<{ generic: number; custom: number }>(
          'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1',
          [text],
        )
      ).rows[0]!;
    for (let i = 0; i < 8; i++) await db.query(text, [i]);
    const before = await plans();
    expect(before.generic).toBeGreaterThan(0);
    await db.transaction(async (t) => {
      await t.query("SELECT set_config('plan_cache_mode', 'force_custom_plan', true)");
      for (let i = 0; i < 3; i++) await t.query(text, [i]);
    });
    const after = await plans();
    expect(after).toEqual({ generic: before.generic, custom: before.custom + 3 });
  });

  it('reports written rows and statements without a result', async () => {
    const insert = 'INSERT INTO items (id, data) VALUES ($1, $2)';
    expect(await db.query(insert, ['c', { n: 3 }])).toMatchObject({ affectedRows: 1, rows: [] });
    expect(await db.query('UPDATE items SET qty = qty + 1 WHERE qty IS NOT NULL RETURNING id', [])).toMatchObject({
      affectedRows: 1,
      rows: [{ id: 'a' }],
    });
    expect(await db.query('DELETE FROM items WHERE id = $1', ['c'])).toMatchObject({ affectedRows: 1 });
  });

  it('throws the database error with its code and statement, and keeps working after it', async () => {
    const insert = 'INSERT INTO items (id, data) VALUES ($1, $2)';
    const err = await db.query(insert, ['a', {}]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: ['a', {}] });
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 2 }]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    await db.exec(`CREATE TABLE shapes (id int, name text); INSERT INTO shapes VALUES (1, 'one');`);
    const text = 'SELECT * FROM shapes WHERE id = $1';
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    await db.exec(`ALTER TABLE shapes ADD COLUMN size int DEFAULT 7`);
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', size: 7 }]);
  });

  it('keeps a bounded number of statements prepared and still answers for evicted ones', async () => {
    for (let i = 0; i < 300; i++)
      expect((await db.query<{ v: number }>(`SELECT $1::int + ${i} AS v`, [1])).rows[0]!.v).toBe(i + 1);
    const prepared = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'tessera_%'",
    );
    expect(prepared.rows[0]!.n).toBeLessThanOrEqual(257);
    expect((await db.query<{ v: number }>('SELECT $1::int + 0 AS v', [5])).rows[0]!.v).toBe(5);
  });

  it('waits for a transaction in progress, and transactions and notifications keep working', async () => {
    const heard: string[] = [];
    await db.listen('items_changed', (payload) => heard.push(payload));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('UPDATE items SET qty = 100 WHERE id = $1', ['a']);
      await held;
      await t.query("SELECT pg_notify('items_changed', 'a')");
    });
    const read = db.query<{ qty: number }>('SELECT qty FROM items WHERE id = $1', ['a']);
    release();
    await tx;
    expect((await read).rows).toEqual([{ qty: 100 }]);
    await db.query("SELECT pg_notify('items_changed', $1)", ['b']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['a', 'b']);
  });

  it('prepares the queries of a transaction too, answering like PGlite inside it', async () => {
    const text = 'SELECT id, data, qty FROM items WHERE id = ANY($1) ORDER BY id';
    const isPrepared = async (t: Transaction) =>
      (
        await t.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [
          text,
        ])
      ).rows[0]!.n === 1;
    const expected = await plain(text, [['a', 'b']]);
    await db.transaction(async (t) => {
      expect(await t.query(text, [['a', 'b']])).toEqual(expected);
      expect(await t.query(text, [['a', 'b']])).toEqual(expected);
      expect(await isPrepared(t)).toBe(true);
      // Options the prepared path does not take still work, on PGlite's own path.
      expect((await t.query<{ v: number }>('SELECT $1 AS v', [7], { paramTypes: [types.INT4] })).rows).toEqual([
        { v: 7 },
      ]);
    });
  });

  it('rolls back a transaction whose statement failed, reporting it as PGlite does, and keeps its statements usable', async () => {
    const update = 'UPDATE items SET qty = $1 WHERE id = $2';
    const insert = 'INSERT INTO items (id, data) VALUES ($1, $2)';
    const err = await db
      .transaction(async (t) => {
        await t.query(update, [55, 'b']);
        await t.query(insert, ['a', {}]);
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: ['a', {}] });
    expect((await db.query<{ qty: number | null }>('SELECT qty FROM items WHERE id = $1', ['b'])).rows).toEqual([
      { qty: null },
    ]);
    // Savepoints: the inner failure is undone, the rest commits; the statements prepared in the
    // failed transaction still run.
    await db.transaction(async (t) => {
      await t.query(update, [56, 'b']);
      await t.query('SAVEPOINT inner_change');
      await expect(t.query(insert, ['b', {}])).rejects.toMatchObject({ code: '23505' });
      await t.query('ROLLBACK TO SAVEPOINT inner_change');
      expect((await t.query<{ qty: number }>('SELECT qty FROM items WHERE id = $1', ['b'])).rows).toEqual([
        { qty: 56 },
      ]);
    });
    expect((await db.query<{ qty: number }>('SELECT qty FROM items WHERE id = $1', ['b'])).rows).toEqual([{ qty: 56 }]);
    await db.query(update, [null, 'b']);
  });

  it('in a transaction, a statement whose table changed fails it once, and the next use prepares it again', async () => {
    await db.exec(`CREATE TABLE moods (id int, name text); INSERT INTO moods VALUES (1, 'calm');`);
    const text = 'SELECT * FROM moods WHERE id = $1';
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1, name: 'calm' }]);
    await db.exec(`ALTER TABLE moods ADD COLUMN level int DEFAULT 2`);
    await expect(db.transaction((t) => t.query(text, [1]))).rejects.toMatchObject({ code: '0A000', query: text });
    expect(await db.transaction(async (t) => (await t.query(text, [1])).rows)).toEqual([
      { id: 1, name: 'calm', level: 2 },
    ]);
  });

  it('refuses queries on a transaction that has ended', async () => {
    let ended!: Transaction;
    await db.transaction(async (t) => {
      ended = t;
      await t.rollback();
      await expect(t.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    });
    await expect(ended.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    expect(ended.closed).toBe(true);
  });
});
