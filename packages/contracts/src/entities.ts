import { z } from 'zod';

/** Who may read or write an entity's records (docs/product/database.md#data). `all` means every signed-in app user. */
export const ACCESS_LEVELS = ['anonymous', 'all', 'admin', 'creator', 'none'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export interface EntityPermissions {
  read: AccessLevel;
  write: AccessLevel;
}

/** New entities: only the row's creator reads and writes it. */
export const DEFAULT_PERMISSIONS: EntityPermissions = { read: 'creator', write: 'creator' };

/** The six presets of docs/product/database.md#data ("public" is every signed-in user, "anonymous" everyone). */
export const ACCESS_PRESETS: ReadonlyArray<{ name: string; permissions: EntityPermissions }> = [
  { name: 'Admin Only Read/Anonymous Write', permissions: { read: 'admin', write: 'anonymous' } },
  { name: 'Anonymous Read/Admin Write', permissions: { read: 'anonymous', write: 'admin' } },
  { name: 'Public Read/Admin Write', permissions: { read: 'all', write: 'admin' } },
  { name: 'Public Read/Creator Write', permissions: { read: 'all', write: 'creator' } },
  { name: 'Creator Only', permissions: { read: 'creator', write: 'creator' } },
  { name: 'Admin Only', permissions: { read: 'admin', write: 'admin' } },
];

/**
 * What the Database panel sends to the chat to change an entity's access (docs/product/database.md#roles-and-permissions: the change
 * goes through the chat and becomes a version). The levels are spelled out so any model, and the
 * offline app builder (which reads them back), applies exactly what was chosen.
 */
export function permissionChangeRequest(entity: string, permissions: EntityPermissions): string {
  const preset = ACCESS_PRESETS.find(
    (p) => p.permissions.read === permissions.read && p.permissions.write === permissions.write,
  );
  const levels = `read: ${permissions.read}, write: ${permissions.write}`;
  return `Change the permissions of the ${entity} entity to ${preset ? `${preset.name} (${levels})` : levels}`;
}

/**
 * The entity API's list and filter (docs/product/runtime.md#calls): rows per call when no limit is
 * given, and the most one call returns. A larger limit gets this many (never a refusal that would
 * blank a page); the response's X-Total-Count says how many match, and `skip` pages on.
 */
export const ENTITY_LIST_DEFAULT_LIMIT = 50;
export const ENTITY_LIST_MAX_LIMIT = 1000;
/** The most rows a list may skip. */
export const ENTITY_LIST_MAX_SKIP = 100_000;
/** The operators of the entity API's q filter (Mongo-like; all conditions of one object are ANDed). */
export const ENTITY_QUERY_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$regex',
  '$options',
] as const;
/** The q filter's top-level combinations: each takes a list of filters. */
export const ENTITY_QUERY_LOGICAL_OPERATORS = ['$and', '$or'] as const;

export const PROPERTY_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const STRING_FORMATS = ['date-time', 'date', 'email', 'uri', 'image', 'color'] as const;

export interface PropertySchema {
  type: PropertyType;
  format?: (typeof STRING_FORMATS)[number];
  enum?: Array<string | number>;
  items?: PropertySchema;
  description?: string;
  title?: string;
  default?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** What a property holds, read from its schema (and, for images, its name). */
export type PropertyKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'json'
  | 'select'
  | 'multiselect'
  | 'tags'
  | 'date'
  | 'datetime'
  | 'email'
  | 'url'
  | 'color'
  | 'image';

/**
 * The one reading of a property's kind that the Database panel's columns and the offline builder's
 * pages both start from: a list of strings is `multiselect` with options, `tags` without.
 */
export function propertyKind(name: string, prop: PropertySchema): PropertyKind {
  switch (prop.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'json';
    case 'array':
      if (prop.items && prop.items.type !== 'string') return 'json';
      return prop.items?.enum?.length ? 'multiselect' : 'tags';
    case 'string':
      if (prop.enum?.length) return 'select';
      if (prop.format === 'date') return 'date';
      if (prop.format === 'date-time') return 'datetime';
      if (prop.format === 'email') return 'email';
      if (prop.format === 'uri') return 'url';
      if (prop.format === 'color') return 'color';
      if (prop.format === 'image' || /image/i.test(name)) return 'image';
      return 'text';
  }
}

/** An entity: a JSON Schema object with our access-control extension. */
export interface EntitySchema {
  type: 'object';
  title?: string;
  description?: string;
  properties: Record<string, PropertySchema>;
  required?: string[];
  'x-accessControl': { permissions: EntityPermissions };
}

/** Every record carries these; an entity may not define them. */
export const RECORD_COLUMNS = ['id', 'createdAt', 'updatedAt', 'creatorId'] as const;
export const USER_ENTITY = 'User';
export const MAX_ENTITY_PROPERTIES = 100;
export const ENTITY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const PROPERTY_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * Names that reach a JavaScript object's prototype when used as a key (`obj[name]`): never an
 * entity, a field, or a segment of a field path (a CSV mapping target, a filter or sort path).
 */
export const RESERVED_NAMES = ['__proto__', 'constructor', 'prototype'] as const;
export const isReservedName = (name: string): boolean => (RESERVED_NAMES as readonly string[]).includes(name);

export const AccessLevelSchema = z.enum(ACCESS_LEVELS);
export const EntityPermissionsSchema = z.object({ read: AccessLevelSchema, write: AccessLevelSchema });
