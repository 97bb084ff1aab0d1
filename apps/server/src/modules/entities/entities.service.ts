import { randomUUID } from 'node:crypto';
import { APP_MESSAGES, coerceRecord, type EntitySchema, type SessionUser } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import type { AppsRepo } from '../apps/apps.repo';
import { APP_NOT_FOUND } from '../apps/apps.service';
import { decideAccess, type Caller, type Operation } from './access';
import { parseFilter, parseListQuery, type EntityFields, type RawListParams } from './record-query';
import type { RecordRow, RecordScope, RecordsRepo } from './records.repo';

/** Rows one bulk call may create. */
export const BULK_MAX_RECORDS = 1000;

export type EntityRecord = Record<string, unknown> & { id: string; createdAt: string; updatedAt: string; creatorId: string | null };

function toRecord(row: RecordRow, fields: string[] | null = null): EntityRecord {
  const data = fields ? Object.fromEntries(fields.filter((f) => f in row.data).map((f) => [f, row.data[f]])) : row.data;
  return { ...data, id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), creatorId: row.creatorId };
}

const fieldsOf = (schema: EntitySchema): EntityFields =>
  Object.fromEntries(Object.entries(schema.properties).map(([name, p]) => [name, { type: p.type, ...(p.format ? { format: p.format } : {}) }]));

/**
 * The entity API (spec 3 §7): records of an app's entities, validated against their schemas, every
 * operation authorised against the entity's access levels for the caller (docs/entity-access.md).
 */
export function createEntitiesService({ appsRepo, recordsRepo }: { appsRepo: AppsRepo; recordsRepo: RecordsRepo }) {
  /**
   * The entity's schema and who the caller is for this app: its owner when the builder's session
   * is sent, anonymous otherwise (app users sign in on the app's own host, with the app-host work).
   */
  async function entityOf(appId: string, entity: string, user?: SessionUser): Promise<{ schema: EntitySchema; caller: Caller }> {
    const app = await appsRepo.findById(appId);
    if (!app) throw new AppError('NOT_FOUND', APP_NOT_FOUND);
    const schema = await appsRepo.findEntity(appId, entity);
    if (!schema) throw new AppError('NOT_FOUND', `This app has no entity named "${entity}"`);
    const caller: Caller = user && user.id === app.ownerUserId ? { kind: 'owner', userId: user.id } : { kind: 'anonymous' };
    return { schema, caller };
  }

  /** The rows this caller may touch for `operation`, or the refusal. */
  function scopeFor(schema: EntitySchema, operation: Operation, caller: Caller, appId: string, entity: string): RecordScope {
    const { read, write } = schema['x-accessControl'].permissions;
    const decision = decideAccess(operation === 'read' ? read : write, operation, caller);
    if (!decision.allow) {
      throw decision.signInMayHelp ? new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized) : new AppError('FORBIDDEN', APP_MESSAGES.forbidden);
    }
    return decision.scope === 'own' && caller.kind !== 'anonymous' ? { appId, entity, creatorId: caller.userId } : { appId, entity };
  }

  const creatorOf = (caller: Caller) => (caller.kind === 'anonymous' ? null : caller.userId);
  const notFound = (entity: string) => new AppError('NOT_FOUND', `No ${entity} record with this id`);
  const validated = (entity: string, schema: EntitySchema, input: unknown, mode: 'create' | 'update', where = '') => {
    const result = coerceRecord(entity, schema, input, mode);
    if (!result.ok) throw new AppError('VALIDATION_FAILED', `${where}${result.error}`);
    return result.value;
  };

  return {
    async schema(appId: string, entity: string): Promise<EntitySchema> {
      return (await entityOf(appId, entity)).schema;
    },

    async list(user: SessionUser | undefined, appId: string, entity: string, params: RawListParams): Promise<EntityRecord[]> {
      const { schema, caller } = await entityOf(appId, entity, user);
      const scope = scopeFor(schema, 'read', caller, appId, entity);
      const query = parseListQuery(params, fieldsOf(schema));
      return (await recordsRepo.list(scope, query)).map((row) => toRecord(row, query.fields));
    },

    async get(user: SessionUser | undefined, appId: string, entity: string, id: string): Promise<EntityRecord> {
      const { schema, caller } = await entityOf(appId, entity, user);
      const row = await recordsRepo.findById(scopeFor(schema, 'read', caller, appId, entity), id);
      if (!row) throw notFound(entity);
      return toRecord(row);
    },

    async create(user: SessionUser | undefined, appId: string, entity: string, input: unknown): Promise<EntityRecord> {
      const { schema, caller } = await entityOf(appId, entity, user);
      scopeFor(schema, 'create', caller, appId, entity);
      const data = validated(entity, schema, input, 'create');
      const [row] = await recordsRepo.insertMany([{ id: randomUUID(), appId, entity, data, creatorId: creatorOf(caller) }]);
      return toRecord(row!);
    },

    async bulkCreate(user: SessionUser | undefined, appId: string, entity: string, input: unknown): Promise<EntityRecord[]> {
      const { schema, caller } = await entityOf(appId, entity, user);
      scopeFor(schema, 'create', caller, appId, entity);
      if (!Array.isArray(input)) throw new AppError('VALIDATION_FAILED', 'The body must be a list of records');
      if (input.length > BULK_MAX_RECORDS) throw new AppError('VALIDATION_FAILED', `At most ${BULK_MAX_RECORDS} records per bulk call (got ${input.length})`);
      const rows = input.map((item, i) => ({ id: randomUUID(), appId, entity, data: validated(entity, schema, item, 'create', `Record ${i + 1}: `), creatorId: creatorOf(caller) }));
      return (await recordsRepo.insertMany(rows)).map((row) => toRecord(row));
    },

    async update(user: SessionUser | undefined, appId: string, entity: string, id: string, input: unknown): Promise<EntityRecord> {
      const { schema, caller } = await entityOf(appId, entity, user);
      const scope = scopeFor(schema, 'update', caller, appId, entity);
      const patch = validated(entity, schema, input, 'update');
      const row = await recordsRepo.update(scope, id, patch);
      if (!row) throw notFound(entity);
      return toRecord(row);
    },

    async delete(user: SessionUser | undefined, appId: string, entity: string, id: string): Promise<{ id: string }> {
      const { schema, caller } = await entityOf(appId, entity, user);
      if (!(await recordsRepo.delete(scopeFor(schema, 'delete', caller, appId, entity), id))) throw notFound(entity);
      return { id };
    },

    /** Deletes the rows matching `q` (required, `{}` for every row the caller may delete). */
    async deleteMany(user: SessionUser | undefined, appId: string, entity: string, q: string | undefined): Promise<{ deleted: number }> {
      const { schema, caller } = await entityOf(appId, entity, user);
      const scope = scopeFor(schema, 'delete', caller, appId, entity);
      if (q === undefined || q.trim() === '') throw new AppError('VALIDATION_FAILED', 'q is required to delete many records (use {} for all of them)');
      return { deleted: await recordsRepo.deleteWhere(scope, parseFilter(q, fieldsOf(schema))) };
    },
  };
}

export type EntitiesService = ReturnType<typeof createEntitiesService>;
