import { propertyKind, type EntitySchema, type PropertyKind, type PropertySchema } from '@tessera/contracts/entities';

/** The grid's column types (docs/product/database.md#data). */
export const COLUMN_TYPES = [
  'text',
  'number',
  'boolean',
  'select',
  'multiselect',
  'datetime',
  'image',
  'json',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Checkbox',
  select: 'Select',
  multiselect: 'Multi-select',
  datetime: 'Date & time',
  image: 'Image',
  json: 'JSON',
};

/** docs/product/database.md#data: the reserved id of the add-column header. */
export const ADD_COLUMN_ID = 999999;

/** docs/product/database.md#limits column widths, in px. */
export const COLUMN_WIDTH = { min: 50, default: 150, max: 400, multiselect: 200, createdAt: 208 } as const;

export interface ColumnOption {
  label: string;
  backgroundColor: string;
}

/** One grid column: a schema property, or a read-only record column (Created At, User ID). */
export interface GridColumn {
  id: number;
  /** The record field it shows. */
  key: string;
  label: string;
  dataType: ColumnType;
  options: ColumnOption[];
  readonly: boolean;
  width: number;
}

/** Soft label colours, in a fixed order so an option keeps its colour. */
const OPTION_COLORS = [
  '#e0e7ff',
  '#dcfce7',
  '#fef3c7',
  '#fce7f3',
  '#e0f2fe',
  '#ede9fe',
  '#ffedd5',
  '#ccfbf1',
  '#fee2e2',
  '#f1f5f9',
];

export function optionColor(index: number): string {
  return OPTION_COLORS[index % OPTION_COLORS.length]!;
}

/** A property kind's grid column (docs/product/database.md#data): lists of free strings are JSON cells. */
const COLUMN_OF: Record<PropertyKind, ColumnType> = {
  text: 'text',
  email: 'text',
  url: 'text',
  color: 'text',
  number: 'number',
  boolean: 'boolean',
  json: 'json',
  tags: 'json',
  select: 'select',
  multiselect: 'multiselect',
  date: 'datetime',
  datetime: 'datetime',
  image: 'image',
};

/** The grid type of a schema property. */
export const columnTypeOf = (name: string, prop: PropertySchema): ColumnType => COLUMN_OF[propertyKind(name, prop)];

function optionsOf(prop: PropertySchema): ColumnOption[] {
  const values = prop.type === 'array' ? prop.items?.enum : prop.enum;
  return (values ?? []).map((value, i) => ({ label: String(value), backgroundColor: optionColor(i) }));
}

/** The columns of an entity: its properties in order, then the read-only Created At and User ID. */
export function columnsFromSchema(schema: EntitySchema, widths: Record<string, number> = {}): GridColumn[] {
  const columns: GridColumn[] = Object.entries(schema.properties).map(([key, prop], i) => {
    const dataType = columnTypeOf(key, prop);
    return {
      id: i + 1,
      key,
      label: key,
      dataType,
      options: optionsOf(prop),
      readonly: false,
      width: widths[key] ?? (dataType === 'multiselect' ? COLUMN_WIDTH.multiselect : COLUMN_WIDTH.default),
    };
  });
  const next = columns.length + 1;
  columns.push(
    {
      id: next,
      key: 'createdAt',
      label: 'Created At',
      dataType: 'datetime',
      options: [],
      readonly: true,
      width: widths.createdAt ?? COLUMN_WIDTH.createdAt,
    },
    {
      id: next + 1,
      key: 'creatorId',
      label: 'User ID',
      dataType: 'text',
      options: [],
      readonly: true,
      width: widths.creatorId ?? COLUMN_WIDTH.default,
    },
  );
  return columns;
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));
}

/**
 * The schema property for a column type. Select types keep the options they had (or take the
 * given ones); JSON Schema needs at least one enum value, so a new select starts with "Option 1".
 */
export function propertyForType(type: ColumnType, options: string[] = []): PropertySchema {
  const values = options.length ? options : ['Option 1'];
  switch (type) {
    case 'text':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'image':
      return { type: 'string', format: 'image' };
    case 'json':
      return { type: 'object' };
    case 'select':
      return { type: 'string', enum: values };
    case 'multiselect':
      return { type: 'array', items: { type: 'string', enum: values } };
  }
}

/** The schema with a property added (trimmed name ignored when empty) at a position in the order. */
export function withProperty(
  schema: EntitySchema,
  name: string,
  prop: PropertySchema,
  index = Object.keys(schema.properties).length,
): EntitySchema {
  const entries = Object.entries(schema.properties).filter(([key]) => key !== name);
  entries.splice(Math.max(0, Math.min(index, entries.length)), 0, [name, prop]);
  return { ...schema, properties: Object.fromEntries(entries) };
}

export function withoutProperty(schema: EntitySchema, name: string): EntitySchema {
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => key !== name));
  const required = schema.required?.filter((r) => r !== name);
  const next: EntitySchema = { ...schema, properties };
  if (required && required.length) next.required = required;
  else delete next.required;
  return next;
}

/** Adds a select or multiselect option; an empty (or repeated) name is ignored (docs/product/database.md#rules-and-messages). */
export function withOption(schema: EntitySchema, name: string, option: string): EntitySchema {
  const label = option.trim();
  const prop = schema.properties[name];
  if (!prop || !label) return schema;
  if (prop.type === 'array') {
    const current = (prop.items?.enum ?? []).map(String);
    if (current.includes(label)) return schema;
    return withProperty(
      schema,
      name,
      { ...prop, items: { type: 'string', ...prop.items, enum: [...current, label] } },
      Object.keys(schema.properties).indexOf(name),
    );
  }
  const current = (prop.enum ?? []).map(String);
  if (current.includes(label)) return schema;
  return withProperty(
    schema,
    name,
    { ...prop, enum: [...current, label] },
    Object.keys(schema.properties).indexOf(name),
  );
}
