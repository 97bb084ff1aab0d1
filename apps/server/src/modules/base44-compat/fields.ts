import { AppError } from '../../platform/errors';
import type { EntityRecord } from '../entities';

/**
 * Base44's names of the system fields and ours (docs/base44-sdk.md). A Base44 name in a query, a
 * sort or a projection is read as ours; answers carry both.
 */
const SYSTEM_NAMES: Record<string, string> = {
  created_date: 'createdAt',
  updated_date: 'updatedAt',
  created_by_id: 'creatorId',
};

/** A field name as the entity API knows it. */
export const ourName = (name: string): string => SYSTEM_NAMES[name] ?? name;

const OPERATORS_WITH_QUERIES = new Set(['$and', '$or', '$nor']);

/**
 * A Base44 filter rewritten for the entity API: system field names renamed at every level of
 * `$and / $or / $nor`. `created_by` (the creator's e-mail) is not a column here: refused plainly.
 */
export function ourQuery(query: unknown): unknown {
  if (Array.isArray(query)) return query.map(ourQuery);
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => {
      if (key === 'created_by')
        throw new AppError('VALIDATION_FAILED', "Filter on created_by_id (the creator's id) instead of created_by");
      return [ourName(key), OPERATORS_WITH_QUERIES.has(key) ? ourQuery(value) : value];
    }),
  );
}

/** The `q` parameter of the SDK (JSON text) rewritten for the entity API; undefined stays undefined. */
export function ourQ(q: string | undefined): string | undefined {
  if (q === undefined || q.trim() === '') return q;
  let parsed: unknown;
  try {
    parsed = JSON.parse(q);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'q is not valid JSON');
  }
  return JSON.stringify(ourQuery(parsed));
}

/** `-created_date,title` → `-createdAt,title`. */
export function ourSort(sort: string | undefined): string | undefined {
  if (!sort) return sort;
  return sort
    .split(',')
    .map((item) => {
      const trimmed = item.trim();
      const sign = /^[-+]/.test(trimmed) ? trimmed[0]! : '';
      const name = ourName(trimmed.slice(sign.length).trim());
      return sign === '-' ? `-${name}` : name;
    })
    .join(',');
}

/** A projection (`fields=a,created_date`) with our names. */
export function ourFields(fields: string | undefined): string | undefined {
  if (!fields) return fields;
  return fields
    .split(',')
    .map((name) => ourName(name.trim()))
    .join(',');
}

/** A record as the SDK expects it: ours plus Base44's system fields (`created_by` is the creator's e-mail). */
export type Base44Record = EntityRecord & {
  created_date: string;
  updated_date: string;
  created_by_id: string | null;
  created_by: string | null;
};

/** Records with Base44's system fields; `emailOf` answers each distinct creator once. */
export async function withBase44Fields(
  records: EntityRecord[],
  emailOf: (userId: string) => Promise<string | null>,
): Promise<Base44Record[]> {
  const creators = [...new Set(records.map((r) => r.creatorId).filter((id): id is string => id !== null))];
  const emails = new Map(await Promise.all(creators.map(async (id) => [id, await emailOf(id)] as const)));
  return records.map((record) => ({
    ...record,
    created_date: record.createdAt,
    updated_date: record.updatedAt,
    created_by_id: record.creatorId,
    created_by: record.creatorId ? (emails.get(record.creatorId) ?? null) : null,
  }));
}
