import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, authUsers, entityRecords } from '@tessera/db';
import { createTestDatabase } from '@tessera/test-utils';
import { compileFilter, parseListQuery, type EntityFields, type RawListParams } from './record-query';

const testDb = await createTestDatabase();
const db = testDb.database.db;
afterAll(() => testDb.drop());

const APP = 'app-query';
const OTHER_APP = 'app-other';

const ITEM_FIELDS: EntityFields = {
  name: { type: 'string' },
  price: { type: 'number' },
  qty: { type: 'integer' },
  active: { type: 'boolean' },
  status: { type: 'string' },
  tags: { type: 'array' },
  address: { type: 'object' },
  due: { type: 'string', format: 'date-time' },
};
const EVENT_FIELDS: EntityFields = { n: { type: 'integer' } };

const INJECTION = "weird'); drop table entity_records;--";

/* Hand-made so every expectation below can be checked by eye; i05 and i06 share created_at. */
const ITEMS: { id: string; creatorId: string | null; data: Record<string, unknown> }[] = [
  {
    id: 'i01',
    creatorId: 'u1',
    data: {
      name: 'apple',
      price: 10,
      qty: 1,
      active: true,
      status: 'open',
      tags: ['red', 'fruit'],
      address: { city: 'paris', zip: '75001' },
      due: '2024-03-01T10:00:00.000Z',
    },
  },
  {
    id: 'i02',
    creatorId: 'u1',
    data: {
      name: 'banana',
      price: 9,
      qty: 2,
      active: false,
      status: 'open',
      tags: ['yellow', 'fruit'],
      address: { city: 'lyon' },
      due: '2024-02-01T10:00:00.000Z',
    },
  },
  {
    id: 'i03',
    creatorId: 'u2',
    data: {
      name: 'cherry',
      price: 100,
      qty: 3,
      active: true,
      status: 'closed',
      tags: ['red'],
      address: { city: 'paris', geo: { lat: 48.8 } },
      due: '2024-01-15T00:00:00.000Z',
    },
  },
  {
    id: 'i04',
    creatorId: null,
    data: { name: 'date', price: 2.5, qty: null, status: 'draft', tags: [], address: null },
  },
  {
    id: 'i05',
    creatorId: 'u2',
    data: { name: 'elder', qty: 5, active: true, status: null, address: { city: 'nice' } },
  },
  { id: 'i06', creatorId: 'u3', data: { name: 'fig', price: '5', status: 'open', tags: ['purple', 'fruit'] } },
  {
    id: 'i07',
    creatorId: 'u3',
    data: {
      name: 'grape',
      price: 0,
      active: false,
      status: 'closed',
      tags: ['green', 'fruit'],
      address: { city: 'lyon', zip: '69001' },
    },
  },
  {
    id: 'i08',
    creatorId: null,
    data: { name: 'Honeydew', price: -3, status: 'open', tags: ['green'], address: { city: 'paris' } },
  },
  {
    id: 'i09',
    creatorId: 'u1',
    data: { name: 'kiwi', price: 10, status: 'open', tags: ['fruit', 'green'], due: '2024-03-01T09:59:59.999Z' },
  },
  { id: 'i10', creatorId: 'u4', data: { price: 7, status: INJECTION, tags: ['x'] } },
  {
    id: 'i11',
    creatorId: 'u2',
    data: {
      name: 'lemon',
      price: 1000,
      qty: 11,
      status: 'open',
      tags: ['yellow'],
      address: { city: 'nice', geo: { lat: 43.7 } },
    },
  },
  {
    id: 'i12',
    creatorId: 'u4',
    data: { name: 'mango\nmelon', price: 12, active: true, status: 'closed', tags: ['red', 'yellow'] },
  },
];
const ALL_ITEMS = ITEMS.map((item) => item.id);

/* Events carry microsecond timestamps; e05..e07 share one; e03 and e12 were updated later. */
const eventCreated = (n: number) => `2024-05-01T12:00:${String(n >= 5 && n <= 7 ? 5 : n).padStart(2, '0')}.123456Z`;
const EVENTS = Array.from({ length: 16 }, (_, i) => ({ id: `e${String(i + 1).padStart(2, '0')}`, n: i + 1 }));

beforeAll(async () => {
  await db.insert(authUsers).values({ id: 'owner-query', name: 'Owner', email: 'owner-query@example.com' });
  await db.insert(apps).values([
    { id: APP, ownerUserId: 'owner-query', kind: 'genApp', slug: 'record-query', name: 'Query' },
    { id: OTHER_APP, ownerUserId: 'owner-query', kind: 'genApp', slug: 'record-query-other', name: 'Other' },
  ]);
  await db.insert(entityRecords).values(
    ITEMS.map((item, i) => {
      const minute = item.id === 'i06' ? 5 : i + 1;
      const createdAt = new Date(Date.UTC(2024, 0, 1, 0, minute));
      return { ...item, appId: APP, entity: 'items', createdAt, updatedAt: createdAt };
    }),
  );
  await db.insert(entityRecords).values(
    EVENTS.map(({ id, n }) => ({
      id,
      appId: APP,
      entity: 'events',
      data: { n },
      createdAt: sql`${eventCreated(n)}::timestamptz`,
      updatedAt: sql`${n === 3 || n === 12 ? '2024-06-01T00:00:00Z' : eventCreated(n)}::timestamptz`,
    })),
  );
  // Matches every item filter: proves the caller's app/entity scoping is what keeps it out.
  await db
    .insert(entityRecords)
    .values({ id: 'x01', appId: OTHER_APP, entity: 'items', data: ITEMS[0]!.data, creatorId: 'u1' });
});

async function list(params: RawListParams, entity = 'items', appId = APP): Promise<string[]> {
  const query = parseListQuery(params, entity === 'events' ? EVENT_FIELDS : ITEM_FIELDS);
  const rows = await db
    .select({ id: entityRecords.id })
    .from(entityRecords)
    .where(and(eq(entityRecords.appId, appId), eq(entityRecords.entity, entity), query.where))
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.skip);
  return rows.map((row) => row.id);
}

/** Ids matching a filter on items, in id order. */
const find = (q: unknown) => list({ q: JSON.stringify(q), sort: 'id' });
const all = (...except: string[]) => ALL_ITEMS.filter((id) => !except.includes(id));

describe('equality', () => {
  it('matches scalars by containment, numbers numerically, never across types', async () => {
    expect(await find({ status: 'open' })).toEqual(['i01', 'i02', 'i06', 'i08', 'i09', 'i11']);
    expect(await find({ price: 10 })).toEqual(['i01', 'i09']);
    expect(await find({ price: 1e3 })).toEqual(['i11']);
    expect(await find({ price: 5 })).toEqual([]);
    expect(await find({ price: '5' })).toEqual(['i06']);
    expect(await find({ active: true })).toEqual(['i01', 'i03', 'i05', 'i12']);
    expect(await find({ active: false })).toEqual(['i02', 'i07']);
    expect(await find({ name: 'apple', status: 'open' })).toEqual(['i01']);
    expect(await find({ status: { $eq: 'draft' } })).toEqual(['i04']);
  });

  it('treats a scalar on an array field as "contains" and an array as exact (order matters)', async () => {
    expect(await find({ tags: 'fruit' })).toEqual(['i01', 'i02', 'i06', 'i07', 'i09']);
    expect(await find({ tags: ['fruit', 'green'] })).toEqual(['i09']);
    expect(await find({ tags: [] })).toEqual(['i04']);
  });

  it('reaches into objects with dotted paths; an object value is exact', async () => {
    expect(await find({ 'address.city': 'paris' })).toEqual(['i01', 'i03', 'i08']);
    expect(await find({ 'address.geo.lat': 48.8 })).toEqual(['i03']);
    expect(await find({ address: { city: 'lyon' } })).toEqual(['i02']);
    expect(await find({ address: { zip: '69001', city: 'lyon' } })).toEqual(['i07']);
  });

  it('null matches null or missing', async () => {
    expect(await find({ status: null })).toEqual(['i05']);
    expect(await find({ address: null })).toEqual(['i04', 'i06', 'i09', 'i10', 'i12']);
    expect(await find({ qty: null })).toEqual(['i04', 'i06', 'i07', 'i08', 'i09', 'i10', 'i12']);
    expect(await find({ 'address.zip': null })).toEqual(all('i01', 'i07'));
  });

  it('compares the columns', async () => {
    expect(await find({ id: 'i03' })).toEqual(['i03']);
    expect(await find({ creatorId: 'u1' })).toEqual(['i01', 'i02', 'i09']);
    expect(await find({ creatorId: null })).toEqual(['i04', 'i08']);
  });

  it('keeps hostile values as plain data', async () => {
    expect(await find({ status: INJECTION })).toEqual(['i10']);
    expect(await find({ 'address.city': "x' OR '1'='1" })).toEqual([]);
    expect(await find({ [`address.${INJECTION}`]: { $in: [1, null] } })).toEqual(ALL_ITEMS);
    expect(await list({ sort: `-address.${INJECTION}`, limit: '2' })).toEqual(['i01', 'i02']);
    expect(await find({})).toEqual(ALL_ITEMS);
  });
});

describe('$ne', () => {
  it('is the negation of equality, so it matches missing and null fields', async () => {
    expect(await find({ status: { $ne: 'open' } })).toEqual(['i03', 'i04', 'i05', 'i07', 'i10', 'i12']);
    expect(await find({ active: { $ne: true } })).toEqual(['i02', 'i04', 'i06', 'i07', 'i08', 'i09', 'i10', 'i11']);
    expect(await find({ tags: { $ne: 'fruit' } })).toEqual(['i03', 'i04', 'i05', 'i08', 'i10', 'i11', 'i12']);
    expect(await find({ status: { $ne: null } })).toEqual(all('i05'));
    expect(await find({ creatorId: { $ne: 'u1' } })).toEqual(all('i01', 'i02', 'i09'));
    expect(await find({ creatorId: { $ne: null } })).toEqual(all('i04', 'i08'));
    expect(await find({ 'address.city': { $ne: 'paris' } })).toEqual(all('i01', 'i03', 'i08'));
  });
});

describe('$gt $gte $lt $lte', () => {
  it('compare numbers numerically and only with numbers', async () => {
    expect(await find({ price: { $gt: 9 } })).toEqual(['i01', 'i03', 'i09', 'i11', 'i12']);
    expect(await find({ price: { $gte: 10, $lt: 100 } })).toEqual(['i01', 'i09', 'i12']);
    expect(await find({ price: { $lte: 0 } })).toEqual(['i07', 'i08']);
    expect(await find({ price: { $lt: 3 } })).toEqual(['i04', 'i07', 'i08']);
    expect(await find({ price: { $gt: '1' } })).toEqual(['i06']);
    expect(await find({ 'address.geo.lat': { $gt: 45 } })).toEqual(['i03']);
  });

  it('order strings, ISO dates and booleans', async () => {
    expect(await find({ name: { $gte: 'kiwi' } })).toEqual(['i09', 'i11', 'i12']);
    expect(await find({ due: { $gte: '2024-03-01T00:00:00.000Z' } })).toEqual(['i01', 'i09']);
    expect(await find({ due: { $lt: '2024-03-01T10:00:00.000Z' } })).toEqual(['i02', 'i03', 'i09']);
    expect(await find({ active: { $gt: false } })).toEqual(['i01', 'i03', 'i05', 'i12']);
    expect(await find({ id: { $gt: 'i10' } })).toEqual(['i11', 'i12']);
  });
});

describe('$in and $nin', () => {
  it('$in is "equal to one of"; null in the list also matches missing', async () => {
    expect(await find({ status: { $in: ['closed', 'draft'] } })).toEqual(['i03', 'i04', 'i07', 'i12']);
    expect(await find({ status: { $in: ['open'] } })).toEqual(['i01', 'i02', 'i06', 'i08', 'i09', 'i11']);
    expect(await find({ status: { $in: ['closed', null] } })).toEqual(['i03', 'i05', 'i07', 'i12']);
    expect(await find({ qty: { $in: [null] } })).toEqual(['i04', 'i06', 'i07', 'i08', 'i09', 'i10', 'i12']);
    expect(await find({ status: { $in: [] } })).toEqual([]);
    expect(await find({ price: { $in: [10, 0, '5'] } })).toEqual(['i01', 'i06', 'i07', 'i09']);
    expect(await find({ tags: { $in: ['green', 'purple'] } })).toEqual(['i06', 'i07', 'i08', 'i09']);
    expect(await find({ 'address.city': { $in: ['lyon', 'nice'] } })).toEqual(['i02', 'i05', 'i07', 'i11']);
  });

  it('$nin is its negation and matches missing unless null is listed', async () => {
    expect(await find({ status: { $nin: [] } })).toEqual(ALL_ITEMS);
    expect(await find({ status: { $nin: ['open', 'closed'] } })).toEqual(['i04', 'i05', 'i10']);
    expect(await find({ status: { $nin: ['open', 'closed', null] } })).toEqual(['i04', 'i10']);
    expect(await find({ tags: { $nin: ['fruit', 'red'] } })).toEqual(['i04', 'i05', 'i08', 'i10', 'i11']);
  });

  it('works on the columns', async () => {
    expect(await find({ id: { $in: ['i01', 'i05', 'nope'] } })).toEqual(['i01', 'i05']);
    expect(await find({ creatorId: { $in: ['u4', null] } })).toEqual(['i04', 'i08', 'i10', 'i12']);
    expect(await find({ creatorId: { $nin: ['u1', 'u2'] } })).toEqual(['i04', 'i06', 'i07', 'i08', 'i10', 'i12']);
    expect(await find({ creatorId: { $nin: ['u1', 'u2', null] } })).toEqual(['i06', 'i07', 'i10', 'i12']);
  });
});

describe('$regex', () => {
  it('matches string values, case-insensitively with $options i', async () => {
    expect(await find({ name: { $regex: '^[a-c]' } })).toEqual(['i01', 'i02', 'i03']);
    expect(await find({ name: { $regex: 'honey' } })).toEqual([]);
    expect(await find({ name: { $regex: 'honey', $options: 'i' } })).toEqual(['i08']);
    expect(await find({ name: { $regex: 'e$' } })).toEqual(['i01', 'i04', 'i07']);
    expect(await find({ 'address.city': { $regex: '^(paris|nice)$' } })).toEqual(['i01', 'i03', 'i05', 'i08', 'i11']);
    expect(await find({ 'address.zip': { $regex: '^7' } })).toEqual(['i01']);
    expect(await find({ 'address.geo.lat': { $regex: '4' } })).toEqual([]);
    expect(await find({ status: { $regex: 'drop table' } })).toEqual(['i10']);
  });

  it('translates \\b and \\xHH; "." also matches a newline in PostgreSQL', async () => {
    expect(await find({ name: { $regex: '\\bmelon' } })).toEqual(['i12']);
    expect(await find({ name: { $regex: '\\Bmelon' } })).toEqual([]);
    expect(await find({ name: { $regex: '^\\x41pple', $options: 'i' } })).toEqual(['i01']);
    expect(await find({ name: { $regex: '^mango.melon$' } })).toEqual(['i12']);
    expect(await find({ name: { $regex: '\\d' } })).toEqual([]);
  });

  it('runs every accepted pattern, translated escapes included', async () => {
    await db.insert(entityRecords).values([
      { id: 'm1', appId: APP, entity: 'marks', data: { name: 'smile 😀 here' } },
      { id: 'm2', appId: APP, entity: 'marks', data: { name: 'café\tbar' } },
    ]);
    const marks = (pattern: string) => list({ q: JSON.stringify({ name: { $regex: pattern } }), sort: 'id' }, 'marks');
    expect(await marks('\\u{1F600}')).toEqual(['m1']);
    expect(await marks('\\uD83D\\uDE00 h')).toEqual(['m1']);
    expect(await marks('caf\\u00e9\\t')).toEqual(['m2']);
    expect(await marks('^.{4}\\t')).toEqual(['m2']);
    const accepted = [
      'a{255}(b{10}){5}',
      '[\\D]',
      '(?<=a)b',
      '(?<!a)b',
      '(?=a)',
      '\\cJ',
      '[\\s\\S]+',
      'a|',
      '()',
      '[a\\-z]',
      '\\/\\.\\*',
      '[[a]',
      'a*?b+?c??',
      '\\W\\S\\D',
    ];
    for (const pattern of accepted) await expect(marks(pattern), pattern).resolves.toBeInstanceOf(Array);
  });

  it('works on the text columns', async () => {
    expect(await find({ id: { $regex: '^i0[1-3]$' } })).toEqual(['i01', 'i02', 'i03']);
    expect(await find({ creatorId: { $regex: '^U[34]$', $options: 'i' } })).toEqual(['i06', 'i07', 'i10', 'i12']);
  });
});

describe('$and / $or', () => {
  it('mix at any level', async () => {
    expect(await find({ $or: [{ status: 'draft' }, { price: { $gt: 99 } }] })).toEqual(['i03', 'i04', 'i11']);
    expect(await find({ $and: [{ tags: 'fruit' }, { tags: 'red' }] })).toEqual(['i01']);
    expect(await find({ status: 'open', $or: [{ 'address.city': 'paris' }, { tags: 'yellow' }] })).toEqual([
      'i01',
      'i02',
      'i08',
      'i11',
    ]);
    expect(await find({ $or: [{ $and: [{ active: true }, { price: { $lt: 50 } }] }, { creatorId: null }] })).toEqual([
      'i01',
      'i04',
      'i08',
      'i12',
    ]);
    expect(await find({ $or: [{ status: { $ne: 'open' } }], name: { $regex: '^[a-f]' } })).toEqual([
      'i03',
      'i04',
      'i05',
    ]);
    expect(
      await find({ $or: [{ $or: [{ id: 'i01' }, { id: 'i02' }] }, { $and: [{ id: 'i03' }, { qty: 3 }] }] }),
    ).toEqual(['i01', 'i02', 'i03']);
  });
});

describe('sort', () => {
  it('orders numbers numerically, strings before numbers (jsonb order), missing last', async () => {
    expect(await list({ sort: 'price' })).toEqual([
      'i06',
      'i08',
      'i07',
      'i04',
      'i10',
      'i02',
      'i09',
      'i01',
      'i12',
      'i03',
      'i11',
      'i05',
    ]);
    expect(await list({ sort: '-price' })).toEqual([
      'i11',
      'i03',
      'i12',
      'i01',
      'i09',
      'i02',
      'i10',
      'i04',
      'i07',
      'i08',
      'i06',
      'i05',
    ]);
  });

  it('takes several keys, nested paths and columns; ties end on id', async () => {
    expect(await list({ sort: 'status,-price' })).toEqual([
      'i03',
      'i12',
      'i07',
      'i04',
      'i11',
      'i01',
      'i09',
      'i02',
      'i08',
      'i06',
      'i10',
      'i05',
    ]);
    expect(await list({ sort: 'address.city' })).toEqual([
      'i07',
      'i02',
      'i11',
      'i05',
      'i08',
      'i03',
      'i01',
      'i12',
      'i10',
      'i09',
      'i06',
      'i04',
    ]);
    expect(await list({ sort: 'creatorId' })).toEqual([
      'i09',
      'i02',
      'i01',
      'i11',
      'i05',
      'i03',
      'i07',
      'i06',
      'i12',
      'i10',
      'i08',
      'i04',
    ]);
    expect(await list({ sort: '-id' })).toEqual([...ALL_ITEMS].reverse());
  });

  it('defaults to newest first; createdAt is its exact reverse, ties included', async () => {
    const newest = ['i12', 'i11', 'i10', 'i09', 'i08', 'i07', 'i05', 'i06', 'i04', 'i03', 'i02', 'i01'];
    expect(await list({})).toEqual(newest);
    expect(await list({ sort: '-createdAt' })).toEqual(newest);
    expect(await list({ sort: 'createdAt' })).toEqual([...newest].reverse());
  });

  it('combines with a filter', async () => {
    expect(await list({ q: JSON.stringify({ tags: 'fruit' }), sort: '-price' })).toEqual([
      'i01',
      'i09',
      'i02',
      'i07',
      'i06',
    ]);
  });
});

describe('paging', () => {
  const newestEvents = [
    'e16',
    'e15',
    'e14',
    'e13',
    'e12',
    'e11',
    'e10',
    'e09',
    'e08',
    'e05',
    'e06',
    'e07',
    'e04',
    'e03',
    'e02',
    'e01',
  ];

  it('pages through ties without gaps or repeats', async () => {
    expect(await list({}, 'events')).toEqual(newestEvents);
    const pages: string[] = [];
    for (let skip = 0; skip < 16; skip += 5) pages.push(...(await list({ limit: '5', skip: String(skip) }, 'events')));
    expect(pages).toEqual(newestEvents);
    expect(await list({ sort: 'createdAt', limit: '4', skip: '3' }, 'events')).toEqual(['e04', 'e07', 'e06', 'e05']);
    expect(await list({ skip: '100000', limit: '1000' }, 'events')).toEqual([]);
  });

  it('sorts and filters integers numerically', async () => {
    expect(await list({ sort: '-n', limit: '3' }, 'events')).toEqual(['e16', 'e15', 'e14']);
    expect(await list({ q: '{"n":{"$gte":9,"$lte":11}}', sort: 'n' }, 'events')).toEqual(['e09', 'e10', 'e11']);
  });
});

describe('createdAt / updatedAt', () => {
  const events = (q: unknown) => list({ q: JSON.stringify(q), sort: 'id' }, 'events');
  const e = (...ns: number[]) => ns.map((n) => `e${String(n).padStart(2, '0')}`);
  const range = (from: number, to: number) => e(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

  it('compare at millisecond precision, so a value read back from the API finds its record', async () => {
    expect(await events({ createdAt: '2024-05-01T12:00:10.123Z' })).toEqual(e(10));
    expect(await events({ createdAt: '2024-05-01T14:00:10.123+02:00' })).toEqual(e(10));
    expect(await events({ createdAt: '2024-05-01T12:00:10.124Z' })).toEqual([]);
    expect(await events({ createdAt: { $gt: '2024-05-01T12:00:10.123Z' } })).toEqual(range(11, 16));
    expect(await events({ createdAt: { $gte: '2024-05-01T12:00:10.123Z' } })).toEqual(range(10, 16));
    expect(await events({ createdAt: { $lt: '2024-05-01T12:00:10.123Z' } })).toEqual(range(1, 9));
    expect(await events({ createdAt: { $lte: '2024-05-01T12:00:10.123Z' } })).toEqual(range(1, 10));
    expect(await events({ createdAt: { $ne: '2024-05-01T12:00:10.123Z' } })).toEqual([
      ...range(1, 9),
      ...range(11, 16),
    ]);
    expect(await events({ createdAt: { $in: ['2024-05-01T12:00:05.123Z', '2024-05-01T12:00:16.123Z'] } })).toEqual(
      e(5, 6, 7, 16),
    );
    expect(await events({ createdAt: { $nin: ['2024-05-01T12:00:05.123Z'] } })).toEqual([
      ...range(1, 4),
      ...range(8, 16),
    ]);
    expect(await events({ updatedAt: { $gte: '2024-05-02' } })).toEqual(e(3, 12));
    expect(await events({ createdAt: { $gte: '2024-05-01', $lt: '2024-05-02' } })).toEqual(range(1, 16));
  });
});

describe('scoping and delete-many', () => {
  it('leaves app and entity scoping to the caller', async () => {
    expect(await list({ q: '{"name":"apple"}' }, 'items', OTHER_APP)).toEqual(['x01']);
    expect(await list({ q: '{"name":"apple"}' })).toEqual(['i01']);
  });

  it('compileFilter works in a DELETE', async () => {
    await db
      .insert(entityRecords)
      .values(['t1', 't2', 't3'].map((id, i) => ({ id, appId: APP, entity: 'trash', data: { n: i } })));
    const deleted = await db
      .delete(entityRecords)
      .where(
        and(
          eq(entityRecords.appId, APP),
          eq(entityRecords.entity, 'trash'),
          compileFilter({ n: { $gte: 1 } }, EVENT_FIELDS),
        ),
      )
      .returning({ id: entityRecords.id });
    expect(deleted.map((row) => row.id).sort()).toEqual(['t2', 't3']);
    expect(await list({}, 'trash')).toEqual(['t1']);
  });
});
