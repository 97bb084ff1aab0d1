import {
  ACCESS_LEVELS,
  DEFAULT_PERMISSIONS,
  ENTITY_NAME_PATTERN,
  MAX_ENTITY_PROPERTIES,
  PROPERTY_NAME_PATTERN,
  PROPERTY_TYPES,
  RECORD_COLUMNS,
  isReservedName,
  STRING_FORMATS,
  type AccessLevel,
  type EntitySchema,
  type PropertySchema,
  type PropertyType,
} from './entities';

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const listOr = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseProperty(where: string, raw: unknown, depth: number): Result<PropertySchema> {
  if (!isObject(raw)) return fail(`${where} must be an object with a "type"`);
  const type = raw.type;
  if (typeof type !== 'string' || !(PROPERTY_TYPES as readonly string[]).includes(type)) {
    return fail(`${where} has an unknown type ${JSON.stringify(type)} (use ${listOr(PROPERTY_TYPES)})`);
  }
  const prop: PropertySchema = { type: type as PropertyType };
  if (raw.format !== undefined) {
    if (type !== 'string' || !(STRING_FORMATS as readonly string[]).includes(raw.format as string)) {
      return fail(
        `${where} has an unsupported format ${JSON.stringify(raw.format)} (strings may use ${listOr(STRING_FORMATS)})`,
      );
    }
    prop.format = raw.format as PropertySchema['format'];
  }
  if (raw.enum !== undefined) {
    const values = raw.enum;
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      values.length > 500 ||
      !values.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      return fail(`${where}: "enum" must be a list of 1 to 500 strings or numbers`);
    }
    prop.enum = values as Array<string | number>;
  }
  if (type === 'array') {
    if (raw.items !== undefined) {
      if (depth >= 3) return fail(`${where}: arrays nest at most 3 deep`);
      const items = parseProperty(`${where}.items`, raw.items, depth + 1);
      if (!items.ok) return items;
      prop.items = items.value;
    }
  }
  for (const key of ['description', 'title'] as const) {
    if (raw[key] !== undefined) {
      if (typeof raw[key] !== 'string') return fail(`${where}: "${key}" must be text`);
      prop[key] = raw[key] as string;
    }
  }
  for (const key of ['maxLength', 'minimum', 'maximum'] as const) {
    if (raw[key] !== undefined) {
      if (typeof raw[key] !== 'number' || !Number.isFinite(raw[key]))
        return fail(`${where}: "${key}" must be a number`);
      prop[key] = raw[key] as number;
    }
  }
  if (raw.default !== undefined) prop.default = raw.default;
  return { ok: true, value: prop };
}

function parseLevel(where: string, raw: unknown): Result<AccessLevel> {
  if (raw === undefined) return fail(`${where} is missing`);
  if (typeof raw !== 'string' || !(ACCESS_LEVELS as readonly string[]).includes(raw)) {
    return fail(`${where} must be one of ${ACCESS_LEVELS.join(', ')} (got ${JSON.stringify(raw)})`);
  }
  return { ok: true, value: raw as AccessLevel };
}

/**
 * Validates and normalises an entity's JSON Schema: known property types and formats, no reserved
 * names, `required` naming real properties, and `x-accessControl.permissions` (default: creator
 * reads and writes). Errors name the entity and the bad property.
 */
export function parseEntitySchema(name: string, raw: unknown): Result<EntitySchema> {
  if (!ENTITY_NAME_PATTERN.test(name))
    return fail(
      `Entity name ${JSON.stringify(name)} must start with a letter and use only letters, digits and _ (64 at most)`,
    );
  if (isReservedName(name)) return fail(`Entity name ${JSON.stringify(name)} is reserved (use another name)`);
  const where = `Entity "${name}"`;
  if (!isObject(raw)) return fail(`${where} must be a JSON Schema object`);
  if (raw.type !== undefined && raw.type !== 'object') return fail(`${where} must have "type": "object"`);
  const rawProps = raw.properties ?? {};
  if (!isObject(rawProps)) return fail(`${where}: "properties" must be an object`);
  const names = Object.keys(rawProps);
  if (names.length > MAX_ENTITY_PROPERTIES)
    return fail(`${where} has ${names.length} properties; ${MAX_ENTITY_PROPERTIES} at most`);
  const properties: Record<string, PropertySchema> = {};
  for (const prop of names) {
    if (!PROPERTY_NAME_PATTERN.test(prop))
      return fail(
        `${where}: property name ${JSON.stringify(prop)} must start with a letter or _ and use only letters, digits and _`,
      );
    if (isReservedName(prop))
      return fail(`${where}: property name ${JSON.stringify(prop)} is reserved (use another name)`);
    if ((RECORD_COLUMNS as readonly string[]).includes(prop))
      return fail(`${where}: property "${prop}" is reserved (every record has ${RECORD_COLUMNS.join(', ')})`);
    const parsed = parseProperty(`${where}: property "${prop}"`, rawProps[prop], 0);
    if (!parsed.ok) return parsed;
    properties[prop] = parsed.value;
  }
  const required = raw.required ?? [];
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string'))
    return fail(`${where}: "required" must be a list of property names`);
  const unknownRequired = required.find((r) => !Object.hasOwn(properties, r));
  if (unknownRequired) return fail(`${where}: "required" names "${unknownRequired}", which is not a property`);

  const access = raw['x-accessControl'];
  let permissions = DEFAULT_PERMISSIONS;
  if (access !== undefined) {
    if (!isObject(access) || !isObject(access.permissions))
      return fail(`${where}: "x-accessControl" must be { "permissions": { "read": ..., "write": ... } }`);
    const read = parseLevel(
      `${where}: x-accessControl.permissions.read`,
      access.permissions.read ?? DEFAULT_PERMISSIONS.read,
    );
    if (!read.ok) return read;
    const write = parseLevel(
      `${where}: x-accessControl.permissions.write`,
      access.permissions.write ?? DEFAULT_PERMISSIONS.write,
    );
    if (!write.ok) return write;
    permissions = { read: read.value, write: write.value };
  }
  const schema: EntitySchema = { type: 'object', properties, 'x-accessControl': { permissions } };
  if (required.length) schema.required = required as string[];
  if (typeof raw.title === 'string') schema.title = raw.title;
  if (typeof raw.description === 'string') schema.description = raw.description;
  return { ok: true, value: schema };
}

const TRUE_VALUES = new Set<unknown>([true, 1, 'true', '1']);
const FALSE_VALUES = new Set<unknown>([false, 0, 'false', '0']);

/** One value against its property, with the coercions of docs/product/database.md#rules-and-messages (numbers from text, booleans from true/1). */
export function coerceValue(where: string, prop: PropertySchema, value: unknown): Result<unknown> {
  if (value === null) return { ok: true, value: null };
  switch (prop.type) {
    case 'string': {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        return fail(`${where} must be text`);
      let text = String(value);
      if (prop.format === 'date-time' || prop.format === 'date') {
        const time = Date.parse(text);
        if (Number.isNaN(time))
          return fail(
            `${where} must be a date${prop.format === 'date-time' ? ' and time' : ''} (ISO 8601, e.g. 2026-01-31${prop.format === 'date-time' ? 'T09:30:00Z' : ''})`,
          );
        text = prop.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : new Date(time).toISOString();
        if (prop.format === 'date') text = text.slice(0, 10);
      }
      if (prop.format === 'email' && text !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text))
        return fail(`${where} must be an email address`);
      if (prop.maxLength !== undefined && text.length > prop.maxLength)
        return fail(`${where}: ${prop.maxLength} characters max`);
      if (prop.enum && !prop.enum.includes(text))
        return fail(`${where} must be one of ${prop.enum.map((e) => JSON.stringify(e)).join(', ')}`);
      return { ok: true, value: text };
    }
    case 'number':
    case 'integer': {
      const num =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value.trim())
            : Number.NaN;
      if (!Number.isFinite(num)) return fail(`${where} must be a number`);
      if (prop.type === 'integer' && !Number.isInteger(num)) return fail(`${where} must be a whole number`);
      if (prop.minimum !== undefined && num < prop.minimum) return fail(`${where} must be at least ${prop.minimum}`);
      if (prop.maximum !== undefined && num > prop.maximum) return fail(`${where} must be at most ${prop.maximum}`);
      if (prop.enum && !prop.enum.includes(num)) return fail(`${where} must be one of ${prop.enum.join(', ')}`);
      return { ok: true, value: num };
    }
    case 'boolean': {
      const key = typeof value === 'string' ? value.trim().toLowerCase() : value;
      if (TRUE_VALUES.has(key)) return { ok: true, value: true };
      if (FALSE_VALUES.has(key)) return { ok: true, value: false };
      return fail(`${where} must be true or false`);
    }
    case 'array': {
      if (!Array.isArray(value)) return fail(`${where} must be a list`);
      if (!prop.items) return { ok: true, value };
      const out: unknown[] = [];
      for (const [i, item] of value.entries()) {
        const r = coerceValue(`${where}[${i}]`, prop.items, item);
        if (!r.ok) return r;
        out.push(r.value);
      }
      return { ok: true, value: out };
    }
    case 'object':
      return isObject(value) ? { ok: true, value } : fail(`${where} must be an object`);
  }
}

/**
 * A record's fields checked against its entity: unknown fields are refused, values coerced,
 * `required` enforced on create (an update only touches the fields it names). The record columns
 * (id, createdAt, updatedAt, creatorId) are set by the server and ignored here.
 */
export function coerceRecord(
  entity: string,
  schema: EntitySchema,
  input: unknown,
  mode: 'create' | 'update',
): Result<Record<string, unknown>> {
  if (!isObject(input)) return fail(`A ${entity} record must be a JSON object`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if ((RECORD_COLUMNS as readonly string[]).includes(key)) continue;
    // Own properties only: `constructor` or `toString` are not fields, and `__proto__` never a key of `out`.
    const prop = Object.hasOwn(schema.properties, key) && !isReservedName(key) ? schema.properties[key] : undefined;
    if (!prop) return fail(`Unknown field "${key}" on ${entity}`);
    if (value === undefined) continue;
    const r = coerceValue(`${entity}.${key}`, prop, value);
    if (!r.ok) return r;
    out[key] = r.value;
  }
  if (mode === 'create') {
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (out[key] === undefined && Object.hasOwn(prop, 'default') && prop.default !== undefined)
        out[key] = prop.default;
    }
    const missing = (schema.required ?? []).find(
      (key) => !Object.hasOwn(out, key) || out[key] === undefined || out[key] === null || out[key] === '',
    );
    if (missing) return fail(`${entity}.${missing} is required`);
  }
  return { ok: true, value: out };
}
