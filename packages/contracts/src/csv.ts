import { z } from 'zod';
import { isReservedName, type EntitySchema } from './entities';

export const CSV_DATA_TYPES = ['text', 'number', 'boolean', 'datetime', 'json'] as const;
export type CsvDataType = (typeof CSV_DATA_TYPES)[number];
/** Separators for list fields (docs/product/database.md#rules-and-messages): comma, semicolon, pipe, line break, tab. */
export const CSV_SPLIT_CHARACTERS = [',', ';', '|', '\n', '\t'] as const;

/** How one CSV column lands in a field (docs/product/database.md#data CSV mapping). */
export const CsvMappingSchema = z.object({
  csvHeader: z.string().max(500),
  schemaField: z.string().min(1).max(200),
  dataType: z.enum(CSV_DATA_TYPES),
  splitCharacter: z.enum(CSV_SPLIT_CHARACTERS).nullish(),
});
export type CsvMapping = z.infer<typeof CsvMappingSchema>;
export const CsvMappingListSchema = z.array(CsvMappingSchema).max(200);

/** `POST /live_api/apps/{id}/entities/{name}/import` answer (and the last NDJSON progress line). */
export interface CsvImportSummary {
  total: number;
  imported: number;
  failed: number;
  /** The first failures: their 1-based data row number and the file line they start on (the header is line 1). */
  errors: Array<{ row: number; line: number; message: string }>;
}

/** A list of strings: its CSV cells are split on a separator. */
export function isListField(schema: EntitySchema, field: string): boolean {
  const prop = Object.hasOwn(schema.properties, field) ? schema.properties[field] : undefined;
  return prop?.type === 'array' && prop.items?.type === 'string';
}

/** The CSV data type a schema field takes. */
export function csvDataTypeOf(schema: EntitySchema, field: string): CsvDataType {
  const prop = Object.hasOwn(schema.properties, field) ? schema.properties[field] : undefined;
  if (!prop) return 'text';
  if (prop.type === 'number' || prop.type === 'integer') return 'number';
  if (prop.type === 'boolean') return 'boolean';
  if (prop.type === 'string' && (prop.format === 'date-time' || prop.format === 'date')) return 'datetime';
  if (prop.type === 'object' || (prop.type === 'array' && prop.items?.type !== 'string')) return 'json';
  return 'text';
}

/**
 * The basic mapping (docs/product/database.md#rules-and-messages): a header maps to the field of the same name, compared
 * case-insensitively; list fields split on commas. Unmatched headers are left out.
 */
export function basicCsvMapping(headers: string[], schema: EntitySchema): CsvMapping[] {
  const byName = new Map(Object.keys(schema.properties).map((f) => [f.toLowerCase(), f]));
  return headers.flatMap((header) => {
    const field = byName.get(header.trim().toLowerCase());
    if (!field) return [];
    return [
      {
        csvHeader: header,
        schemaField: field,
        dataType: csvDataTypeOf(schema, field),
        ...(isListField(schema, field) ? { splitCharacter: ',' as const } : {}),
      },
    ];
  });
}

/**
 * One trimmed CSV cell converted per docs/product/database.md#rules-and-messages: number by float parse, boolean true only for
 * "true" (any case), datetime to ISO, json parsed or kept as text, lists split and trimmed.
 * An empty cell is "no value".
 */
export function convertCsvValue(raw: string, mapping: Pick<CsvMapping, 'dataType' | 'splitCharacter'>): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  if (mapping.splitCharacter)
    return text
      .split(mapping.splitCharacter)
      .map((s) => s.trim())
      .filter(Boolean);
  switch (mapping.dataType) {
    case 'number':
      return Number.parseFloat(text);
    case 'boolean':
      return text.toLowerCase() === 'true';
    case 'datetime': {
      const time = Date.parse(text);
      return Number.isNaN(time) ? text : new Date(time).toISOString();
    }
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    case 'text':
      return text;
  }
}

/**
 * A CSV row (header -> cell) as record fields, nested `a.b` fields included. Only the row's own
 * cells are read, and a mapping with a `__proto__`, `constructor` or `prototype` segment is
 * skipped (the server refuses such mappings before an import starts).
 */
export function csvRowToRecord(
  row: Record<string, string | undefined>,
  mappings: CsvMapping[],
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const m of mappings) {
    const path = m.schemaField.split('.');
    if (path.some(isReservedName)) continue;
    const value = convertCsvValue((Object.hasOwn(row, m.csvHeader) ? row[m.csvHeader] : undefined) ?? '', m);
    if (value === undefined) continue;
    let target = record;
    for (const key of path.slice(0, -1)) {
      const next = Object.hasOwn(target, key) ? target[key] : undefined;
      target = (
        typeof next === 'object' && next !== null && !Array.isArray(next) ? next : (target[key] = {})
      ) as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return record;
}

/** `POST /api/csv/generateMapping` (docs/product/database.md#calls): suggest how CSV columns map to an entity's fields. */
export const GenerateMappingRequestSchema = z.object({
  headers: z.array(z.string().max(500)).min(1).max(200),
  previewData: z.array(z.record(z.string(), z.unknown())).max(20).default([]),
  schema: z.object({ properties: z.record(z.string(), z.unknown()) }).loose(),
  entityName: z.string().min(1).max(64),
});
export type GenerateMappingRequest = z.infer<typeof GenerateMappingRequestSchema>;
export interface GenerateMappingResponse {
  mappings: CsvMapping[];
}

/** docs/product/database.md#rules-and-messages: list separators are detected from samples, line break first, then semicolon, else comma. */
export function detectSplitCharacter(samples: string[]): CsvMapping['splitCharacter'] {
  if (samples.some((s) => s.includes('\n'))) return '\n';
  if (samples.some((s) => s.includes(';'))) return ';';
  return ',';
}

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field of an exported file: formula starts neutralised with a leading ', then quoted when
 * it holds a comma, a quote or a line break, quotes doubled (RFC 4180).
 */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
