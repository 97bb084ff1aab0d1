import { MESSAGES } from '@tessera/contracts';
import {
  basicCsvMapping,
  coerceRecord,
  csvDataTypeOf,
  csvRowToRecord,
  CSV_DATA_TYPES,
  CSV_SPLIT_CHARACTERS,
  detectSplitCharacter,
  isListField,
  isReservedName,
  type CsvDataType,
  type CsvImportSummary,
  type CsvMapping,
  type EntitySchema,
} from '@tessera/contracts/entities';
import type { CsvRow } from './csv-import-parse';

/** docs/product/database.md#limits: the preview shows the first 5 rows; imports go 10 rows a batch, 3 batches at a time. */
export const CSV_PREVIEW_ROWS = 5;
export const CSV_BATCH_SIZE = 10;
export const CSV_BATCH_CONCURRENCY = 3;
/** Beyond this many rows the file goes to the import endpoint as one streamed upload. */
export const CSV_STREAM_THRESHOLD = 1000;
/** Rows sampled per column to detect a list separator. */
const SEPARATOR_SAMPLE_ROWS = 50;
/** Retries of a streamed import after a network error (same importId: rows are not duplicated). */
export const CSV_STREAM_RETRIES = 2;

/** The import endpoint's upload limit; the wizard refuses bigger files before reading them. */
export const CSV_MAX_BYTES = 100 * 1024 * 1024;

/** Wizard texts the spec does not word (docs/product/database.md#rules-and-messages says only that these cases are errors). */
export const CSV_IMPORT_TEXTS = {
  notCsv: 'Only .csv files can be imported',
  tooBig: `This CSV file is too big (max ${CSV_MAX_BYTES / 1024 / 1024} MB)`,
  empty: 'This CSV file is empty',
  noRows: 'No valid rows found in this CSV file',
} as const;

export type SplitCharacter = (typeof CSV_SPLIT_CHARACTERS)[number];

/** Separator choices of docs/product/database.md#rules-and-messages, in the order the select shows them. */
export const SPLIT_CHARACTER_OPTIONS: ReadonlyArray<{ value: SplitCharacter; label: string }> = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '|', label: 'Pipe (|)' },
  { value: '\n', label: 'Line break' },
  { value: '\t', label: 'Tab' },
];

export const DATA_TYPE_LABELS: Record<CsvDataType, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Boolean',
  datetime: 'Date & time',
  json: 'JSON',
};
export { CSV_DATA_TYPES };

/** True for a file the wizard accepts: a name ending in .csv, whatever the case. */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** Fills `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The toast that ends an import (docs/product/database.md#errors): success, the warning with counts, or failure. */
export function importOutcome(result: { total: number; imported: number; failed: number; isFatal: boolean }): {
  tone: 'success' | 'warning' | 'error';
  text: string;
} {
  if (result.isFatal || (result.imported === 0 && result.failed === 0))
    return { tone: 'error', text: MESSAGES.csvImport.importFailed };
  if (result.failed > 0)
    return {
      tone: 'warning',
      // The catalogue's wording, in the singular for one row.
      text: formatMessage(
        result.failed === 1
          ? MESSAGES.csvImport.importPartial.replace('failed rows', 'failed row')
          : MESSAGES.csvImport.importPartial,
        { failed: result.failed, total: result.total },
      ),
    };
  return { tone: 'success', text: formatMessage(MESSAGES.csvImport.importSuccess, { n: result.imported }) };
}

/** One CSV column in the mapping step: where it goes, or null when ignored. */
export interface ColumnMapping {
  csvHeader: string;
  schemaField: string | null;
  dataType: CsvDataType;
  splitCharacter: SplitCharacter | null;
}

/** docs/product/database.md#rules-and-messages: a list separator from a column's sample cells (line break, then semicolon, else comma). */
export function detectColumnSeparator(rows: readonly CsvRow[], header: string): SplitCharacter {
  const samples = rows
    .slice(0, SEPARATOR_SAMPLE_ROWS)
    .map((r) => r[header] ?? '')
    .filter(Boolean);
  return detectSplitCharacter(samples) ?? ',';
}

/** What a column takes by default once mapped to `field`: the field's data type, a separator for lists. */
export function columnFor(
  header: string,
  field: string | null,
  schema: EntitySchema,
  rows: readonly CsvRow[],
): ColumnMapping {
  if (!field) return { csvHeader: header, schemaField: null, dataType: 'text', splitCharacter: null };
  // A dotted path names a value inside an object field: a single value, text unless changed.
  if (field.includes('.')) return { csvHeader: header, schemaField: field, dataType: 'text', splitCharacter: null };
  const top = field;
  return {
    csvHeader: header,
    schemaField: field,
    dataType: csvDataTypeOf(schema, top),
    splitCharacter: isListField(schema, top) ? detectColumnSeparator(rows, header) : null,
  };
}

const isSplitCharacter = (value: unknown): value is SplitCharacter =>
  (CSV_SPLIT_CHARACTERS as readonly unknown[]).includes(value);

/**
 * The mapping step's columns from suggested mappings (the AI's or the basic one): one entry per
 * header in file order. Suggestions naming an unknown header or field, or a field already taken,
 * are dropped; list fields without a separator get the detected one.
 */
export function columnsFromMappings(
  headers: readonly string[],
  mappings: readonly CsvMapping[],
  schema: EntitySchema,
  rows: readonly CsvRow[],
): ColumnMapping[] {
  const byHeader = new Map<string, CsvMapping>();
  const usedFields = new Set<string>();
  for (const m of mappings) {
    const path = m.schemaField.split('.');
    if (
      !headers.includes(m.csvHeader) ||
      byHeader.has(m.csvHeader) ||
      !Object.hasOwn(schema.properties, path[0]!) ||
      path.some(isReservedName) ||
      usedFields.has(m.schemaField)
    )
      continue;
    byHeader.set(m.csvHeader, m);
    usedFields.add(m.schemaField);
  }
  return headers.map((header) => {
    const m = byHeader.get(header);
    if (!m) return columnFor(header, null, schema, rows);
    const base = columnFor(header, m.schemaField, schema, rows);
    const dataType = (CSV_DATA_TYPES as readonly string[]).includes(m.dataType) ? m.dataType : base.dataType;
    const splitCharacter =
      base.splitCharacter === null ? null : isSplitCharacter(m.splitCharacter) ? m.splitCharacter : base.splitCharacter;
    return { ...base, dataType, splitCharacter };
  });
}

/**
 * docs/product/database.md#rules-and-messages's fallback when the AI mapping fails: exact, case-insensitive header/field names
 * (`basicCsvMapping` of the contracts), separators detected from the rows.
 */
export function fallbackColumns(
  headers: readonly string[],
  schema: EntitySchema,
  rows: readonly CsvRow[],
): ColumnMapping[] {
  return columnsFromMappings(headers, basicCsvMapping([...headers], schema), schema, rows).map((c) =>
    c.schemaField && c.splitCharacter !== null ? { ...c, splitCharacter: detectColumnSeparator(rows, c.csvHeader) } : c,
  );
}

/** The mapping sent with the import: mapped columns only (unmapped columns are ignored, docs/product/database.md#rules-and-messages). */
export function toCsvMappings(columns: readonly ColumnMapping[]): CsvMapping[] {
  return columns.flatMap((c) =>
    c.schemaField === null
      ? []
      : [
          {
            csvHeader: c.csvHeader,
            schemaField: c.schemaField,
            dataType: c.dataType,
            ...(c.splitCharacter === null ? {} : { splitCharacter: c.splitCharacter }),
          },
        ],
  );
}

export interface PreparedRecords {
  /** Records ready for `/bulk`, each with its 1-based CSV row number. */
  records: Array<{ row: number; record: Record<string, unknown> }>;
  /** Rows the entity would refuse (wrong type, missing required field, nothing mapped). */
  invalid: Array<{ row: number; message: string }>;
}

/**
 * CSV rows to records through the contracts' conversions (`csvRowToRecord`, then `coerceRecord`,
 * the same checks the server makes), so a bad row fails alone instead of failing its whole batch.
 */
export function prepareRecords(
  rows: readonly CsvRow[],
  mappings: readonly CsvMapping[],
  entity: string,
  schema: EntitySchema,
): PreparedRecords {
  const prepared: PreparedRecords = { records: [], invalid: [] };
  rows.forEach((row, i) => {
    const converted = csvRowToRecord(row, [...mappings]);
    if (!Object.keys(converted).length) {
      prepared.invalid.push({ row: i + 1, message: 'The row has no value in a mapped column' });
      return;
    }
    const result = coerceRecord(entity, schema, converted, 'create');
    if (result.ok) prepared.records.push({ row: i + 1, record: result.value });
    else prepared.invalid.push({ row: i + 1, message: result.error });
  });
  return prepared;
}

export interface BatchRunOptions<T> {
  items: readonly T[];
  /** Sends one batch; a throw marks that batch's rows as failed and the run goes on. */
  run: (batch: T[]) => Promise<void>;
  batchSize?: number;
  concurrency?: number;
  /** After every batch: rows done (sent or failed) and rows failed so far. */
  onProgress?: (done: number, failed: number) => void;
}

/**
 * Runs batches of `batchSize` with at most `concurrency` in flight (docs/product/database.md#limits: 10 rows, 3 at a
 * time). Batches start in order; each reports when it settles.
 */
export async function runBatches<T>({
  items,
  run,
  batchSize = CSV_BATCH_SIZE,
  concurrency = CSV_BATCH_CONCURRENCY,
  onProgress,
}: BatchRunOptions<T>): Promise<{ done: number; failed: number; errors: unknown[] }> {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += batchSize) batches.push(items.slice(i, i + batchSize));
  let next = 0;
  let done = 0;
  let failed = 0;
  const errors: unknown[] = [];
  async function worker() {
    while (next < batches.length) {
      const batch = batches[next++]!;
      try {
        await run(batch);
      } catch (err) {
        failed += batch.length;
        errors.push(err);
      }
      done += batch.length;
      onProgress?.(done, failed);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  return { done, failed, errors };
}

/** A line of the import endpoint's NDJSON answer. */
export type ImportStreamEvent =
  | ({ type: 'progress' } & CsvImportSummary)
  | ({ type: 'done' } & CsvImportSummary)
  | { type: 'error'; code: string; message: string; details?: unknown };

/**
 * Splits buffered NDJSON text into complete events and the unfinished rest. Lines that are not
 * JSON objects with a known `type` are ignored.
 */
export function readNdjson(buffer: string): { events: ImportStreamEvent[]; rest: string } {
  const lines = buffer.split('\n');
  const rest = lines.pop() ?? '';
  const events: ImportStreamEvent[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as { type?: unknown };
      if (value && (value.type === 'progress' || value.type === 'done' || value.type === 'error'))
        events.push(value as ImportStreamEvent);
    } catch {
      // A torn or foreign line: the next progress line says the same, more recent.
    }
  }
  return { events, rest };
}

/** A fresh idempotency key for one streamed import (the server accepts letters, digits, - and _). */
export function newImportId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
