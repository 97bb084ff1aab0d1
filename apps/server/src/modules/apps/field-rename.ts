import { parseEntitySchema, type EntitySchema } from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';

/**
 * An entity's schema with one field renamed, in its place among the properties and in `required`,
 * checked like any schema: the one rule of a field rename, for an app with versions (the versions
 * module's schema edits) and one without (the apps service).
 */
export function schemaWithRenamedField(
  entity: string,
  schema: EntitySchema | null | undefined,
  from: string,
  to: string,
): EntitySchema {
  if (!schema) throw new AppError('NOT_FOUND', `This app has no entity named "${entity}"`);
  if (!Object.hasOwn(schema.properties, from)) throw new AppError('NOT_FOUND', `${entity} has no field "${from}"`);
  if (Object.hasOwn(schema.properties, to)) throw new AppError('CONFLICT', `${entity} already has a field "${to}"`);
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k === from ? to : k, v]));
  const required = schema.required?.map((r) => (r === from ? to : r));
  const parsed = parseEntitySchema(entity, { ...schema, properties, ...(required ? { required } : {}) });
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error);
  return parsed.value;
}
