import { and, eq, sql, type SQL } from 'drizzle-orm';
import { entityRecords, type Db } from '@tessera/db';
import { AppError } from '../../platform/errors';
import type { EntityFields, RecordScope } from '../entities';

/** Rows one `aggregate` answers at most (the SDK's documented maximum). */
export const AGGREGATE_MAX_ROWS = 1000;
const GROUP_BY_MAX = 4;
const MEASURES = ['sum', 'avg', 'min', 'max'] as const;
const BUCKETS = { day: 10, month: 7, year: 4 } as const;
const TIME_BUCKETS = ['day', 'week', 'month', 'year'];
const SYSTEM_COLUMNS = {
  created_date: entityRecords.createdAt,
  updated_date: entityRecords.updatedAt,
  createdAt: entityRecords.createdAt,
  updatedAt: entityRecords.updatedAt,
} as const;
const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

const fail = (message: string): never => {
  throw new AppError('VALIDATION_FAILED', message);
};
const listOf = (value: unknown, what: string): string[] => {
  if (value === undefined) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string'))
    fail(`${what} must name a field or a list of fields`);
  return list as string[];
};

/** One computed column of the answer: its name in the rows and its SQL. */
interface Column {
  name: string;
  expression: SQL;
  isNumber: boolean;
}

/**
 * The SDK's `aggregate` spec (docs/base44-sdk.md) as one grouped SQL statement over the rows the
 * caller may read: group fields, `dateBucket`, `count`, `sum_ avg_ min_ max_<field>`,
 * `count_distinct_<field>`, `having` on computed names, `sort`, `limit` (a row past it sets `truncated`).
 */
function compileAggregate(spec: Record<string, unknown>, fields: EntityFields) {
  const dataField = (name: string, what: string) => {
    if (!Object.hasOwn(fields, name)) fail(`Unknown field "${name}" in ${what}`);
    // A JSON null and a missing field are one group, as filters read them alike.
    return sql`nullif(${entityRecords.data} -> ${name}::text, 'null'::jsonb)`;
  };
  const number = (name: string, what: string) =>
    sql`CASE WHEN jsonb_typeof(${dataField(name, what)}) = 'number' THEN (${entityRecords.data} ->> ${name}::text)::numeric END`;
  const groups: Column[] = listOf(spec.groupBy, 'groupBy').map((name) => {
    const column = SYSTEM_COLUMNS[name as keyof typeof SYSTEM_COLUMNS];
    return { name, expression: column ? sql`${column}` : dataField(name, 'groupBy'), isNumber: false };
  });
  if (groups.length > GROUP_BY_MAX) fail(`groupBy takes at most ${GROUP_BY_MAX} fields`);
  if (spec.dateBucket !== undefined) {
    const { field, unit } = (spec.dateBucket ?? {}) as { field?: unknown; unit?: unknown };
    if (typeof field !== 'string' || typeof unit !== 'string' || !TIME_BUCKETS.includes(unit))
      fail('dateBucket must be { field, unit } with unit day, week, month or year');
    const column = SYSTEM_COLUMNS[field as keyof typeof SYSTEM_COLUMNS];
    let expression: SQL;
    if (column) expression = sql`to_char(date_trunc(${unit}, ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
    else {
      const length =
        BUCKETS[unit as keyof typeof BUCKETS] ??
        fail(`dateBucket: a date field of the schema takes day, month or year`);
      expression = sql`left(${entityRecords.data} ->> ${field as string}::text, ${length})`;
      dataField(field as string, 'dateBucket');
    }
    groups.push({ name: field as string, expression, isNumber: false });
  }
  const measures: Column[] = [];
  if (spec.count !== false) measures.push({ name: 'count', expression: sql`count(*)`, isNumber: true });
  for (const op of MEASURES)
    for (const name of listOf(spec[op], op))
      measures.push({ name: `${op}_${name}`, expression: sql`${sql.raw(op)}(${number(name, op)})`, isNumber: true });
  if (spec.countDistinct !== undefined) {
    const [name] = listOf(spec.countDistinct, 'countDistinct');
    measures.push({
      name: `count_distinct_${name}`,
      expression: sql`count(DISTINCT ${dataField(name!, 'countDistinct')})`,
      isNumber: true,
    });
  }
  const columns = [...groups, ...measures];
  const byName = new Map(columns.map((c) => [c.name, c]));
  const having = Object.entries((spec.having ?? {}) as Record<string, unknown>).flatMap(([name, condition]) => {
    const column = measures.find((m) => m.name === name) ?? fail(`having: "${name}" is not a computed field`);
    const tests = typeof condition === 'object' && condition !== null ? condition : { $eq: condition };
    return Object.entries(tests).map(([op, value]) => {
      if (!COMPARISONS[op] || typeof value !== 'number')
        fail(`having.${name}: compare with $eq $ne $gt $gte $lt $lte and a number`);
      return sql`${column.expression} ${sql.raw(COMPARISONS[op]!)} ${value}`;
    });
  });
  const sortName = typeof spec.sort === 'string' ? spec.sort.replace(/^[-+]/, '') : null;
  const sortColumn =
    sortName === null ? null : (byName.get(sortName) ?? fail(`sort: "${sortName}" is not a group or computed field`));
  const limit = spec.limit === undefined ? AGGREGATE_MAX_ROWS : Number(spec.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > AGGREGATE_MAX_ROWS)
    fail(`limit must be a whole number from 1 to ${AGGREGATE_MAX_ROWS}`);
  return { groups, columns, having, sortColumn, isDescending: String(spec.sort).startsWith('-'), limit };
}

/** Runs an aggregate spec over the rows of `scope` matching `where`. */
async function runAggregate(
  db: Db,
  scope: RecordScope,
  where: SQL,
  fields: EntityFields,
  spec: Record<string, unknown>,
  offset = 0,
) {
  const { groups, columns, having, sortColumn, isDescending, limit } = compileAggregate(spec, fields);
  const select = sql.join(
    columns.map((c, i) => sql`${c.expression} AS ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const condition = and(
    eq(entityRecords.appId, scope.appId),
    eq(entityRecords.entity, scope.entity),
    scope.creatorId === undefined ? undefined : eq(entityRecords.creatorId, scope.creatorId),
    where,
  );
  // By position: the group columns come first (a repeated expression would carry other bound parameters).
  const groupBy = groups.length ? sql.raw(` GROUP BY ${groups.map((_, i) => i + 1).join(', ')}`) : sql``;
  const havingSql = having.length ? sql` HAVING ${sql.join(having, sql` AND `)}` : sql``;
  const order = sortColumn
    ? sql` ORDER BY ${sql.identifier(`c${columns.indexOf(sortColumn)}`)} ${sql.raw(isDescending ? 'DESC' : 'ASC')} NULLS LAST`
    : groups.length
      ? sql` ORDER BY ${sql.join(
          groups.map((_, i) => sql.identifier(`c${i}`)),
          sql`, `,
        )}`
      : sql``;
  const result = await db.execute(
    sql`SELECT ${select} FROM ${entityRecords} WHERE ${condition}${groupBy}${havingSql}${order} LIMIT ${limit + 1} OFFSET ${offset}`,
  );
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return {
    rows: rows.slice(0, limit).map((row) =>
      Object.fromEntries(
        columns.map((c, i) => {
          const value = row[`c${i}`];
          return [c.name, c.isNumber && value !== null && value !== undefined ? Number(value) : value];
        }),
      ),
    ),
    truncated: rows.length > limit,
  };
}

export function createAggregateRepo(db: Db) {
  return {
    /** `offset` skips groups (the SDK's distinct values page on). */
    aggregate: (scope: RecordScope, where: SQL, fields: EntityFields, spec: Record<string, unknown>, offset = 0) =>
      runAggregate(db, scope, where, fields, spec, offset),
  };
}
