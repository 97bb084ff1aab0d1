import { AppError } from '../../platform/errors';

/** The MongoDB-style operators `updateMany` accepts (docs/base44-sdk.md). */
const OPERATORS = ['$set', '$inc', '$unset', '$push', '$pull'] as const;
type Operator = (typeof OPERATORS)[number];
export type UpdateSpec = Partial<Record<Operator, Record<string, unknown>>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks an `updateMany` body's `data`: only known operators, each with an object of fields. */
export function parseUpdateSpec(data: unknown): UpdateSpec {
  if (!isObject(data) || Object.keys(data).length === 0)
    throw new AppError('VALIDATION_FAILED', 'data must be an object of update operators such as { "$set": { ... } }');
  for (const [key, fields] of Object.entries(data)) {
    if (!OPERATORS.includes(key as Operator))
      throw new AppError('VALIDATION_FAILED', `Unknown update operator "${key}" (use ${OPERATORS.join(', ')})`);
    if (!isObject(fields)) throw new AppError('VALIDATION_FAILED', `${key} must be an object of fields`);
    if (key === '$inc') {
      const bad = Object.entries(fields).find(([, by]) => typeof by !== 'number' || !Number.isFinite(by));
      if (bad) throw new AppError('VALIDATION_FAILED', `$inc.${bad[0]} must be a number`);
    }
  }
  return data as UpdateSpec;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The partial update one record gets from `spec`: `$set` values, `$inc` added to the current
 * number (missing counts as 0), `$unset` to null (a missing field and null read alike here),
 * `$push` appended to the current list, `$pull` removing every equal item. The entity's schema
 * then validates the result like any update.
 */
export function patchOf(current: Record<string, unknown>, spec: UpdateSpec): Record<string, unknown> {
  const patch: Record<string, unknown> = { ...spec.$set };
  for (const [field, by] of Object.entries(spec.$inc ?? {})) {
    const now = current[field] ?? 0;
    if (typeof now !== 'number') throw new AppError('VALIDATION_FAILED', `$inc: ${field} is not a number`);
    patch[field] = now + (by as number);
  }
  for (const field of Object.keys(spec.$unset ?? {})) patch[field] = null;
  for (const [field, item] of Object.entries(spec.$push ?? {})) {
    const list = current[field] ?? [];
    if (!Array.isArray(list)) throw new AppError('VALIDATION_FAILED', `$push: ${field} is not a list`);
    patch[field] = [...list, item];
  }
  for (const [field, item] of Object.entries(spec.$pull ?? {})) {
    const list = current[field] ?? [];
    if (!Array.isArray(list)) throw new AppError('VALIDATION_FAILED', `$pull: ${field} is not a list`);
    patch[field] = list.filter((value) => !sameValue(value, item));
  }
  return patch;
}
