import { createHash } from 'node:crypto';
import {
  basicCsvMapping,
  coerceRecord,
  csvRowToRecord,
  type CsvMapping,
  type EntitySchema,
} from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';

/** What turning CSV rows into import batches needs; plain data, so it can be sent to a worker. */
export interface CsvBatchOptions {
  entity: string;
  schema: EntitySchema;
  /** null: headers match fields by name (basicCsvMapping), decided on the first row. */
  mappings: CsvMapping[] | null;
  /** Ids `uuidFrom(idKey + row number)` when the import has an importId (or Idempotency-Key): a retry finds its rows. */
  idKey: string | null;
  /**
   * Without idKey: ids `rowUuid(contentKey, row number, record)` (contentKey names the app, entity and
   * caller), so the same file sent again, as a client retrying after a broken connection would, finds
   * the rows it wrote instead of adding them twice; another file's different rows never meet them.
   */
  contentKey: string;
  batchRows: number;
  maxRows: number;
  /** How many row errors are reported at most (the rest are only counted). */
  errorsKept: number;
}

/** A CSV row as Papa Parse gives it with `header: true`. */
export type CsvRow = Record<string, string | undefined> & { __parsed_extra?: unknown };

/**
 * Counters of the rows read so far; `errors` are the ones found since the previous report, each
 * with its data row number (1-based) and the file line it starts on (the header is line 1).
 */
export interface CsvProgress {
  total: number;
  failed: number;
  errors: Array<{ row: number; line: number; message: string }>;
}

/** Up to `batchRows` valid records as the JSON text `[{"id": …, "data": {…}}, …]` (records.repo.ts importBatch). */
export interface CsvBatch extends CsvProgress {
  json: string;
  rows: number;
}

/** A stable UUID-shaped id from a key (deterministic record ids for idempotent imports). */
export function uuidFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A UUID-shaped id (version 8, custom) from a key, a row number and the row's content: the key's
 * hash, then the row number, then the content's hash. One import's ids sort in file order, so its
 * inserts go to one edge of the primary key's btree instead of a random leaf each (docs/decisions/0007).
 */
export function rowUuid(keyHash: string, row: number, content: string): string {
  const r = row.toString(16).padStart(6, '0');
  const c = createHash('sha256').update(content).digest('hex');
  return `${keyHash.slice(0, 8)}-${keyHash.slice(8, 12)}-8${r.slice(0, 3)}-8${r.slice(3, 6)}-${c.slice(0, 12)}`;
}

const keyHashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Converts CSV rows (docs/product/database.md#rules-and-messages conversions, then the entity's own validation) into batches of
 * records ready to insert. Bad rows are counted and the first `errorsKept` reported with their
 * row number and file line; a file with too many rows or no matching column throws an AppError.
 */
export function createCsvBatcher(options: CsvBatchOptions) {
  const { entity, schema, idKey, batchRows, maxRows, errorsKept } = options;
  const contentKeyHash = keyHashOf(options.contentKey);
  let mappings = options.mappings;
  let total = 0;
  let failed = 0;
  let kept = 0;
  let errors: CsvProgress['errors'] = [];
  let parts: string[] = [];
  const fail = (line: number, message: string) => {
    failed++;
    if (kept < errorsKept) {
      kept++;
      // The message names the file line itself, so it reads right wherever it is shown or logged.
      errors.push({ row: total, line, message: `Line ${line}: ${message}` });
    }
  };
  const progress = (): CsvProgress => {
    const out = { total, failed, errors };
    errors = [];
    return out;
  };
  const cut = (): CsvBatch | null => {
    if (!parts.length) return null;
    const batch = { json: `[${parts.join(',')}]`, rows: parts.length, ...progress() };
    parts = [];
    return batch;
  };
  return {
    /** Takes one row and the file line it starts on; returns a full batch when this row completed one. */
    add(row: CsvRow, line: number): CsvBatch | null {
      total++;
      if (total > maxRows)
        throw new AppError('VALIDATION_FAILED', `At most ${maxRows} ${maxRows === 1 ? 'row' : 'rows'} per import`);
      if (!mappings) {
        const headers = Object.keys(row).filter((h) => h !== '__parsed_extra');
        mappings = basicCsvMapping(headers, schema);
        if (!mappings.length)
          throw new AppError(
            'VALIDATION_FAILED',
            `None of the CSV columns (${headers.slice(0, 10).join(', ')}) match a field of ${entity}`,
          );
      }
      if (row.__parsed_extra) {
        fail(line, 'The row has more cells than the header');
        return null;
      }
      const record = coerceRecord(entity, schema, csvRowToRecord(row, mappings), 'create');
      if (!record.ok) {
        fail(line, record.error);
        return null;
      }
      const data = JSON.stringify(record.value);
      // Ids are hex and dashes: no escaping needed.
      const id = idKey === null ? rowUuid(contentKeyHash, total, data) : uuidFrom(`${idKey}${total}`);
      parts.push(`{"id":"${id}","data":${data}}`);
      return parts.length >= batchRows ? cut() : null;
    },
    /** The last, partial batch (null when there is none) and the final counters. */
    finish(): { batch: CsvBatch | null; progress: CsvProgress } {
      const batch = cut();
      return { batch, progress: batch ? { total, failed, errors: [] } : progress() };
    },
  };
}
