import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ENTITY_LIST_DEFAULT_LIMIT,
  ENTITY_LIST_MAX_LIMIT,
  ENTITY_LIST_MAX_SKIP,
  ENTITY_QUERY_LOGICAL_OPERATORS,
  ENTITY_QUERY_OPERATORS,
  isReservedName,
} from '@tessera/contracts/entities';
import { entityRecords } from '@tessera/db';
import { AppError } from '../../platform/errors';
import { toPostgresRegex } from './postgres-regex';

/*
 * The list/filter language of entity records, compiled to parameterised SQL over entity_records.
 *
 * Everything the caller sends (field paths, values, patterns) reaches PostgreSQL as a bound
 * parameter; the SQL text holds only our own fixed fragments. Field paths become
 * `ARRAY[$1, $2]::text[]` for `#>` / `#>>`, values `$n::jsonb` (or text / timestamptz for columns).
 * One exception: sorts and ranges on a top-level scalar schema field use `data -> 'name'` with the
 * name as a literal (the schema's own property name, re-checked against LITERAL_KEY), so that the
 * sort indexes of docs/decisions/0007 can match the expression.
 *
 * Semantics of q (Mongo-like; all conditions of one object are ANDed):
 * - `{ f: v }` equality. Scalars use JSONB containment (`data @> {"f": v}`), which the GIN index
 *   (jsonb_path_ops) serves; numbers compare numerically (5 equals 5.0). On an `array` field a
 *   scalar means "the array contains v". An array or object value means exact equality (containment
 *   for the index, plus `data #> path = v`); objects only on object fields and sub-paths, arrays only
 *   on array fields and sub-paths. `null` means null or missing.
 * - `$eq` is the same as the plain form; `$ne` is its negation, so it also matches missing fields.
 * - `$gt $gte $lt $lte` compare `data #> path` with the value only when both have the same JSON type
 *   (a number never compares with a string); strings compare in the database's collation, so ISO
 *   dates order correctly. Not allowed on array/object fields; `null` is not a valid bound; on a
 *   field with format date / date-time the bound must be a string.
 * - `$in: [..]` is "equal to one of" (the same equality as above, so on an array field "contains
 *   any of"); `null` in the list also matches missing fields, otherwise missing never matches.
 *   `$nin` is its negation and so matches missing fields unless null is listed. Items are scalars.
 * - `$regex` (+ `$options: 'i'`) matches string values only (`~` / `~*` on `data #>> path`). The
 *   pattern must compile as a JS RegExp in unicode mode; `\b`, `\B`, `\xHH`, `\u{H..}` are
 *   translated to their PostgreSQL spellings; back-references, named groups, `\p{..}`, `\0`,
 *   POSIX brackets (`[:`, `[.`, `[=`), empty classes, repeat counts over 255 and nested repeats
 *   that would expand past ~2000 states are refused, since PostgreSQL's ARE would read them
 *   differently or fail ("too complex"). Differences that remain: `.` and `[^x]`
 *   also match a newline; `\d \w \s` follow the database's character classes (may include
 *   non-ASCII letters and digits).
 * - Columns `id`, `creatorId` (text) and `createdAt`, `updatedAt` (ISO date-times compared as
 *   timestamptz at millisecond precision, so a value read back from the API equals itself) take
 *   precedence over data properties of the same name. `$regex` works on the text columns only.
 * - Dotted paths (`address.city`) reach into object fields, any sub-path of at most 32 segments
 *   without `__proto__`, `constructor` or `prototype`; their type is unknown, so every operator
 *   is allowed there (a scalar there equals a scalar, never an array element).
 * - Limits: q at most 10,000 characters, 8 levels of nesting, 1,000 items per array; strings with
 *   NUL or lone surrogates (which PostgreSQL cannot store) and non-finite numbers are refused.
 */

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
export interface FieldInfo {
  type: FieldType;
  format?: string;
}
/** The entity schema's top-level properties. */
export type EntityFields = Record<string, FieldInfo>;

export interface RawListParams {
  q?: string;
  sort?: string;
  limit?: string;
  skip?: string;
  fields?: string;
}
export interface ListQuery {
  /** The filter only; the caller adds `app_id = ? AND entity = ?`. */
  where: SQL;
  /** Ends with `id` so paging is stable. */
  orderBy: SQL[];
  limit: number;
  skip: number;
  /** The projection, always including `id`; null for every field. */
  fields: string[] | null;
  /** The index that would serve this order, when it starts with a sortable data field (sort-indexes.ts). */
  sortIndex: SortIndexSpec | null;
}

/**
 * An expression index on `entity_records` for one data field and direction: keys
 * `(sortExpression(field) DIR NULLS LAST, id opposite-DIR)`, exactly the ORDER BY of a list sorted
 * on that field (see orderTerm), so the list walks it and stops after `limit` rows.
 */
export interface SortIndexSpec {
  field: string;
  descending: boolean;
}

export const Q_MAX_LENGTH = 10_000;
export const Q_MAX_DEPTH = 8;
export const Q_MAX_ARRAY_ITEMS = 1000;
export const REGEX_MAX_LENGTH = 200;
/** Segments of a dotted field path (`address.city` has two), in q and in sort. */
export const PATH_MAX_SEGMENTS = 32;
const DEFAULT_SORT = '-createdAt';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Scalar = null | boolean | number | string;

function fail(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

// ---------------------------------------------------------------------------------------------
// Fields

type ColumnTarget = { kind: 'column'; name: string; column: PgColumn; valueType: 'text' | 'time'; nullable: boolean };
type DataTarget = { kind: 'data'; name: string; path: string[]; info: FieldInfo | null };
type Target = ColumnTarget | DataTarget;

const COLUMNS: Record<string, Omit<ColumnTarget, 'kind' | 'name'>> = {
  id: { column: entityRecords.id, valueType: 'text', nullable: false },
  creatorId: { column: entityRecords.creatorId, valueType: 'text', nullable: true },
  createdAt: { column: entityRecords.createdAt, valueType: 'time', nullable: false },
  updatedAt: { column: entityRecords.updatedAt, valueType: 'time', nullable: false },
};

// A JSON string may hold characters PostgreSQL text/jsonb refuses; they must give a 400, not a 500.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

function resolveField(name: string, fields: EntityFields, where: 'q' | 'sort' | 'fields'): Target {
  if (Object.hasOwn(COLUMNS, name)) return { kind: 'column', name, ...COLUMNS[name]! };
  if (Object.hasOwn(fields, name)) return { kind: 'data', name, path: [name], info: fields[name]! };
  const path = name.split('.');
  if (path.length > PATH_MAX_SEGMENTS) fail(`A field path in ${where} has more than ${PATH_MAX_SEGMENTS} segments`);
  const reserved = path.find(isReservedName);
  if (reserved && path.length > 1) fail(`Field "${name}" in ${where}: "${reserved}" is not allowed in a path`);
  const head = path[0]!;
  if (where !== 'fields' && path.length > 1 && Object.hasOwn(fields, head)) {
    if (fields[head]!.type !== 'object') fail(`Unknown field "${name}" in ${where}: "${head}" is not an object`);
    if (path.some((segment) => segment === '')) fail(`Unknown field "${name}" in ${where}`);
    if (!isStorable(name)) fail(`Field "${name}" in ${where} contains a character that cannot be stored`);
    return { kind: 'data', name, path, info: null };
  }
  fail(`Unknown field "${name}" in ${where}`);
}

function pathArray(path: string[]): SQL {
  return sql`ARRAY[${sql.join(
    path.map((segment) => sql.param(segment)),
    sql`, `,
  )}]::text[]`;
}

/**
 * Top-level property names that may appear in the SQL text as literals. Schema property names are
 * checked against PROPERTY_NAME_PATTERN when the schema is saved; this re-checks, so a name that
 * did not come through that check keeps the bound-parameter path.
 */
const LITERAL_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const SORTABLE_TYPES: ReadonlySet<FieldType> = new Set(['string', 'number', 'integer', 'boolean']);

/** True when sorting on `t` can use an expression index: a scalar top-level schema field with a plain name. */
function isIndexable(t: DataTarget): boolean {
  return t.path.length === 1 && t.info !== null && SORTABLE_TYPES.has(t.info.type) && LITERAL_KEY.test(t.path[0]!);
}

/**
 * `nullif(data -> 'field', 'null'::jsonb)` with the key as a literal, the expression the sort
 * indexes are built on: with a bound key no expression index could ever match. Equal in value to
 * `nullif(data #> ARRAY[field], 'null')`. Only for names that pass LITERAL_KEY.
 */
export function sortExpression(field: string): string {
  if (!LITERAL_KEY.test(field)) throw new Error(`not a plain property name: ${field}`);
  return `nullif(("data" -> '${field}'), 'null'::jsonb)`;
}

/** `data #> path`: the JSON value at the path, SQL NULL when missing. */
function jsonAt(t: DataTarget): SQL {
  return sql`(${entityRecords.data} #> ${pathArray(t.path)})`;
}

function jsonParam(value: Json): SQL {
  return sql`${sql.param(JSON.stringify(value))}::jsonb`;
}

/** `{"a": {"b": value}}` for path [a, b] (paths never hold `__proto__`, see resolveField). */
function nest(path: string[], value: Json): Json {
  return path.reduceRight<Json>((inner, key) => ({ [key]: inner }), value);
}

function contains(t: DataTarget, value: Json): SQL {
  return sql`${entityRecords.data} @> ${jsonParam(nest(t.path, value))}`;
}

function and(parts: SQL[]): SQL {
  if (parts.length === 0) return sql`true`;
  if (parts.length === 1) return parts[0]!;
  return sql`(${sql.join(parts, sql` AND `)})`;
}

function or(parts: SQL[]): SQL {
  if (parts.length === 0) return sql`false`;
  if (parts.length === 1) return parts[0]!;
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function not(part: SQL): SQL {
  return sql`(NOT ${part})`;
}

// ---------------------------------------------------------------------------------------------
// q: parsing and limits

/** Parses and checks the size limits of q; empty or absent q is "no filter". */
function parseQ(q: string | undefined): Json | undefined {
  if (q === undefined || q.trim() === '') return undefined;
  if (q.length > Q_MAX_LENGTH) fail(`q is longer than ${Q_MAX_LENGTH} characters`);
  let parsed: Json;
  try {
    parsed = JSON.parse(q) as Json;
  } catch {
    fail('q is not valid JSON');
  }
  return parsed;
}

function checkLimits(value: unknown, depth: number): void {
  if (value !== null && typeof value !== 'object' && !['string', 'number', 'boolean'].includes(typeof value))
    fail('q is not valid JSON');
  if (typeof value === 'string') {
    if (!isStorable(value)) fail('q contains a character that cannot be stored (NUL or a lone surrogate)');
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail('q has a number out of range');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth + 1 > Q_MAX_DEPTH) fail(`q is nested more than ${Q_MAX_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    if (value.length > Q_MAX_ARRAY_ITEMS) fail(`q has an array with more than ${Q_MAX_ARRAY_ITEMS} items`);
    for (const item of value) checkLimits(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    checkLimits(key, depth + 1);
    checkLimits(item, depth + 1);
  }
}

function isPlainObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

// ---------------------------------------------------------------------------------------------
// q: compiling

/**
 * Compiles a parsed Mongo-like filter (see the notes at the top of this file) to a SQL condition
 * on entity_records; `undefined` or `{}` give `true` (a caller deleting by filter must decide
 * whether "no filter" may mean "everything"). Used by list and by delete-many.
 */
export function compileFilter(q: unknown, fields: EntityFields): SQL {
  if (q === undefined) return sql`true`;
  checkLimits(q, 0);
  if (!isPlainObject(q)) fail('q must be a JSON object');
  return compileObject(q, fields);
}

function compileObject(q: { [key: string]: Json }, fields: EntityFields): SQL {
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(q)) {
    if (LOGICAL.has(key)) {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isPlainObject)) {
        fail(`${key} needs a non-empty array of conditions`);
      }
      const inner = value.map((item) => compileObject(item as { [key: string]: Json }, fields));
      parts.push(key === '$and' ? and(inner) : or(inner));
    } else if (key.startsWith('$')) {
      fail(`Unknown operator "${key}" in q`);
    } else {
      parts.push(compileCondition(resolveField(key, fields, 'q'), value));
    }
  }
  return and(parts);
}

const OPERATORS = new Set<string>(ENTITY_QUERY_OPERATORS);
const LOGICAL = new Set<string>(ENTITY_QUERY_LOGICAL_OPERATORS);
type Comparison = '$gt' | '$gte' | '$lt' | '$lte';
const COMPARISON_SQL: Record<Comparison, SQL> = {
  $gt: sql.raw('>'),
  $gte: sql.raw('>='),
  $lt: sql.raw('<'),
  $lte: sql.raw('<='),
};

function compileCondition(t: Target, value: Json): SQL {
  if (!isPlainObject(value) || !Object.keys(value).some((k) => k.startsWith('$'))) return equals(t, value);
  const keys = Object.keys(value);
  if (!keys.every((k) => k.startsWith('$')))
    fail(`Cannot mix operators and plain keys in the condition on "${t.name}"`);
  const parts: SQL[] = [];
  for (const op of keys) {
    if (!OPERATORS.has(op)) fail(`Unknown operator "${op}" on "${t.name}"`);
    const operand = value[op]!;
    switch (op) {
      case '$eq':
        parts.push(equals(t, operand));
        break;
      case '$ne':
        parts.push(not(equals(t, operand)));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        parts.push(compare(t, op, operand));
        break;
      case '$in':
      case '$nin': {
        const matches = oneOf(t, op, operand);
        parts.push(op === '$in' ? matches : not(matches));
        break;
      }
      case '$regex':
        parts.push(regex(t, operand, value.$options));
        break;
      case '$options':
        if (!Object.hasOwn(value, '$regex')) fail(`$options on "${t.name}" needs $regex next to it`);
        break;
    }
  }
  return and(parts);
}

function equals(t: Target, value: Json): SQL {
  if (t.kind === 'column') return columnEquals(t, value, `Value for "${t.name}"`);
  if (value === null) {
    return sql`(coalesce(${jsonAt(t)}, 'null'::jsonb) = 'null'::jsonb)`;
  }
  const type = t.info?.type;
  if (Array.isArray(value) || isPlainObject(value)) {
    const isArray = Array.isArray(value);
    if (type !== undefined && type !== (isArray ? 'array' : 'object')) {
      fail(
        `Value for "${t.name}" must be ${type === 'array' ? 'a scalar or an array' : type === 'object' ? 'an object or a scalar' : 'a string, number, boolean or null'}`,
      );
    }
    // Containment finds candidates through the GIN index; `=` makes it exact (no extra keys/items).
    return sql`(${contains(t, value)} AND ${jsonAt(t)} = ${jsonParam(value)})`;
  }
  return contains(t, type === 'array' ? [value] : value);
}

function compare(t: Target, op: Comparison, value: Json): SQL {
  if (t.kind === 'column') {
    const bound = columnValue(t, value, `${op} on "${t.name}"`);
    if (t.valueType === 'time') {
      // At millisecond precision: `> v` is `>= v + 1ms`, `<= v` is `< v + 1ms`.
      const [from, to] = bound as [string, string];
      if (op === '$gt') return sql`${t.column} >= ${sql.param(to)}::timestamptz`;
      if (op === '$gte') return sql`${t.column} >= ${sql.param(from)}::timestamptz`;
      if (op === '$lt') return sql`${t.column} < ${sql.param(from)}::timestamptz`;
      return sql`${t.column} < ${sql.param(to)}::timestamptz`;
    }
    return sql`${t.column} ${COMPARISON_SQL[op]} ${sql.param(bound as string)}`;
  }
  if (value === null || !isScalar(value)) fail(`${op} on "${t.name}" needs a string, number or boolean`);
  const type = t.info?.type;
  if (type === 'array' || type === 'object') fail(`${op} is not supported on "${t.name}" (an ${type} field)`);
  if ((t.info?.format === 'date-time' || t.info?.format === 'date') && typeof value !== 'string') {
    fail(`${op} on "${t.name}" needs an ISO date string`);
  }
  const jsonType = typeof value as 'string' | 'number' | 'boolean';
  if (isIndexable(t)) {
    // The sort index's own expression, so a range on the sorted field is an index condition.
    const expression = sql.raw(sortExpression(t.path[0]!));
    const range = sql`${expression} ${COMPARISON_SQL[op]} ${jsonParam(value)}`;
    // The type test as a bound where jsonb's order allows one (null < strings < numbers <
    // booleans; nullif drops JSON null): the planner estimates a range from the expression's
    // statistics, but guesses 0.5 % for jsonb_typeof(..) = '..', and then sorts instead of
    // walking the sort index.
    const isUpward = op === '$gt' || op === '$gte';
    if (jsonType === 'number' && isUpward) return sql`(${range} AND ${expression} < 'false'::jsonb)`;
    if (jsonType === 'string' && !isUpward) return range;
    return sql`(jsonb_typeof(${expression}) = ${sql.raw(`'${jsonType}'`)} AND ${range})`;
  }
  return sql`(jsonb_typeof(${jsonAt(t)}) = ${sql.raw(`'${jsonType}'`)} AND ${jsonAt(t)} ${COMPARISON_SQL[op]} ${jsonParam(value)})`;
}

function oneOf(t: Target, op: '$in' | '$nin', list: Json): SQL {
  if (!Array.isArray(list)) fail(`${op} on "${t.name}" needs an array`);
  if (!list.every(isScalar)) fail(`${op} on "${t.name}" needs an array of strings, numbers, booleans or null`);
  const values = list.filter((v): v is Exclude<Scalar, null> => v !== null);
  const hasNull = values.length < list.length;
  if (t.kind === 'column') {
    const subject = `${op} on "${t.name}"`;
    const parts: SQL[] = [];
    if (t.valueType === 'time') {
      parts.push(...values.map((v) => columnEquals(t, v, subject)));
    } else if (values.length > 0) {
      const list = sql.join(
        values.map((v) => sql.param(columnValue(t, v, subject) as string)),
        sql`, `,
      );
      parts.push(t.nullable ? sql`coalesce(${t.column} IN (${list}), false)` : sql`${t.column} IN (${list})`);
    }
    if (hasNull) parts.push(sql`${t.column} IS NULL`);
    return or(parts);
  }
  const docs = values.map((v) => nest(t.path, t.info?.type === 'array' ? [v] : v));
  const parts: SQL[] = [];
  if (docs.length === 1) parts.push(sql`${entityRecords.data} @> ${jsonParam(docs[0]!)}`);
  if (docs.length > 1) {
    parts.push(
      sql`${entityRecords.data} @> ANY(ARRAY[${sql.join(
        docs.map((doc) => jsonParam(doc)),
        sql`, `,
      )}])`,
    );
  }
  if (hasNull) parts.push(equals(t, null));
  return or(parts);
}

function regex(t: Target, pattern: Json, options: Json | undefined): SQL {
  const isText = t.kind === 'column' ? t.valueType === 'text' : t.info === null || t.info.type === 'string';
  if (!isText) fail(`$regex on "${t.name}" needs a text field`);
  if (typeof pattern !== 'string') fail(`$regex on "${t.name}" needs a string`);
  if (pattern.length > REGEX_MAX_LENGTH) fail(`$regex on "${t.name}" is longer than ${REGEX_MAX_LENGTH} characters`);
  if (options !== undefined && options !== '' && options !== 'i') fail(`$options on "${t.name}" supports only "i"`);
  const source = toPostgresRegex(pattern, t.name);
  const operator = options === 'i' ? sql.raw('~*') : sql.raw('~');
  if (t.kind === 'column') return sql`${t.column} ${operator} ${sql.param(source)}`;
  return sql`(jsonb_typeof(${jsonAt(t)}) = 'string' AND (${entityRecords.data} #>> ${pathArray(t.path)}) ${operator} ${sql.param(source)})`;
}

// ---------------------------------------------------------------------------------------------
// Columns

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const MIN_TIME = Date.parse('0001-01-01T00:00:00Z');
const MAX_TIME = Date.parse('9999-12-31T23:59:59.998Z');
const DATE_EXAMPLE = '2024-05-01T12:00:00Z';

/** An ISO date (UTC midnight) or date-time with a zone, as [instant, instant + 1ms] ISO strings. */
function parseInstant(value: string): [string, string] | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const day = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  let offset = 0;
  if (zone !== 'Z') {
    const digits = zone.replace(':', '');
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5));
    if (hours > 23 || minutes > 59) return null;
    offset = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const time = day.getTime() + ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000 + ms - offset;
  if (time < MIN_TIME || time > MAX_TIME) return null;
  return [new Date(time).toISOString(), new Date(time + 1).toISOString()];
}

/** The bound value(s) of a column comparison: text, or an [instant, instant + 1ms] range. */
function columnValue(t: ColumnTarget, value: Json, subject: string): string | [string, string] {
  if (t.valueType === 'time') {
    const range = typeof value === 'string' ? parseInstant(value) : null;
    if (!range) fail(`${subject} must be an ISO date-time like ${DATE_EXAMPLE}`);
    return range;
  }
  if (typeof value !== 'string') fail(`${subject} must be a string`);
  return value;
}

function columnEquals(t: ColumnTarget, value: Json, subject: string): SQL {
  if (value === null) return sql`${t.column} IS NULL`;
  const bound = columnValue(t, value, subject);
  if (typeof bound !== 'string') {
    return sql`(${t.column} >= ${sql.param(bound[0])}::timestamptz AND ${t.column} < ${sql.param(bound[1])}::timestamptz)`;
  }
  // coalesce keeps the result two-valued so that $ne / $nin (NOT ...) also match SQL NULL.
  return t.nullable ? sql`coalesce(${t.column} = ${sql.param(bound)}, false)` : sql`${t.column} = ${sql.param(bound)}`;
}

// ---------------------------------------------------------------------------------------------
// sort, limit, skip, fields

type SortKey = { target: Target; descending: boolean };

function parseSort(sort: string | undefined, fields: EntityFields): SortKey[] {
  const text = sort === undefined || sort.trim() === '' ? DEFAULT_SORT : sort;
  const items = text.split(',').map((item) => item.trim());
  if (items.length > 10) fail('sort has more than 10 fields');
  return items.map((item) => {
    const descending = item.startsWith('-');
    const name = descending ? item.slice(1).trim() : item;
    if (name === '') fail('sort has an empty field name');
    return { target: resolveField(name, fields, 'sort'), descending };
  });
}

/*
 * NULLS placement: JSON null and missing sort last either way. For the NOT NULL columns the clause
 * changes no result; it is chosen so that `-createdAt` (created_at DESC NULLS LAST, id) and
 * `createdAt` (created_at ASC NULLS FIRST, id DESC) both walk the list index, forward or backward.
 */
function orderTerm({ target, descending }: SortKey): SQL {
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  if (target.kind === 'data') {
    if (isIndexable(target)) return sql`${sql.raw(sortExpression(target.path[0]!))} ${direction} NULLS LAST`;
    return sql`nullif(${jsonAt(target)}, 'null'::jsonb) ${direction} NULLS LAST`;
  }
  if (target.name === 'id') return sql`${target.column} ${direction}`;
  if (target.nullable) return sql`${target.column} ${direction} NULLS LAST`;
  return sql`${target.column} ${direction} NULLS ${sql.raw(descending ? 'LAST' : 'FIRST')}`;
}

function parseWholeNumber(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) fail(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/**
 * The rows one list call returns: a limit above the maximum gets the maximum (an app asking for
 * "all" rows shows the first page, with X-Total-Count to page on, instead of an error box).
 */
function parseLimit(value: string | undefined): number {
  if (value !== undefined && /^\s*\d+\s*$/.test(value) && Number(value) > ENTITY_LIST_MAX_LIMIT)
    return ENTITY_LIST_MAX_LIMIT;
  return parseWholeNumber(value, ENTITY_LIST_DEFAULT_LIMIT, 1, ENTITY_LIST_MAX_LIMIT, 'limit');
}

function parseProjection(value: string | undefined, fields: EntityFields): string[] | null {
  if (value === undefined || value.trim() === '') return null;
  const names = ['id'];
  for (const raw of value.split(',')) {
    const name = raw.trim();
    if (name === '') fail('fields has an empty field name');
    resolveField(name, fields, 'fields');
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Turns the list endpoint's raw query parameters into SQL pieces; throws VALIDATION_FAILED (400)
 * with a message naming the problem. Empty strings count as absent. The sort always ends with
 * `id` (unless id is a sort key already), running opposite to the last key, so `createdAt` lists
 * exactly the reverse of `-createdAt` and both are served by the list index.
 */
/** The filter of a `q` query parameter (JSON text); absent or empty q is "no filter". */
export function parseFilter(q: string | undefined, fields: EntityFields): SQL {
  return compileFilter(parseQ(q), fields);
}

/** The sort index for an order whose first key is an indexable data field (the `id` tie-breaker follows it). */
function sortIndexOf(keys: SortKey[]): SortIndexSpec | null {
  const first = keys[0]!.target;
  if (first.kind !== 'data' || !isIndexable(first)) return null;
  // The index ends with the id tie-breaker; with more keys it still gives the order of the first one.
  return { field: first.path[0]!, descending: keys[0]!.descending };
}

export function parseListQuery(params: RawListParams, fields: EntityFields): ListQuery {
  const where = parseFilter(params.q, fields);
  const keys = parseSort(params.sort, fields);
  const orderBy = keys.map(orderTerm);
  if (!keys.some((k) => k.target.name === 'id')) {
    orderBy.push(
      orderTerm({ target: resolveField('id', fields, 'sort'), descending: !keys[keys.length - 1]!.descending }),
    );
  }
  return {
    where,
    orderBy,
    limit: parseLimit(params.limit),
    skip: parseWholeNumber(params.skip, 0, 0, ENTITY_LIST_MAX_SKIP, 'skip'),
    fields: parseProjection(params.fields, fields),
    sortIndex: sortIndexOf(keys),
  };
}
