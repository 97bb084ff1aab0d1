import type { Context, Hono } from 'hono';
import { ENTITY_LIST_MAX_LIMIT } from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/http/multipart';
import { readAnyJson } from '../../platform/http/validate';
import type { HostEnv } from '../app-host';
import { BULK_MAX_RECORDS, type EntitiesService, type EntityRecord, type Who } from '../entities';
import type { AggregateService } from './aggregate.service';
import { ourFields, ourName, ourQ, ourQuery, ourSort, withBase44Fields } from './fields';
import { parseUpdateSpec, patchOf } from './update-operators';

/** The largest CSV `importEntities` takes here (the JSON body limit does not apply to it: see README). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** Records one `updateMany` call changes at most (one list page less the look-ahead row). */
export const UPDATE_MANY_MAX = ENTITY_LIST_MAX_LIMIT - 1;

export interface EntityRoutesDeps {
  entities: EntitiesService;
  /** Who calls, for the app of this host (an end user's session, or no one); refuses a caller the app's memberships keep out. */
  whoOf: (c: Context<HostEnv>) => Promise<Who>;
  /** The e-mail of one of the app's users (Base44's `created_by`). */
  emailOf: (appId: string, userId: string) => Promise<string | null>;
  /** `aggregate`'s grouped reads, under the entity service's read rules. */
  aggregates: AggregateService;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An opaque cursor of a `v2/list` page: the offset of the next page. */
const cursorOf = (skip: number) => Buffer.from(JSON.stringify({ skip })).toString('base64url');
function skipOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const { skip } = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { skip: unknown };
    if (Number.isInteger(skip) && (skip as number) >= 0) return skip as number;
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION_FAILED', 'cursor is not one this server gave out');
}

/**
 * The Base44 SDK's entity calls (`/api/apps/{appId}/entities/{Entity}/…`, docs/base44-sdk.md) on
 * the app's host, each one or more calls of the entity service: its schemas, validation and
 * access rules are the `/live_api` ones.
 */
export function base44EntityRoutes(host: Hono<HostEnv>, deps: EntityRoutesDeps): void {
  const { entities } = deps;
  const base = '/api/apps/:appId/entities/:name';
  const target = async (c: Context<HostEnv>) => [await deps.whoOf(c), c.var.hostApp.id, c.req.param('name')!] as const;
  const shaped = async (c: Context<HostEnv>, records: EntityRecord[]) =>
    withBase44Fields(records, (userId) => deps.emailOf(c.var.hostApp.id, userId));
  const one = async (c: Context<HostEnv>, record: EntityRecord) => (await shaped(c, [record]))[0]!;

  host.get(`${base}/count`, async (c) =>
    c.json({ count: await entities.count(...(await target(c)), ourQ(c.req.query('q'))) }),
  );

  host.get(`${base}/v2/list`, async (c) => {
    const limit = Math.min(Number(c.req.query('limit') ?? 100) || 100, ENTITY_LIST_MAX_LIMIT - 1);
    const skip = skipOf(c.req.query('cursor'));
    const distinct = c.req.query('distinct');
    if (distinct !== undefined) {
      const q = ourQ(c.req.query('q'));
      const page = await deps.aggregates.distinct(...(await target(c)), q, ourName(distinct), limit, skip);
      return c.json({
        items: page.values,
        next_cursor: page.hasMore ? cursorOf(skip + limit) : null,
        has_more: page.hasMore,
      });
    }
    const records = await entities.list(...(await target(c)), {
      q: ourQ(c.req.query('q')),
      sort: ourSort(c.req.query('sort')),
      fields: ourFields(c.req.query('fields')),
      limit: String(limit + 1),
      skip: String(skip),
    });
    const hasMore = records.length > limit;
    return c.json({
      items: await shaped(c, records.slice(0, limit)),
      next_cursor: hasMore ? cursorOf(skip + limit) : null,
      has_more: hasMore,
    });
  });

  host.get(base, async (c) => {
    const records = await entities.list(...(await target(c)), {
      q: ourQ(c.req.query('q')),
      sort: ourSort(c.req.query('sort')),
      fields: ourFields(c.req.query('fields')),
      limit: c.req.query('limit'),
      skip: c.req.query('skip'),
    });
    return c.json(await shaped(c, records));
  });

  host.post(`${base}/bulk`, async (c) =>
    c.json(await shaped(c, await entities.bulkCreate(...(await target(c)), await readAnyJson(c)))),
  );

  host.put(`${base}/bulk`, async (c) => {
    const who = await target(c);
    const input = await readAnyJson(c);
    if (!Array.isArray(input) || !input.every((item) => isObject(item) && typeof item.id === 'string'))
      throw new AppError('VALIDATION_FAILED', 'The body must be a list of records, each with its id');
    if (input.length > BULK_MAX_RECORDS)
      throw new AppError(
        'VALIDATION_FAILED',
        `At most ${BULK_MAX_RECORDS} records per bulk call (got ${input.length})`,
      );
    const updated: EntityRecord[] = [];
    for (const { id, ...patch } of input as Array<{ id: string }>)
      updated.push(await entities.update(...who, id, patch));
    return c.json(await shaped(c, updated));
  });

  host.patch(`${base}/update-many`, async (c) => {
    const who = await target(c);
    const body = await readAnyJson(c);
    if (!isObject(body)) throw new AppError('VALIDATION_FAILED', 'The body must be { query, data }');
    const spec = parseUpdateSpec(body.data);
    const q = JSON.stringify(ourQuery(body.query ?? {}));
    // One call changes up to UPDATE_MANY_MAX records, in id order; `has_more` says more matched.
    const found = await entities.list(...who, { q, sort: 'id', limit: String(UPDATE_MANY_MAX + 1) });
    let updated = 0;
    for (const record of found.slice(0, UPDATE_MANY_MAX)) {
      // A record the caller may read but not change (another user's, under "own" rules) is left alone.
      const changed = await entities.update(...who, record.id, patchOf(record, spec)).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (changed) updated++;
    }
    return c.json({ success: true, updated, has_more: found.length > UPDATE_MANY_MAX });
  });

  host.post(`${base}/aggregate`, async (c) =>
    c.json(await deps.aggregates.aggregate(...(await target(c)), await readAnyJson(c))),
  );

  host.post(`${base}/upsert`, async (c) => {
    const who = await target(c);
    const body = await readAnyJson(c);
    if (!isObject(body) || !Array.isArray(body.records))
      throw new AppError('VALIDATION_FAILED', 'The body must be { records, key }');
    const keys = typeof body.key === 'string' ? [body.key] : body.key;
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string'))
      throw new AppError('VALIDATION_FAILED', 'key must name one field or a list of fields');
    if (body.records.length > BULK_MAX_RECORDS)
      throw new AppError(
        'VALIDATION_FAILED',
        `At most ${BULK_MAX_RECORDS} records per upsert (got ${body.records.length})`,
      );
    let created = 0;
    const records: EntityRecord[] = [];
    for (const [i, record] of body.records.entries()) {
      if (!isObject(record) || keys.some((k) => record[k] === undefined))
        throw new AppError('VALIDATION_FAILED', `Record ${i + 1}: every key field (${keys.join(', ')}) must be given`);
      const q = JSON.stringify(Object.fromEntries(keys.map((k) => [k, record[k]])));
      const [existing] = await entities.list(...who, { q, limit: '1' });
      if (existing) records.push(await entities.update(...who, existing.id, record));
      else {
        records.push(await entities.create(...who, record));
        created++;
      }
    }
    return c.json({ created, updated: records.length - created, records: await shaped(c, records) });
  });

  host.post(`${base}/import`, async (c) => {
    const who = await target(c);
    await entities.checkImport(...who);
    const upload = await readMultipartFile(c, {
      maxBytes: IMPORT_MAX_BYTES,
      tooLargeMessage: `The file is too big (max ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
    });
    try {
      const summary = await entities.importCsv(...who, { csv: upload.stream });
      const skipped = summary.failed
        ? `; ${summary.failed} skipped: ${summary.errors.map((e) => JSON.stringify(e)).join('; ')}`
        : '';
      return c.json({
        status: 'success',
        details: `Imported ${summary.imported} of ${summary.total} rows${skipped}`,
        output: null,
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') throw err;
      return c.json({ status: 'error', details: err.message, output: null });
    }
  });

  host.post(base, async (c) => c.json(await one(c, await entities.create(...(await target(c)), await readAnyJson(c)))));

  host.delete(base, async (c) => {
    const who = await target(c);
    const query = await readAnyJson(c);
    if (!isObject(query))
      throw new AppError('VALIDATION_FAILED', 'The body must be a query object ({} for every record)');
    const { deleted } = await entities.deleteMany(...who, JSON.stringify(ourQuery(query)));
    return c.json({ success: true, deleted });
  });

  host.get(`${base}/:id`, async (c) =>
    c.json(await one(c, await entities.get(...(await target(c)), c.req.param('id')))),
  );
  host.put(`${base}/:id`, async (c) =>
    c.json(await one(c, await entities.update(...(await target(c)), c.req.param('id'), await readAnyJson(c)))),
  );
  host.delete(`${base}/:id`, async (c) => {
    await entities.delete(...(await target(c)), c.req.param('id'));
    return c.json({ success: true });
  });
}
