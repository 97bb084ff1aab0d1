import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { parseListQuery, type EntityFields } from './record-query';
import { SORT_INDEX_MIN_ROWS } from './entities.service';
import { sortIndexName } from './sort-indexes.repo';

const t = await createTestApp();
const builder = await t.signUpVerified();
const FIELDS: EntityFields = { n: { type: 'number' }, kind: { type: 'string' } };
const { body: created } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({
    name: 'Sorts',
    entities: { Item: { properties: { n: { type: 'number' }, kind: { type: 'string' } } } },
  }),
});
const appId = created.appId as string;
const path = `/live_api/apps/${appId}/entities/Item`;

const ROWS = SORT_INDEX_MIN_ROWS * 3;
for (let start = 0; start < ROWS; start += 1000) {
  const batch = Array.from({ length: 1000 }, (_, i) => ({
    n: (start + i) % 997 === 0 ? null : ((start + i) * 7919) % 5000,
    kind: (start + i) % 3 ? 'a' : 'b',
  }));
  expect((await t.request('POST', `${path}/bulk`, { token: builder.token, body: batch })).status).toBe(200);
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function indexes(): Promise<string[]> {
  return rows<{ indexname: string }>(
    await t.db.execute(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'entity_records' AND indexname LIKE 'ers_%'`,
    ),
  ).map((r) => r.indexname);
}
async function waitForIndex(name: string) {
  for (let i = 0; i < 200 && !(await indexes()).includes(name); i++) await new Promise((r) => setTimeout(r, 50));
  // and for the concurrent build to finish (the index is valid)
  for (let i = 0; i < 200; i++) {
    const valid = rows<{ ok: boolean }>(
      await t.db.execute(
        `SELECT bool_and(indisvalid) AS ok FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = '${name}'`,
      ),
    )[0]?.ok;
    if (valid) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The statement the list runs for these params (the repo's listJson shape is the same WHERE/ORDER BY). */
function listSql(params: { q?: string; sort: string; limit: string }) {
  const query = parseListQuery(params, FIELDS);
  const dialect = new PgDialect();
  const where = dialect.sqlToQuery(query.where);
  const order = query.orderBy.map((o) => dialect.sqlToQuery(o));
  let n = 2;
  const shift = (text: string) => text.replace(/\$(\d+)/g, () => `$${++n}`);
  const text = `SELECT id FROM entity_records WHERE app_id = $1 AND entity = $2 AND ${shift(where.sql)} ORDER BY ${order.map((o) => shift(o.sql)).join(', ')} LIMIT ${query.limit}`;
  return { text, params: [appId, 'Item', ...where.params, ...order.flatMap((o) => o.params)] };
}

describe('sort indexes on data fields', () => {
  it('builds a partial expression index after a large sort, and the list then walks it', async () => {
    const first = await t.request(
      'GET',
      `${path}?sort=-n&limit=20&q=${encodeURIComponent(JSON.stringify({ kind: 'a', n: { $gte: 100 } }))}`,
      { token: builder.token },
    );
    expect(first.status).toBe(200);
    const name = sortIndexName(appId, 'Item', { field: 'n', descending: true });
    await waitForIndex(name);
    expect(await indexes()).toContain(name);

    const again = await t.request(
      'GET',
      `${path}?sort=-n&limit=20&q=${encodeURIComponent(JSON.stringify({ kind: 'a', n: { $gte: 100 } }))}`,
      { token: builder.token },
    );
    expect(again.body).toEqual(first.body);
    const ns = (again.body as Array<{ n: number }>).map((r) => r.n);
    expect(ns).toEqual([...ns].sort((a, b) => b - a));

    await t.db.execute('ANALYZE entity_records');
    const { text, params } = listSql({ q: JSON.stringify({ kind: 'a', n: { $gte: 100 } }), sort: '-n', limit: '20' });
    const inlined = text.replace(
      /\$(\d+)/g,
      (_, i: string) => `'${String(params[Number(i) - 1]).replaceAll("'", "''")}'`,
    );
    const explain = async (settings: string) =>
      t.db.transaction(async (tx) => {
        if (settings) await tx.execute(sql.raw(settings));
        return rows<Record<string, string>>(await tx.execute(sql.raw(`EXPLAIN ${inlined}`)))
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    // The planner picks the index (for the range or the order, depending on its statistics)...
    expect(await explain('')).toContain(name);
    // ...and the index gives the list's exact order: an ordered walk, no sort step.
    const ordered = await explain('SET LOCAL enable_sort = off');
    expect(ordered).toContain(`Index Scan using ${name}`);
    expect(ordered).not.toMatch(/Sort Key/);
  });

  it('keeps nulls last in both directions, and small sorts get no index', async () => {
    const asc = await t.request('GET', `${path}?sort=n&limit=1000&skip=${ROWS - 1000}`, { token: builder.token });
    const tail = (asc.body as Array<{ n: number | null }>).slice(-3).map((r) => r.n);
    expect(tail).toEqual([null, null, null]);
    await waitForIndex(sortIndexName(appId, 'Item', { field: 'n', descending: false }));
    const before = await indexes();
    const small = await t.request(
      'GET',
      `${path}?sort=-kind&limit=20&q=${encodeURIComponent(JSON.stringify({ n: { $lt: 3 } }))}`,
      { token: builder.token },
    );
    expect(small.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await indexes()).filter((n) => !before.includes(n))).toEqual([]);
  });

  it('drops the indexes of an entity whose schema is gone', async () => {
    const name = sortIndexName(appId, 'Item', { field: 'n', descending: true });
    expect(await indexes()).toContain(name);
    // The entity leaves the app's definition (as a replacing save does): its schema row is gone.
    await t.db.execute(`DELETE FROM app_entities WHERE app_id = '${appId}'`);
    // the next build's sweep drops it: make another app's large sort build one
    const { body: other } = await t.request('POST', '/api/apps', {
      token: builder.token,
      body: buildGenApp({ name: 'Other', entities: { Item: { properties: { n: { type: 'number' } } } } }),
    });
    const otherPath = `/live_api/apps/${other.appId}/entities/Item`;
    for (let start = 0; start < 2000; start += 1000) {
      await t.request('POST', `${otherPath}/bulk`, {
        token: builder.token,
        body: Array.from({ length: 1000 }, (_, i) => ({ n: start + i })),
      });
    }
    await t.request('GET', `${otherPath}?sort=n&limit=5`, { token: builder.token });
    await waitForIndex(sortIndexName(other.appId, 'Item', { field: 'n', descending: false }));
    for (let i = 0; i < 100 && (await indexes()).includes(name); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await indexes()).not.toContain(name);
  });
});
