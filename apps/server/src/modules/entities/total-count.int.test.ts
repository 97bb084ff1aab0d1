import { describe, expect, it } from 'vitest';
import { ENTITY_LIST_MAX_LIMIT } from '@tessera/contracts/entities';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { TOTAL_COUNT_LOOKAHEAD } from './entities.service';

const t = await createTestApp();
const builder = await t.signUpVerified();
const { body: created } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({
    name: 'Counts',
    entities: {
      Item: {
        properties: { n: { type: 'number' }, kind: { type: 'string' } },
        'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
      },
      Empty: { properties: { n: { type: 'number' } } },
    },
  }),
});
const path = (entity = 'Item') => `/live_api/apps/${created.appId}/entities/${entity}`;
const list = (query: Record<string, string>, token: string | undefined = builder.token) =>
  t.request('GET', `${path()}?${new URLSearchParams(query)}`, { token });

// 2 500 rows: kind "even" on even n, "odd" on odd n; one "rare".
const ROWS = 2500;
for (let start = 0; start < ROWS; start += 1000) {
  const batch = Array.from({ length: Math.min(1000, ROWS - start) }, (_, i) => ({
    n: start + i,
    kind: start + i === 7 ? 'rare' : (start + i) % 2 ? 'odd' : 'even',
  }));
  const res = await t.request('POST', `${path()}/bulk`, { token: builder.token, body: batch });
  expect(res.status).toBe(200);
}

describe('X-Total-Count on the entity list', () => {
  it('counts the rows matching q, whatever the page', async () => {
    const q = JSON.stringify({ kind: 'odd' });
    const queries: Array<Record<string, string>> = [
      { q, limit: '300' },
      { q, limit: '1000', skip: '1200' },
      { q, limit: '10', skip: '400' },
    ];
    for (const query of queries) {
      const res = await list(query);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count'), JSON.stringify(query)).toBe(String(ROWS / 2 - 1));
      expect(res.headers.get('x-total-count-estimated')).toBeNull();
    }
    const rare = await list({ q: JSON.stringify({ kind: 'rare' }) });
    expect(rare.body).toHaveLength(1);
    expect(rare.headers.get('x-total-count')).toBe('1');
    const none = await list({ q: JSON.stringify({ n: { $gt: 1e9 } }) });
    expect([none.body.length, none.headers.get('x-total-count')]).toEqual([0, '0']);
    const empty = await t.request('GET', path('Empty'), { token: builder.token });
    expect(empty.headers.get('x-total-count')).toBe('0');
  });

  it('gives a list asking for more than the maximum the maximum, with the total to page on', async () => {
    const first = await list({ sort: 'n', limit: '5000' });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(ENTITY_LIST_MAX_LIMIT);
    // More rows than the page: the total (exact up to the lookahead) says there is more to page on.
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThan(ENTITY_LIST_MAX_LIMIT);
    const last = await list({ sort: 'n', limit: '5000', skip: String(2 * ENTITY_LIST_MAX_LIMIT) });
    expect(last.body.map((r: { n: number }) => r.n)).toEqual(
      Array.from({ length: ROWS - 2 * ENTITY_LIST_MAX_LIMIT }, (_, i) => 2 * ENTITY_LIST_MAX_LIMIT + i),
    );
  });

  it('counts exactly up to the lookahead past the page, and estimates beyond it', async () => {
    expect(ROWS).toBeGreaterThan(1 + TOTAL_COUNT_LOOKAHEAD + 1);
    const exact = await list({ limit: '1000', skip: '500' });
    expect(exact.headers.get('x-total-count')).toBe(String(ROWS));
    const estimated = await list({ limit: '1' });
    expect(estimated.body).toHaveLength(1);
    expect(estimated.headers.get('x-total-count-estimated')).toBe('true');
    // Never below what was counted, and in the right range once the table has statistics.
    expect(Number(estimated.headers.get('x-total-count'))).toBeGreaterThan(1 + TOTAL_COUNT_LOOKAHEAD);
    await t.db.execute('ANALYZE entity_records');
    const analyzed = Number((await list({ limit: '1' })).headers.get('x-total-count'));
    expect(analyzed).toBeGreaterThan(ROWS * 0.5);
    expect(analyzed).toBeLessThan(ROWS * 2);
  });

  it('counts past the end of the rows as the rows there are', async () => {
    const res = await list({ limit: '10', skip: String(ROWS + 50) });
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe(String(ROWS));
  });
});
