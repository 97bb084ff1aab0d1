import { type EntityChange, type FieldChange } from '@tessera/contracts/apps';
import { coerceValue, type EntitySchema, type PropertySchema } from '@tessera/contracts/entities';

/** A published field whose records move to a new name at publish. */
export interface FieldRename {
  from: string;
  to: string;
}

/** A field whose stored values are converted at publish (named as it is after the renames). */
export interface FieldRetype {
  field: string;
  /** The key the value is read from before the renames (the published name). */
  source: string;
  to: PropertySchema;
  /** Where a value the new type cannot take is kept. */
  keptAs: string;
}

export interface EntityMigration {
  entity: string;
  renames: FieldRename[];
  retypes: FieldRetype[];
}

export interface PublishPlan {
  changes: EntityChange[];
  migrations: EntityMigration[];
}

const typeName = (p: PropertySchema) => (p.format ? `${p.type}/${p.format}` : p.type);
const isRetyped = (before: PropertySchema, after: PropertySchema) =>
  before.type !== after.type ||
  (before.format ?? null) !== (after.format ?? null) ||
  JSON.stringify(before.items ?? null) !== JSON.stringify(after.items ?? null);

/**
 * What publishing `latest` changes for end users who have `published` (null before the first
 * publish: every entity is new to them and the records already follow the latest schemas).
 * `renamedFrom` maps a latest field to the published one it was renamed from in the Database panel;
 * a rename counts only while the published entity still has the old name and the latest only the new.
 */
export function planPublish(
  published: Record<string, EntitySchema> | null,
  latest: Record<string, EntitySchema>,
  renamedFrom: Record<string, Record<string, string>>,
): PublishPlan {
  const changes: EntityChange[] = [];
  const migrations: EntityMigration[] = [];
  const before = published ?? {};
  for (const entity of Object.keys(before)
    .filter((name) => !Object.hasOwn(latest, name))
    .sort())
    changes.push({ entity, change: 'removed', fields: [] });
  for (const [entity, schema] of Object.entries(latest)) {
    const old = before[entity];
    if (!old) {
      changes.push({
        entity,
        change: 'added',
        fields: Object.keys(schema.properties).map((field) => ({ field, change: 'added' as const })),
      });
      continue;
    }
    const renames: FieldRename[] = Object.entries(renamedFrom[entity] ?? {})
      .filter(
        ([to, from]) =>
          Object.hasOwn(old.properties, from) &&
          !Object.hasOwn(old.properties, to) &&
          Object.hasOwn(schema.properties, to) &&
          !Object.hasOwn(schema.properties, from),
      )
      .map(([to, from]) => ({ from, to }));
    const sourceOf = new Map(renames.map((r) => [r.to, r.from]));
    const moved = new Set(renames.map((r) => r.from));
    const fields: FieldChange[] = [];
    const retypes: FieldRetype[] = [];
    for (const [field, prop] of Object.entries(schema.properties)) {
      const source = sourceOf.get(field) ?? field;
      const oldProp = Object.hasOwn(old.properties, source) ? old.properties[source] : undefined;
      if (!oldProp) {
        fields.push({ field, change: 'added' });
        continue;
      }
      if (source !== field) fields.push({ field, change: 'renamed', from: source });
      if (isRetyped(oldProp, prop)) {
        fields.push({ field, change: 'retyped', oldType: typeName(oldProp), newType: typeName(prop) });
        retypes.push({ field, source, to: prop, keptAs: source !== field ? source : `${field}_unconverted` });
      }
    }
    for (const field of Object.keys(old.properties))
      if (!Object.hasOwn(schema.properties, field) && !moved.has(field)) fields.push({ field, change: 'removed' });
    const a = old['x-accessControl'].permissions;
    const b = schema['x-accessControl'].permissions;
    const access = a.read !== b.read || a.write !== b.write ? { before: a, after: b } : undefined;
    if (fields.length || access) changes.push({ entity, change: 'changed', fields, ...(access ? { access } : {}) });
    if (renames.length || retypes.length) migrations.push({ entity, renames, retypes });
  }
  return { changes, migrations };
}

/** A stored value under its new type, or why it cannot be one (null stays null). */
export function convertStoredValue(
  entity: string,
  retype: FieldRetype,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const result = coerceValue(`${entity}.${retype.field}`, retype.to, value);
  return result.ok ? result : { ok: false, reason: result.error };
}
