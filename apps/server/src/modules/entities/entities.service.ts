import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { APP_MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  coerceRecord,
  CsvMappingListSchema,
  isReservedName,
  type CsvImportSummary,
  type CsvMapping,
  type EntitySchema,
} from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import type { AppPrincipal } from '../app-users';
import { decideAccess, type Caller, type Operation } from './access';
import type { CsvProgress } from './csv-batches';
import { startCsvWorker } from './csv-import';
import type { EntityRead, EntitySchemasRepo } from './entity-schemas.repo';

export type { EntityRead };
import { parseFilter, parseListQuery, type EntityFields, type RawListParams } from './record-query';
import type { RecordRow, RecordScope, RecordsRepo } from './records.repo';
import { createTotalEstimates, type TotalEstimates } from './total-estimates';

/** Rows one bulk call may create. */
export const BULK_MAX_RECORDS = 1000;
/** Rows an import writes per statement: each batch is all-or-nothing and acknowledged once written. */
export const IMPORT_BATCH_ROWS = 1000;
export const IMPORT_MAX_ROWS = 1_000_000;
const IMPORT_ERRORS_KEPT = 20;
/**
 * A list's total is counted exactly up to this many rows past the end of the requested page, so
 * counting costs about as much as reading the page; larger totals are the planner's estimate.
 */
export const TOTAL_COUNT_LOOKAHEAD = 1000;

/** `count` is exact up to here (past it, the planner's estimate): far beyond any app's entity. */
const EXACT_COUNT_CAP = 2 ** 31 - 2;

/** A sort on a data field over at least this many matching rows gets an expression index (sort-indexes.repo.ts). */
export const SORT_INDEX_MIN_ROWS = 1000;

/** How many rows match a list's `q`; `isEstimated` when it is the planner's estimate. */
export interface ListTotal {
  value: number;
  isEstimated: boolean;
}
/** Writes at least this large refresh the planner's statistics (see RecordsRepo.analyze). */
const ANALYZE_AFTER_ROWS = 1000;

export interface CsvImportInput {
  csv: Readable;
  /** JSON list of CsvMapping; without it headers match fields by name, case-insensitively. */
  mapping?: string;
  /** Names the import: row N of an import always gets the same record id, so a retry adds nothing twice. */
  importId?: string;
  /** The `Idempotency-Key` header: the importId of a client that sends it there. */
  idempotencyKey?: string;
}

/** The import's own id: the importId field, else the Idempotency-Key header (both: the same value). */
function importIdOf({ importId, idempotencyKey }: CsvImportInput): string | undefined {
  if (importId !== undefined && idempotencyKey !== undefined && importId !== idempotencyKey)
    throw new AppError(
      'VALIDATION_FAILED',
      'importId and the Idempotency-Key header differ: send one of them, or the same value in both',
    );
  const id = importId ?? idempotencyKey;
  if (id !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw new AppError(
      'VALIDATION_FAILED',
      `${importId === undefined ? 'Idempotency-Key' : 'importId'} must be 1 to 64 letters, digits, - or _`,
    );
  return id;
}

export type EntityRecord = Record<string, unknown> & {
  id: string;
  createdAt: string;
  updatedAt: string;
  creatorId: string | null;
};

function parseMappings(raw: string, schema: EntitySchema): CsvMapping[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'mapping is not valid JSON');
  }
  const parsed = CsvMappingListSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_FAILED',
      `mapping: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`,
    );
  // A target is a field of the entity's own, then a path inside it that never reaches a prototype.
  const unknown = parsed.data.find((m) => {
    const [field, ...rest] = m.schemaField.split('.');
    return !Object.hasOwn(schema.properties, field!) || [field!, ...rest].some(isReservedName);
  });
  if (unknown) throw new AppError('VALIDATION_FAILED', `mapping: "${unknown.schemaField}" is not a field`);
  if (!parsed.data.length) throw new AppError('VALIDATION_FAILED', 'mapping: map at least one column');
  return parsed.data;
}

/** The identities a request may carry: a builder session and/or an app user's session. */
export interface Who {
  builder?: SessionUser;
  appUser?: AppPrincipal | null;
  /** The app and entity as read with the request's session (entity-schemas.repo.ts), if they were. */
  read?: EntityRead;
}

/**
 * The app's owner when the builder's session is sent; an app user (admin or not) when their
 * session belongs to this very app; anonymous otherwise. Another app's user is a stranger here.
 */
export function callerOf(who: Who, ownerUserId: string, appId: string): Caller {
  if (who.builder && who.builder.id === ownerUserId) return { kind: 'owner', userId: who.builder.id };
  if (who.appUser && who.appUser.appId === appId)
    return { kind: who.appUser.role === 'admin' ? 'admin' : 'user', userId: who.appUser.userId };
  return { kind: 'anonymous' };
}

function toRecord(row: RecordRow, fields: string[] | null = null): EntityRecord {
  const data = fields
    ? Object.fromEntries(fields.filter((f) => Object.hasOwn(row.data, f)).map((f) => [f, row.data[f]]))
    : row.data;
  return {
    ...data,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creatorId: row.creatorId,
  };
}

/**
 * A field renamed in the Database panel since the last publish lives under both names until the
 * next publish moves it (docs/publishing.md): a write through either name sets the other, so the
 * published app and the builder's preview read the same value.
 */
export function mirrorRenamedFields(
  data: Record<string, unknown>,
  renamedFrom: Record<string, string>,
): Record<string, unknown> {
  const out = { ...data };
  for (const [to, from] of Object.entries(renamedFrom)) {
    if (Object.hasOwn(data, to) && !Object.hasOwn(data, from)) out[from] = data[to];
    else if (Object.hasOwn(data, from) && !Object.hasOwn(data, to)) out[to] = data[from];
  }
  return out;
}

const fieldsOf = (schema: EntitySchema): EntityFields =>
  Object.fromEntries(
    Object.entries(schema.properties).map(([name, p]) => [
      name,
      { type: p.type, ...(p.format ? { format: p.format } : {}) },
    ]),
  );

/**
 * The entity API (docs/product/database.md#calls): records of an app's entities, validated against their schemas, every
 * operation authorised against the entity's access levels for the caller (docs/entity-access.md).
 */
export function createEntitiesService({
  schemasRepo,
  recordsRepo,
  totals = createTotalEstimates(),
}: {
  schemasRepo: EntitySchemasRepo;
  recordsRepo: RecordsRepo;
  totals?: TotalEstimates;
}) {
  const { sortIndexes } = recordsRepo;
  /**
   * Who the caller is for this app, and the entity's schema as they get it: end users (app users
   * and anonymous callers) the published version's once the app is published; the owner (Database
   * panel, builder's preview) the latest. `mirror` prepares a write's fields for the shared records.
   */
  async function entityOf(
    appId: string,
    entity: string,
    who: Who = {},
  ): Promise<{
    schema: EntitySchema;
    caller: Caller;
    mirror: (data: Record<string, unknown>) => Record<string, unknown>;
  }> {
    const { read } = who;
    const found =
      read?.appId === appId && read.entity === entity ? read.schemas : await schemasRepo.find(appId, entity);
    if (!found) throw new AppError('NOT_FOUND', APP_MESSAGES.appNotFound);
    const caller = callerOf(who, found.ownerUserId, appId);
    const schema = caller.kind === 'owner' || !found.isPublished ? found.latest : found.published;
    if (!schema) throw new AppError('NOT_FOUND', `This app has no entity named "${entity}"`);
    const renamed = found.isPublished && Object.keys(found.renamedFrom).length > 0;
    return {
      schema,
      caller,
      mirror: renamed ? (data) => mirrorRenamedFields(data, found.renamedFrom) : (data) => data,
    };
  }

  /** The rows this caller may touch for `operation`, or the refusal. */
  function scopeFor(
    schema: EntitySchema,
    operation: Operation,
    caller: Caller,
    appId: string,
    entity: string,
  ): RecordScope {
    const { read, write } = schema['x-accessControl'].permissions;
    const decision = decideAccess(operation === 'read' ? read : write, operation, caller);
    if (!decision.allow) {
      throw decision.signInMayHelp
        ? new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized)
        : new AppError('FORBIDDEN', APP_MESSAGES.forbidden);
    }
    return decision.scope === 'own' && caller.kind !== 'anonymous'
      ? { appId, entity, creatorId: caller.userId }
      : { appId, entity };
  }

  const creatorOf = (caller: Caller) => (caller.kind === 'anonymous' ? null : caller.userId);
  const notFound = (entity: string) => new AppError('NOT_FOUND', `No ${entity} record with this id`);
  const validated = (entity: string, schema: EntitySchema, input: unknown, mode: 'create' | 'update', where = '') => {
    const result = coerceRecord(entity, schema, input, mode);
    if (!result.ok) throw new AppError('VALIDATION_FAILED', `${where}${result.error}`);
    return result.value;
  };

  return {
    /**
     * A builder's live session and the app and entity a request names, read in one statement (the
     * entity API's identification, entities.routes.ts sessionWithEntity).
     */
    readWithSession: (appId: string, entity: string, token: string) =>
      schemasRepo.findWithSession(appId, entity, token),

    /** The entity's schema, for whoever may read its records (the owner always). */
    async schema(who: Who, appId: string, entity: string): Promise<EntitySchema> {
      const { schema, caller } = await entityOf(appId, entity, who);
      scopeFor(schema, 'read', caller, appId, entity);
      return schema;
    },

    async list(who: Who, appId: string, entity: string, params: RawListParams): Promise<EntityRecord[]> {
      const { schema, caller } = await entityOf(appId, entity, who);
      const scope = scopeFor(schema, 'read', caller, appId, entity);
      const query = parseListQuery(params, fieldsOf(schema));
      return (await recordsRepo.list(scope, query)).map((row) => toRecord(row, query.fields));
    },

    /**
     * One page and how many rows match `q` in all (the `X-Total-Count` header). A page shorter than
     * `limit` gives the total for free; otherwise rows are counted exactly up to
     * TOTAL_COUNT_LOOKAHEAD past the page's end, and beyond that the total is the planner's estimate.
     */
    async listPage(
      who: Who,
      appId: string,
      entity: string,
      params: RawListParams,
    ): Promise<{ records: string[]; total: ListTotal }> {
      const { schema, caller } = await entityOf(appId, entity, who);
      const scope = scopeFor(schema, 'read', caller, appId, entity);
      const query = parseListQuery(params, fieldsOf(schema));
      const records = query.fields
        ? (await recordsRepo.list(scope, query)).map((row) => JSON.stringify(toRecord(row, query.fields)))
        : await recordsRepo.listJson(scope, query);
      if (records.length < query.limit && (records.length > 0 || query.skip === 0))
        return { records, total: { value: query.skip + records.length, isEstimated: false } };
      const cap = query.skip + query.limit + TOTAL_COUNT_LOOKAHEAD;
      const key = totals.keyOf(scope, params.q);
      const known = totals.find(key, cap);
      let total: ListTotal;
      if (known?.value) total = { value: known.value, isEstimated: true };
      else if (known) total = await recordsRepo.estimate(scope, query.where, cap);
      else {
        total = await recordsRepo.count(scope, query.where, cap);
        // An estimate near the cap is asked again each time (statistics may change it); a clear one is kept.
        if (total.isEstimated) totals.remember(key, cap, total.value > 4 * cap ? total.value : null);
      }
      // Only sorts over many rows get an index: below that a sort in memory is cheap.
      if (query.sortIndex && total.value >= SORT_INDEX_MIN_ROWS) sortIndexes.ensure(appId, entity, query.sortIndex);
      return { records, total };
    },

    /** How many rows matching `q` the caller may read, counted exactly (the Base44 SDK's `count`). */
    async count(who: Who, appId: string, entity: string, q: string | undefined): Promise<number> {
      const { schema, caller } = await entityOf(appId, entity, who);
      const scope = scopeFor(schema, 'read', caller, appId, entity);
      return (await recordsRepo.count(scope, parseFilter(q, fieldsOf(schema)), EXACT_COUNT_CAP)).value;
    },

    /**
     * The rows of `q` the caller may read, as a scope and a filter, with the schema's fields: for a
     * read this service has no method for (base44-compat's `aggregate`), under the same rules.
     */
    async readable(who: Who, appId: string, entity: string, q: string | undefined) {
      const { schema, caller } = await entityOf(appId, entity, who);
      const scope = scopeFor(schema, 'read', caller, appId, entity);
      const fields = fieldsOf(schema);
      return { scope, where: parseFilter(q, fields), fields };
    },

    async get(who: Who, appId: string, entity: string, id: string): Promise<EntityRecord> {
      const { schema, caller } = await entityOf(appId, entity, who);
      const row = await recordsRepo.findById(scopeFor(schema, 'read', caller, appId, entity), id);
      if (!row) throw notFound(entity);
      return toRecord(row);
    },

    async create(who: Who, appId: string, entity: string, input: unknown): Promise<EntityRecord> {
      const { schema, caller, mirror } = await entityOf(appId, entity, who);
      scopeFor(schema, 'create', caller, appId, entity);
      const data = mirror(validated(entity, schema, input, 'create'));
      const [row] = await recordsRepo.insertMany([
        { id: randomUUID(), appId, entity, data, creatorId: creatorOf(caller) },
      ]);
      totals.forget(appId, entity);
      return toRecord(row!);
    },

    async bulkCreate(who: Who, appId: string, entity: string, input: unknown): Promise<EntityRecord[]> {
      const { schema, caller, mirror } = await entityOf(appId, entity, who);
      scopeFor(schema, 'create', caller, appId, entity);
      if (!Array.isArray(input)) throw new AppError('VALIDATION_FAILED', 'The body must be a list of records');
      if (input.length > BULK_MAX_RECORDS)
        throw new AppError(
          'VALIDATION_FAILED',
          `At most ${BULK_MAX_RECORDS} records per bulk call (got ${input.length})`,
        );
      const rows = input.map((item, i) => ({
        id: randomUUID(),
        appId,
        entity,
        data: mirror(validated(entity, schema, item, 'create', `Record ${i + 1}: `)),
        creatorId: creatorOf(caller),
      }));
      const inserted = await recordsRepo.insertMany(rows);
      totals.forget(appId, entity);
      return inserted.map((row) => toRecord(row));
    },

    async update(who: Who, appId: string, entity: string, id: string, input: unknown): Promise<EntityRecord> {
      const { schema, caller, mirror } = await entityOf(appId, entity, who);
      const scope = scopeFor(schema, 'update', caller, appId, entity);
      const patch = mirror(validated(entity, schema, input, 'update'));
      const row = await recordsRepo.update(scope, id, patch);
      totals.forget(appId, entity);
      if (!row) throw notFound(entity);
      return toRecord(row);
    },

    async delete(who: Who, appId: string, entity: string, id: string): Promise<{ id: string }> {
      const { schema, caller } = await entityOf(appId, entity, who);
      const deleted = await recordsRepo.delete(scopeFor(schema, 'delete', caller, appId, entity), id);
      totals.forget(appId, entity);
      if (!deleted) throw notFound(entity);
      return { id };
    },

    /** Refuses an import the caller may not make (no such app or entity, no right to create). */
    async checkImport(who: Who, appId: string, entity: string): Promise<void> {
      const { schema, caller } = await entityOf(appId, entity, who);
      scopeFor(schema, 'create', caller, appId, entity);
    },

    /**
     * Imports a CSV stream in batches (docs/product/database.md#rules-and-messages conversions, then the entity's own validation).
     * Bad rows are skipped and counted; rows written stay written if the upload breaks off, and a
     * retry (same importId, or the same file sent again without one) does not duplicate them.
     * Parsing, conversions and validation run in a worker thread (csv-import.ts) while this thread writes the batches it hands back.
     */
    async importCsv(
      who: Who,
      appId: string,
      entity: string,
      input: CsvImportInput,
      onProgress?: (summary: CsvImportSummary) => void,
    ): Promise<CsvImportSummary> {
      const { schema, caller } = await entityOf(appId, entity, who);
      scopeFor(schema, 'create', caller, appId, entity);
      const mappings = input.mapping === undefined ? null : parseMappings(input.mapping, schema);
      const importId = importIdOf(input);
      const summary: CsvImportSummary = { total: 0, imported: 0, failed: 0, errors: [] };
      const note = (progress: CsvProgress) => {
        summary.total = progress.total;
        summary.failed = progress.failed;
        summary.errors.push(...progress.errors);
      };
      const target = { appId, entity, creatorId: creatorOf(caller) };
      // Ids are deterministic (csv-batches.ts), with or without an importId: a retry meets its rows.
      const concurrency = recordsRepo.importConcurrency;
      const parsed = startCsvWorker(input.csv, {
        entity,
        schema,
        mappings,
        idKey: importId === undefined ? null : `${appId}\n${entity}\n${importId}\n`,
        contentKey: `${appId}\n${entity}\n${target.creatorId ?? ''}\n`,
        batchRows: IMPORT_BATCH_ROWS,
        maxRows: IMPORT_MAX_ROWS,
        errorsKept: IMPORT_ERRORS_KEPT,
        // The batches being written plus two ready for the next free writer.
        maxAhead: concurrency + 2,
      });
      // Up to importConcurrency INSERTs in flight (PostgreSQL's pool; one on PGlite), acknowledged
      // strictly in file order.
      const inFlight: Array<Promise<void>> = [];
      let acknowledged: Promise<void> = Promise.resolve();
      let writeError: unknown = null;
      try {
        for (;;) {
          const event = await parsed.next();
          note(event);
          if (event.type === 'done') break;
          while (inFlight.length >= concurrency) await inFlight.shift();
          if (writeError) throw writeError;
          const write = recordsRepo.importBatch(target, event.json).then((isWritten) => {
            if (!isWritten) throw new AppError('NOT_FOUND', APP_MESSAGES.appNotFound);
          });
          const rows = event.rows;
          acknowledged = acknowledged.then(() =>
            write.then(
              () => {
                if (writeError) return;
                summary.imported += rows;
                totals.forget(appId, entity);
                parsed.ack();
                onProgress?.({ ...summary, errors: [...summary.errors] });
              },
              (err: unknown) => {
                writeError ??= err;
              },
            ),
          );
          inFlight.push(write.catch(() => {}));
        }
        await Promise.all(inFlight);
        await acknowledged;
        if (writeError) throw writeError;
      } catch (err) {
        // Batches already sent finish (or fail) before the answer: what is acknowledged is written.
        await Promise.all(inFlight);
        await acknowledged;
        throw err;
      } finally {
        await parsed.stop();
      }
      if (summary.imported >= ANALYZE_AFTER_ROWS) await recordsRepo.analyze();
      if (summary.total === 0) throw new AppError('VALIDATION_FAILED', 'The CSV file is empty');
      if (summary.imported === 0)
        throw new AppError('VALIDATION_FAILED', 'No valid rows found in the CSV file', { errors: summary.errors });
      return summary;
    },

    /** Deletes the rows matching `q` (required, `{}` for every row the caller may delete). */
    async deleteMany(who: Who, appId: string, entity: string, q: string | undefined): Promise<{ deleted: number }> {
      const { schema, caller } = await entityOf(appId, entity, who);
      const scope = scopeFor(schema, 'delete', caller, appId, entity);
      if (q === undefined || q.trim() === '')
        throw new AppError('VALIDATION_FAILED', 'q is required to delete many records (use {} for all of them)');
      const deleted = await recordsRepo.deleteWhere(scope, parseFilter(q, fieldsOf(schema)));
      totals.forget(appId, entity);
      if (deleted >= ANALYZE_AFTER_ROWS) await recordsRepo.analyze();
      return { deleted };
    },
  };
}

export type EntitiesService = ReturnType<typeof createEntitiesService>;
