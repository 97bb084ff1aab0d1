import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ENTITY_LIST_DEFAULT_LIMIT } from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import { compileFilter, parseListQuery, type EntityFields, type RawListParams } from './record-query';

const FIELDS: EntityFields = {
  name: { type: 'string' },
  price: { type: 'number' },
  qty: { type: 'integer' },
  active: { type: 'boolean' },
  tags: { type: 'array' },
  address: { type: 'object' },
  due: { type: 'string', format: 'date-time' },
};

const dialect = new PgDialect();
const render = (fragment: SQL) => {
  const { sql, params } = dialect.sqlToQuery(fragment);
  return { sql, params };
};
/** The compiled filter of a q given as a JS value (sent as JSON text, as the API gets it). */
const where = (q: unknown, fields = FIELDS) => render(parseListQuery({ q: JSON.stringify(q) }, fields).where);
const order = (sort: string | undefined) => parseListQuery({ sort }, FIELDS).orderBy.map((term) => render(term).sql);

const D = '"entity_records"."data"';
const at = (...params: number[]) => `(${D} #> ARRAY[${params.map((n) => `$${n}`).join(', ')}]::text[])`;
/** A top-level scalar schema field, as the sort indexes are built on it (the key as a literal). */
const lit = (field: string) => `nullif(("data" -> '${field}'), 'null'::jsonb)`;

/** The AppError thrown by `fn`, so a test can assert its code and exact message. */
function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
const qError = (q: unknown, fields = FIELDS) => {
  const error = errorOf(() => parseListQuery({ q: typeof q === 'string' ? q : JSON.stringify(q) }, fields));
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.status).toBe(400);
  return error.message;
};
const paramsError = (params: RawListParams) => errorOf(() => parseListQuery(params, FIELDS)).message;

describe('q: absent and trivial', () => {
  it('gives true for no filter', () => {
    for (const q of [undefined, '', '   ', '{}'])
      expect(render(parseListQuery({ q }, FIELDS).where)).toEqual({ sql: 'true', params: [] });
    expect(render(compileFilter(undefined, FIELDS)).sql).toBe('true');
    expect(render(compileFilter({}, FIELDS)).sql).toBe('true');
  });

  it('refuses text that is not a JSON object', () => {
    expect(qError('{name:1}')).toBe('q is not valid JSON');
    expect(qError('{"name": "a"')).toBe('q is not valid JSON');
    for (const q of ['[]', '5', '"name"', 'null', 'true']) expect(qError(q)).toBe('q must be a JSON object');
    expect(errorOf(() => compileFilter(null, FIELDS)).message).toBe('q must be a JSON object');
    expect(errorOf(() => compileFilter({ name: undefined }, FIELDS)).message).toBe('q is not valid JSON');
    expect(errorOf(() => compileFilter({ name: () => 1 }, FIELDS)).message).toBe('q is not valid JSON');
  });
});

describe('q: equality', () => {
  it('uses containment for scalars, so the GIN index serves it', () => {
    expect(where({ name: 'apple' })).toEqual({ sql: `${D} @> $1::jsonb`, params: ['{"name":"apple"}'] });
    expect(where({ price: 10.5, active: false })).toEqual({
      sql: `(${D} @> $1::jsonb AND ${D} @> $2::jsonb)`,
      params: ['{"price":10.5}', '{"active":false}'],
    });
    expect(where({ name: { $eq: 'x' } })).toEqual({ sql: `${D} @> $1::jsonb`, params: ['{"name":"x"}'] });
  });

  it('means "contains" for a scalar on an array field and "exactly" for an array', () => {
    expect(where({ tags: 'red' })).toEqual({ sql: `${D} @> $1::jsonb`, params: ['{"tags":["red"]}'] });
    expect(where({ tags: ['a', 'b'] })).toEqual({
      sql: `(${D} @> $1::jsonb AND ${at(2)} = $3::jsonb)`,
      params: ['{"tags":["a","b"]}', 'tags', '["a","b"]'],
    });
  });

  it('nests dotted paths into the containment document; objects are exact', () => {
    expect(where({ 'address.city': 'paris' })).toEqual({
      sql: `${D} @> $1::jsonb`,
      params: ['{"address":{"city":"paris"}}'],
    });
    expect(where({ 'address.geo.lat': 1 }).params).toEqual(['{"address":{"geo":{"lat":1}}}']);
    expect(where({ address: { city: 'x' } })).toEqual({
      sql: `(${D} @> $1::jsonb AND ${at(2)} = $3::jsonb)`,
      params: ['{"address":{"city":"x"}}', 'address', '{"city":"x"}'],
    });
    expect(where({ 'address.lines': ['a'] }).params).toEqual([
      '{"address":{"lines":["a"]}}',
      'address',
      'lines',
      '["a"]',
    ]);
  });

  it('reads null as "null or missing"', () => {
    expect(where({ name: null })).toEqual({
      sql: `(coalesce(${at(1)}, 'null'::jsonb) = 'null'::jsonb)`,
      params: ['name'],
    });
    expect(where({ 'address.zip': null }).params).toEqual(['address', 'zip']);
  });

  it('compares the columns as columns', () => {
    expect(where({ id: 'r1' })).toEqual({ sql: '"entity_records"."id" = $1', params: ['r1'] });
    expect(where({ creatorId: 'u1' })).toEqual({
      sql: 'coalesce("entity_records"."creator_id" = $1, false)',
      params: ['u1'],
    });
    expect(where({ creatorId: null })).toEqual({ sql: '"entity_records"."creator_id" IS NULL', params: [] });
    expect(where({ createdAt: '2024-05-01T12:00:00.5+02:00' })).toEqual({
      sql: '("entity_records"."created_at" >= $1::timestamptz AND "entity_records"."created_at" < $2::timestamptz)',
      params: ['2024-05-01T10:00:00.500Z', '2024-05-01T10:00:00.501Z'],
    });
    expect(where({ updatedAt: '2024-05-01' }).params).toEqual(['2024-05-01T00:00:00.000Z', '2024-05-01T00:00:00.001Z']);
  });

  it('lets the columns win over data properties of the same name', () => {
    expect(where({ id: 'r1' }, { id: { type: 'string' } }).sql).toBe('"entity_records"."id" = $1');
  });

  it('refuses values whose shape cannot fit the field', () => {
    expect(qError({ name: ['a'] })).toBe('Value for "name" must be a string, number, boolean or null');
    expect(qError({ price: { a: 1 } })).toBe('Value for "price" must be a string, number, boolean or null');
    expect(qError({ tags: { a: 1 } })).toBe('Value for "tags" must be a scalar or an array');
    expect(qError({ address: [1] })).toBe('Value for "address" must be an object or a scalar');
    expect(qError({ id: 5 })).toBe('Value for "id" must be a string');
    expect(qError({ creatorId: true })).toBe('Value for "creatorId" must be a string');
    expect(qError({ createdAt: 1714560000000 })).toBe(
      'Value for "createdAt" must be an ISO date-time like 2024-05-01T12:00:00Z',
    );
  });

  it('accepts only real ISO dates for createdAt/updatedAt', () => {
    const message = 'Value for "createdAt" must be an ISO date-time like 2024-05-01T12:00:00Z';
    for (const bad of [
      'yesterday',
      '2024-02-30',
      '2024-13-01',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00:00',
      '2024-01-01T10:00',
      '0000-01-01',
      '0001-01-01T00:00:00+01:00',
      '10000-01-01',
      '2024-1-1',
      '2024-01-01T10:00:60Z',
      '2024-01-01T10:00:00+24:00',
    ]) {
      expect(qError({ createdAt: bad }), bad).toBe(message);
    }
    expect(where({ createdAt: '2024-02-29T23:59:59.9999999-00:30' }).params).toEqual([
      '2024-03-01T00:29:59.999Z',
      '2024-03-01T00:30:00.000Z',
    ]);
    expect(where({ createdAt: '2024-01-01 10:00:00Z' }).params[0]).toBe('2024-01-01T10:00:00.000Z');
    expect(where({ createdAt: '2024-01-01T10:00+0100' }).params[0]).toBe('2024-01-01T09:00:00.000Z');
  });
});

describe('q: $ne', () => {
  it('negates equality, so missing fields match', () => {
    expect(where({ name: { $ne: 'a' } })).toEqual({ sql: `(NOT ${D} @> $1::jsonb)`, params: ['{"name":"a"}'] });
    expect(where({ name: { $ne: null } }).sql).toBe(`(NOT (coalesce(${at(1)}, 'null'::jsonb) = 'null'::jsonb))`);
    expect(where({ creatorId: { $ne: 'u' } }).sql).toBe('(NOT coalesce("entity_records"."creator_id" = $1, false))');
  });
});

describe('q: $gt $gte $lt $lte', () => {
  it('compare only values of the same JSON type', () => {
    // Top-level scalar fields: the type test is a bound of the range where jsonb's order has one.
    expect(where({ price: { $gt: 5 } })).toEqual({
      sql: `(${lit('price')} > $1::jsonb AND ${lit('price')} < 'false'::jsonb)`,
      params: ['5'],
    });
    expect(where({ price: { $lte: 5 } }).sql).toBe(
      `(jsonb_typeof(${lit('price')}) = 'number' AND ${lit('price')} <= $1::jsonb)`,
    );
    expect(where({ name: { $lte: 'm' } }).sql).toBe(`${lit('name')} <= $1::jsonb`);
    expect(where({ name: { $gt: 'm' } }).sql).toBe(
      `(jsonb_typeof(${lit('name')}) = 'string' AND ${lit('name')} > $1::jsonb)`,
    );
    expect(where({ active: { $lt: true } }).sql).toContain("= 'boolean'");
    expect(where({ 'address.geo.lat': { $gte: 1 } }).params).toEqual([
      'address',
      'geo',
      'lat',
      'address',
      'geo',
      'lat',
      '1',
    ]);
  });

  it('combine in one object', () => {
    expect(where({ price: { $gt: 1, $lt: 5 } }).sql).toBe(
      `((${lit('price')} > $1::jsonb AND ${lit('price')} < 'false'::jsonb) AND (jsonb_typeof(${lit('price')}) = 'number' AND ${lit('price')} < $2::jsonb))`,
    );
  });

  it('compare createdAt at millisecond precision and text columns as text', () => {
    const c = '"entity_records"."created_at"';
    const v = '2024-05-01T12:00:00.123Z';
    expect(where({ createdAt: { $gt: v } })).toEqual({
      sql: `${c} >= $1::timestamptz`,
      params: ['2024-05-01T12:00:00.124Z'],
    });
    expect(where({ createdAt: { $gte: v } })).toEqual({ sql: `${c} >= $1::timestamptz`, params: [v] });
    expect(where({ createdAt: { $lt: v } })).toEqual({ sql: `${c} < $1::timestamptz`, params: [v] });
    expect(where({ createdAt: { $lte: v } })).toEqual({
      sql: `${c} < $1::timestamptz`,
      params: ['2024-05-01T12:00:00.124Z'],
    });
    expect(where({ id: { $gt: 'r' } })).toEqual({ sql: '"entity_records"."id" > $1', params: ['r'] });
  });

  it('refuse bounds that cannot be compared', () => {
    expect(qError({ price: { $gt: null } })).toBe('$gt on "price" needs a string, number or boolean');
    expect(qError({ price: { $gte: [1] } })).toBe('$gte on "price" needs a string, number or boolean');
    expect(qError({ price: { $lt: { a: 1 } } })).toBe('$lt on "price" needs a string, number or boolean');
    expect(qError({ tags: { $lte: 'a' } })).toBe('$lte is not supported on "tags" (an array field)');
    expect(qError({ address: { $gt: 'a' } })).toBe('$gt is not supported on "address" (an object field)');
    expect(qError({ due: { $gt: 1714560000 } })).toBe('$gt on "due" needs an ISO date string');
    expect(qError({ id: { $gt: 1 } })).toBe('$gt on "id" must be a string');
    expect(qError({ updatedAt: { $lt: 'soon' } })).toBe(
      '$lt on "updatedAt" must be an ISO date-time like 2024-05-01T12:00:00Z',
    );
  });
});

describe('q: $in and $nin', () => {
  it('compile to containment of any of the values (one GIN probe per value)', () => {
    expect(where({ name: { $in: ['a', 'b'] } })).toEqual({
      sql: `${D} @> ANY(ARRAY[$1::jsonb, $2::jsonb])`,
      params: ['{"name":"a"}', '{"name":"b"}'],
    });
    expect(where({ name: { $in: ['a'] } })).toEqual({ sql: `${D} @> $1::jsonb`, params: ['{"name":"a"}'] });
    expect(where({ tags: { $in: ['a', 'b'] } }).params).toEqual(['{"tags":["a"]}', '{"tags":["b"]}']);
    expect(where({ 'address.city': { $in: ['x', 1, true] } }).params).toEqual([
      '{"address":{"city":"x"}}',
      '{"address":{"city":1}}',
      '{"address":{"city":true}}',
    ]);
  });

  it('match missing only when null is listed; empty lists match nothing / everything', () => {
    expect(where({ name: { $in: ['a', null] } })).toEqual({
      sql: `(${D} @> $1::jsonb OR (coalesce(${at(2)}, 'null'::jsonb) = 'null'::jsonb))`,
      params: ['{"name":"a"}', 'name'],
    });
    expect(where({ name: { $in: [] } }).sql).toBe('false');
    expect(where({ name: { $nin: [] } }).sql).toBe('(NOT false)');
    expect(where({ name: { $nin: ['a', 'b'] } }).sql).toBe(`(NOT ${D} @> ANY(ARRAY[$1::jsonb, $2::jsonb]))`);
  });

  it('use IN on text columns and ranges on timestamps', () => {
    expect(where({ id: { $in: ['a', 'b'] } })).toEqual({
      sql: '"entity_records"."id" IN ($1, $2)',
      params: ['a', 'b'],
    });
    expect(where({ creatorId: { $nin: ['a', null] } }).sql).toBe(
      '(NOT (coalesce("entity_records"."creator_id" IN ($1), false) OR "entity_records"."creator_id" IS NULL))',
    );
    expect(where({ createdAt: { $in: ['2024-01-01', '2024-01-02'] } }).params).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-01T00:00:00.001Z',
      '2024-01-02T00:00:00.000Z',
      '2024-01-02T00:00:00.001Z',
    ]);
  });

  it('refuse anything but an array of scalars', () => {
    expect(qError({ status: { $in: 'open' } }, { status: { type: 'string' } })).toBe('$in on "status" needs an array');
    expect(qError({ name: { $nin: { a: 1 } } })).toBe('$nin on "name" needs an array');
    expect(qError({ name: { $in: [['a']] } })).toBe(
      '$in on "name" needs an array of strings, numbers, booleans or null',
    );
    expect(qError({ name: { $in: [{ a: 1 }] } })).toBe(
      '$in on "name" needs an array of strings, numbers, booleans or null',
    );
    expect(qError({ id: { $in: [1] } })).toBe('$in on "id" must be a string');
    expect(qError({ createdAt: { $nin: ['x'] } })).toBe(
      '$nin on "createdAt" must be an ISO date-time like 2024-05-01T12:00:00Z',
    );
  });
});

describe('q: $regex', () => {
  const pattern = (p: string, options?: string) =>
    where({ name: options === undefined ? { $regex: p } : { $regex: p, $options: options } });
  const regexError = (p: string) => qError({ name: { $regex: p } });

  it('compiles to ~ / ~* on string values, the pattern as a parameter', () => {
    expect(pattern('^a.c$')).toEqual({
      sql: `(jsonb_typeof(${at(1)}) = 'string' AND (${D} #>> ARRAY[$2]::text[]) ~ $3)`,
      params: ['name', 'name', '^a.c$'],
    });
    expect(pattern('abc', 'i').sql).toContain(') ~* $3');
    expect(pattern('abc', '').sql).toContain(') ~ $3');
    expect(where({ id: { $regex: '^r' } })).toEqual({ sql: '"entity_records"."id" ~ $1', params: ['^r'] });
    expect(where({ 'address.city': { $regex: 'x' } }).params).toEqual(['address', 'city', 'address', 'city', 'x']);
  });

  it('translates the escapes PostgreSQL spells differently', () => {
    const translated = (p: string) => pattern(p).params[2];
    expect(translated('\\bword\\B')).toBe('\\yword\\Y');
    expect(translated('\\x41[\\x61-\\x7A]')).toBe('\\u0041[\\u0061-\\u007A]');
    expect(translated('\\u{1F600}')).toBe('\\U0001F600');
    expect(translated('\\uD83D\\uDE00')).toBe('\\U0001f600');
    expect(translated('\\u00e9\\d+\\s*\\w?[\\d\\-.]{2,5}?(?:a|b)(?=c)(?<!d)\\.\\/\\cJ\\t')).toBe(
      '\\u00e9\\d+\\s*\\w?[\\d\\-.]{2,5}?(?:a|b)(?=c)(?<!d)\\.\\/\\cJ\\t',
    );
  });

  it('refuses patterns JS cannot compile, with the reason', () => {
    expect(regexError('(')).toMatch(
      /^Invalid regular expression in \$regex on "name": .*(Unterminated group|missing \))/,
    );
    expect(regexError('(?i)abc')).toMatch(/^Invalid regular expression in \$regex on "name": /);
    expect(regexError('\\q')).toMatch(/^Invalid regular expression in \$regex on "name": .*Invalid escape/);
    expect(regexError('a{,3}')).toMatch(/^Invalid regular expression in \$regex on "name": /);
  });

  it('refuses what PostgreSQL would read differently or fail on', () => {
    const prefix = 'Invalid regular expression in $regex on "name": ';
    expect(regexError('(a)\\1')).toBe(`${prefix}back-references are not supported`);
    expect(regexError('(?<x>a)')).toBe(`${prefix}named groups are not supported`);
    expect(regexError('\\p{L}')).toBe(`${prefix}\\p{...} is not supported`);
    expect(regexError('\\0')).toBe(`${prefix}\\0 is not supported`);
    expect(regexError('[\\b]')).toBe(`${prefix}[\\b] is not supported`);
    expect(regexError('[[:a]')).toBe(`${prefix}"[:" inside [...] is not supported (escape the "[")`);
    expect(regexError('[]|a')).toBe(`${prefix}"[]" is not supported`);
    expect(regexError('[^]')).toBe(`${prefix}"[^]" is not supported`);
    expect(regexError('a{256}')).toBe(`${prefix}repeat counts above 255 are not supported`);
    expect(regexError('(a{100}){100}')).toBe(`${prefix}the pattern is too complex`);
    expect(regexError('((a{20}){20}){20}')).toBe(`${prefix}the pattern is too complex`);
    expect(pattern('a{255}(b{10}){5}').params[2]).toBe('a{255}(b{10}){5}');
  });

  it('checks the field, the pattern type and length, and $options', () => {
    expect(qError({ price: { $regex: '1' } })).toBe('$regex on "price" needs a text field');
    expect(qError({ createdAt: { $regex: '2024' } })).toBe('$regex on "createdAt" needs a text field');
    expect(qError({ name: { $regex: 5 } })).toBe('$regex on "name" needs a string');
    expect(qError({ name: { $regex: 'a'.repeat(201) } })).toBe('$regex on "name" is longer than 200 characters');
    expect(pattern('a'.repeat(200)).params[2]).toHaveLength(200);
    expect(qError({ name: { $regex: 'a', $options: 'g' } })).toBe('$options on "name" supports only "i"');
    expect(qError({ name: { $options: 'i' } })).toBe('$options on "name" needs $regex next to it');
  });
});

describe('q: $and / $or and structure', () => {
  it('nests at any level; several conditions in one object are ANDed', () => {
    expect(where({ $or: [{ name: 'a' }, { $and: [{ price: 1 }, { active: true }] }], tags: 'x' })).toEqual({
      sql: `((${D} @> $1::jsonb OR (${D} @> $2::jsonb AND ${D} @> $3::jsonb)) AND ${D} @> $4::jsonb)`,
      params: ['{"name":"a"}', '{"price":1}', '{"active":true}', '{"tags":["x"]}'],
    });
    expect(where({ $and: [{ name: 'a' }] }).sql).toBe(`${D} @> $1::jsonb`);
  });

  it('refuses malformed logic, unknown operators and mixed condition objects', () => {
    expect(qError({ $or: { name: 'a' } })).toBe('$or needs a non-empty array of conditions');
    expect(qError({ $and: [] })).toBe('$and needs a non-empty array of conditions');
    expect(qError({ $or: ['a'] })).toBe('$or needs a non-empty array of conditions');
    expect(qError({ $nor: [{ name: 'a' }] })).toBe('Unknown operator "$nor" in q');
    expect(qError({ $where: 'sleep(1)' })).toBe('Unknown operator "$where" in q');
    expect(qError({ qty: { $foo: 1 } })).toBe('Unknown operator "$foo" on "qty"');
    expect(qError({ qty: { $exists: true } })).toBe('Unknown operator "$exists" on "qty"');
    expect(qError({ address: { $gt: 1, city: 'x' } })).toBe(
      'Cannot mix operators and plain keys in the condition on "address"',
    );
  });

  it('refuses unknown fields, including prototype names and sub-paths of non-objects', () => {
    expect(qError({ colour: 'red' })).toBe('Unknown field "colour" in q');
    expect(qError({ constructor: 'x' })).toBe('Unknown field "constructor" in q');
    expect(qError('{"__proto__": {"x": 1}}')).toBe('Unknown field "__proto__" in q');
    expect(qError({ 'name.first': 'x' })).toBe('Unknown field "name.first" in q: "name" is not an object');
    expect(qError({ 'tags.0': 'x' })).toBe('Unknown field "tags.0" in q: "tags" is not an object');
    expect(qError({ 'address.': 'x' })).toBe('Unknown field "address." in q');
    expect(qError({ 'address..city': 'x' })).toBe('Unknown field "address..city" in q');
    expect(qError({ 'colour.x': 'x' })).toBe('Unknown field "colour.x" in q');
    expect(qError({ 'id.x': 'x' })).toBe('Unknown field "id.x" in q');
  });

  it('refuses __proto__, constructor and prototype anywhere in a path, in q and in sort', () => {
    for (const path of ['address.__proto__', 'address.constructor.x', 'address.x.prototype']) {
      const segment = path.split('.').find((s) => ['__proto__', 'constructor', 'prototype'].includes(s));
      expect(qError(JSON.parse(`{"${path}": 1}`))).toBe(`Field "${path}" in q: "${segment}" is not allowed in a path`);
      expect(errorOf(() => parseListQuery({ sort: `-${path}` }, FIELDS)).message).toBe(
        `Field "${path}" in sort: "${segment}" is not allowed in a path`,
      );
    }
  });

  it('bounds a path to 32 segments (a q of 4,900 reached the database)', () => {
    const long = `address${'.a'.repeat(4_899)}`;
    expect(qError({ [long]: 1 })).toBe('A field path in q has more than 32 segments');
    expect(errorOf(() => parseListQuery({ sort: long }, FIELDS)).message).toBe(
      'A field path in sort has more than 32 segments',
    );
    expect(where({ [`address${'.a'.repeat(31)}`]: 1 }).params).toHaveLength(1);
  });
});

describe('q: limits', () => {
  const nested = (levels: number) => {
    let q: unknown = { name: 'a' };
    for (let i = 1; i < levels; i++) q = { $and: [q] };
    return q;
  };

  it('caps the length at 10,000 characters', () => {
    const fits = JSON.stringify({ name: 'x'.repeat(10_000 - 11) });
    expect(fits).toHaveLength(10_000);
    expect(where(JSON.parse(fits)).params).toHaveLength(1);
    expect(qError(JSON.stringify({ name: 'x'.repeat(10_000 - 10) }))).toBe('q is longer than 10000 characters');
  });

  it('caps nesting at 8 levels', () => {
    // Each $and level adds an object and an array: 1 + 2 * 3 = 7 levels, then the operator object.
    expect(() => where({ $and: [{ $and: [{ $and: [{ name: { $in: ['a'] } }] }] }] })).toThrow(
      'q is nested more than 8 levels deep',
    );
    expect(where({ $and: [{ $and: [{ $and: [{ name: { $ne: 'a' } }] }] }] }).params).toEqual(['{"name":"a"}']);
    expect(where(nested(4)).params).toEqual(['{"name":"a"}']);
    expect(qError(nested(5))).toBe('q is nested more than 8 levels deep');
    expect(where({ address: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } } }).params).toHaveLength(3);
    expect(qError({ address: { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } } })).toBe(
      'q is nested more than 8 levels deep',
    );
  });

  it('caps arrays at 1,000 items', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i);
    expect(where({ price: { $in: values } }).params).toHaveLength(1000);
    expect(qError({ price: { $in: [...values, 1000] } })).toBe('q has an array with more than 1000 items');
  });

  it('refuses numbers out of range and characters PostgreSQL cannot store', () => {
    expect(qError('{"price": 1e999}')).toBe('q has a number out of range');
    expect(qError({ name: 'a\u0000b' })).toBe('q contains a character that cannot be stored (NUL or a lone surrogate)');
    expect(qError('{"name": "\\ud800"}')).toBe(
      'q contains a character that cannot be stored (NUL or a lone surrogate)',
    );
    expect(qError('{"address.\\u0000": 1}')).toBe(
      'q contains a character that cannot be stored (NUL or a lone surrogate)',
    );
    expect(where({ name: '😀 é' }).params).toEqual(['{"name":"😀 é"}']);
  });
});

describe('q: no user text in the SQL', () => {
  const HOSTILE = [
    "x'); DROP TABLE entity_records;--",
    '"; SELECT pg_sleep(10); --',
    "$1') OR ('1'='1",
    'ARRAY[1]::text[]) OR true --',
  ];
  const MARKERS = ['DROP', 'pg_sleep', "'1'='1", 'OR true'];

  it('refuses hostile field names as unknown fields', () => {
    for (const name of HOSTILE) {
      expect(qError({ [name]: 1 })).toBe(
        name.startsWith('$') ? `Unknown operator "${name}" in q` : `Unknown field "${name}" in q`,
      );
    }
    expect(qError({ "a'); drop table x;--": 1 })).toBe('Unknown field "a\'); drop table x;--" in q');
    expect(paramsError({ sort: "-a'); drop table x;--" })).toBe('Unknown field "a\'); drop table x;--" in sort');
    expect(paramsError({ fields: "name,a'); drop table x;--" })).toBe(
      'Unknown field "a\'); drop table x;--" in fields',
    );
  });

  it('binds hostile values, sub-paths and patterns as parameters under every operator', () => {
    for (const text of HOSTILE) {
      const escaped = text.replace(/[()[\]$*+?.|{}^\\]/g, '\\$&');
      const queries: unknown[] = [
        { name: text },
        { name: { $ne: text, $gt: text, $gte: text, $lt: text, $lte: text } },
        { name: { $in: [text, 'b'], $nin: [text] } },
        { name: { $regex: escaped } },
        { id: { $in: [text] }, creatorId: text },
        { [`address.${text}`]: text },
        { [`address.${text}`]: { $gt: 1, $regex: 'a', $in: [text, null] } },
        { $or: [{ tags: text }, { tags: [text] }, { address: { [`k${text}`]: text } }] },
      ];
      for (const q of queries) {
        const { sql, params } = where(q);
        for (const marker of MARKERS) expect(sql, JSON.stringify(q)).not.toContain(marker);
        const bound = params.some(
          (p) =>
            typeof p === 'string' && (p === text || p === escaped || p.includes(JSON.stringify(text).slice(1, -1))),
        );
        expect(bound, JSON.stringify(q)).toBe(true);
      }
      const sorted = parseListQuery({ sort: `address.${text},-address.${text}` }, FIELDS).orderBy.map(render);
      for (const term of sorted) for (const marker of MARKERS) expect(term.sql).not.toContain(marker);
      expect(sorted[0]!.params).toEqual(['address', text]);
    }
  });
});

describe('sort', () => {
  const CREATED = '"entity_records"."created_at"';
  const ID = '"entity_records"."id"';

  it('defaults to newest first with the id tie-breaker the list index serves', () => {
    expect(order(undefined)).toEqual([`${CREATED} DESC NULLS LAST`, `${ID} ASC`]);
    expect(order('')).toEqual(order('-createdAt'));
  });

  it('runs the id tie-breaker opposite to the last key, so createdAt is the exact reverse', () => {
    expect(order('createdAt')).toEqual([`${CREATED} ASC NULLS FIRST`, `${ID} DESC`]);
    expect(order('-updatedAt')).toEqual(['"entity_records"."updated_at" DESC NULLS LAST', `${ID} ASC`]);
  });

  it('orders data fields by their JSON value, null and missing last', () => {
    expect(order('price,-address.city')).toEqual([
      `${lit('price')} ASC NULLS LAST`,
      `nullif(${at(1, 2)}, 'null'::jsonb) DESC NULLS LAST`,
      `${ID} ASC`,
    ]);
    expect(parseListQuery({ sort: 'price,-address.city' }, FIELDS).orderBy.flatMap((t) => render(t).params)).toEqual([
      'address',
      'city',
    ]);
    expect(order(' -price , creatorId ')).toEqual([
      `${lit('price')} DESC NULLS LAST`,
      '"entity_records"."creator_id" ASC NULLS LAST',
      `${ID} DESC`,
    ]);
    // Arrays, objects and sub-paths keep the bound path (no index is built on them).
    expect(order('tags')).toEqual([`nullif(${at(1)}, 'null'::jsonb) ASC NULLS LAST`, `${ID} DESC`]);
  });

  it('names the sort index for an order led by a top-level scalar field, and only then', () => {
    const spec = (sort: string, fields = FIELDS) => parseListQuery({ sort }, fields).sortIndex;
    expect(spec('-price')).toEqual({ field: 'price', descending: true });
    expect(spec('due,name')).toEqual({ field: 'due', descending: false });
    expect([spec('-createdAt'), spec('tags'), spec('address.city'), spec('id,price')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // A name that did not pass the schema's property-name check never reaches the SQL text.
    const odd = { "x'); DROP TABLE t; --": { type: 'number' as const } };
    expect(spec("x'); DROP TABLE t; --", odd)).toBeNull();
    expect(
      parseListQuery({ sort: "x'); DROP TABLE t; --" }, odd)
        .orderBy.map((t) => render(t).sql)
        .join(),
    ).not.toContain('DROP');
  });

  it('needs no tie-breaker once id is a key', () => {
    expect(order('-id')).toEqual([`${ID} DESC`]);
    expect(order('id,price')).toEqual([`${ID} ASC`, `${lit('price')} ASC NULLS LAST`]);
  });

  it('refuses unknown and empty fields', () => {
    expect(paramsError({ sort: 'colour' })).toBe('Unknown field "colour" in sort');
    expect(paramsError({ sort: '-colour' })).toBe('Unknown field "colour" in sort');
    expect(paramsError({ sort: 'tags.x' })).toBe('Unknown field "tags.x" in sort: "tags" is not an object');
    expect(paramsError({ sort: 'price,,name' })).toBe('sort has an empty field name');
    expect(paramsError({ sort: '-' })).toBe('sort has an empty field name');
    expect(paramsError({ sort: Array(11).fill('price').join(',') })).toBe('sort has more than 10 fields');
    expect(paramsError({ sort: 'address.\u0000' })).toBe(
      'Field "address.\u0000" in sort contains a character that cannot be stored',
    );
  });
});

describe('limit, skip, fields', () => {
  it('default and accept whole numbers within bounds', () => {
    expect(parseListQuery({}, FIELDS)).toMatchObject({ limit: ENTITY_LIST_DEFAULT_LIMIT, skip: 0, fields: null });
    expect(parseListQuery({ limit: '', skip: '' }, FIELDS)).toMatchObject({ limit: 50, skip: 0 });
    expect(parseListQuery({ limit: '1', skip: '0' }, FIELDS)).toMatchObject({ limit: 1, skip: 0 });
    expect(parseListQuery({ limit: '1000', skip: '100000' }, FIELDS)).toMatchObject({ limit: 1000, skip: 100_000 });
    expect(parseListQuery({ limit: '007' }, FIELDS).limit).toBe(7);
  });

  it('give the maximum to a limit above it: an app asking for every row gets the first page, not an error', () => {
    for (const limit of ['1001', '5000', ' 10000 ', '99999999999'])
      expect(parseListQuery({ limit }, FIELDS).limit, limit).toBe(1000);
  });

  it('refuse anything else with the bounds in the message', () => {
    for (const limit of ['0', '-1', '1.5', '1e3', 'ten', '0x10', '5 5']) {
      expect(paramsError({ limit }), limit).toBe('limit must be a whole number from 1 to 1000');
    }
    for (const skip of ['-1', '100001', '2.0', 'abc'])
      expect(paramsError({ skip }), skip).toBe('skip must be a whole number from 0 to 100000');
  });

  it('projects existing top-level fields and columns, always with id', () => {
    expect(parseListQuery({ fields: 'name,price' }, FIELDS).fields).toEqual(['id', 'name', 'price']);
    expect(parseListQuery({ fields: ' price , id , createdAt, price ' }, FIELDS).fields).toEqual([
      'id',
      'price',
      'createdAt',
    ]);
    expect(paramsError({ fields: 'name,colour' })).toBe('Unknown field "colour" in fields');
    expect(paramsError({ fields: 'address.city' })).toBe('Unknown field "address.city" in fields');
    expect(paramsError({ fields: 'name,' })).toBe('fields has an empty field name');
  });

  it('reports the first problem of a request as a 400', () => {
    const error = errorOf(() => parseListQuery({ q: '{"colour":1}', limit: '0' }, FIELDS));
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Unknown field "colour" in q',
    ]);
  });
});
