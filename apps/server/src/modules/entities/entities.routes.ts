import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/http/multipart';
import { readAnyJson } from '../../platform/http/validate';
import { describeError, type Logger } from '../../platform/logger';
import type { CallerVariables } from '../app-users';
import type { SessionLookup } from '../auth';
import type { EntitiesService, EntityRead } from './entities.service';

/** The callers (app.ts) and, once the builder's session was read with them, the app and entity. */
export type EntityVariables = CallerVariables & { entityRead?: EntityRead };
type Vars = { Variables: EntityVariables };

/** `/live_api/apps/{appId}/entities/{name}` and the paths below it. */
const ENTITY_PATH = /^\/live_api\/apps\/[^/]+\/entities\/([^/]+)/;

/**
 * The session read of an entity API request (identifyUser in app.ts): the same statement reads the
 * app and entity the request names, kept in `entityRead` for the membership check and the route,
 * so the request makes one round trip before its page. Undefined for other paths.
 */
export function sessionWithEntity(entities: EntitiesService) {
  return (c: Context<Vars>): SessionLookup | undefined => {
    const name = ENTITY_PATH.exec(c.req.path)?.[1];
    const appId = c.req.param('appId');
    if (!name || !appId) return undefined;
    let entity: string;
    try {
      entity = decodeURIComponent(name);
    } catch {
      return undefined;
    }
    return async (token) => {
      const { read, session } = await entities.readWithSession(appId, entity, token);
      c.set('entityRead', read);
      return session;
    };
  };
}

/** CSV uploads are streamed, never buffered; this bounds how long one import may run. */
export const CSV_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** The one route that may stream a large body (app.ts exempts exactly it from the JSON limit). */
export const CSV_IMPORT_ROUTE = { method: 'POST', path: '/live_api/apps/:appId/entities/:name/import' } as const;

/**
 * The entity API at /live_api/apps/{appId}/entities/{name} (docs/product/database.md#calls): open to everyone, each
 * call authorised per entity by the service (callers identified in app.ts). Bodies of any shape go to the service, which
 * validates them against the entity's schema.
 */
export function entitiesRoutes({ entities, logger }: { entities: EntitiesService; logger: Logger }) {
  const app = new Hono<Vars>();
  const base = '/live_api/apps/:appId/entities/:name';
  /** Who is asking, and about which app and entity. */
  const target = (c: Context<Vars>) =>
    [
      { builder: c.var.user, appUser: c.var.appUser, read: c.var.entityRead },
      c.req.param('appId')!,
      c.req.param('name')!,
    ] as const;

  app.get(`${base}/schema`, async (c) => c.json(await entities.schema(...target(c))));
  app.get(base, async (c) => {
    const { records, total } = await entities.listPage(...target(c), c.req.query());
    c.header('X-Total-Count', String(total.value));
    if (total.isEstimated) c.header('X-Total-Count-Estimated', 'true');
    // The rows arrive as JSON text (records.repo.ts listJson): no parse and stringify per request.
    return c.body(`[${records.join(',')}]`, 200, { 'content-type': 'application/json' });
  });
  app.post(`${base}/bulk`, async (c) => c.json(await entities.bulkCreate(...target(c), await readAnyJson(c))));
  app.post(base, async (c) => c.json(await entities.create(...target(c), await readAnyJson(c))));
  app.delete(base, async (c) => c.json(await entities.deleteMany(...target(c), c.req.query('q'))));
  /**
   * Multipart CSV (`mapping` and `importId` fields go before the file; `Idempotency-Key` may name the
   * import instead of `importId`). With
   * `Accept: application/x-ndjson` the answer streams one progress line per written batch, then a
   * `done` (or `error`) line; otherwise it is the summary as JSON. The app, the entity and the
   * caller's right to create records are checked before a byte of the upload is read.
   */
  app.post(CSV_IMPORT_ROUTE.path, async (c) => {
    await entities.checkImport(...target(c));
    const upload = await readMultipartFile(c, {
      maxBytes: CSV_IMPORT_MAX_BYTES,
      tooLargeMessage: `The CSV file is too big (max ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
    });
    const input = {
      csv: upload.stream,
      mapping: upload.fields.mapping,
      importId: upload.fields.importId,
      idempotencyKey: c.req.header('idempotency-key'),
    };
    if (!c.req.header('accept')?.includes('application/x-ndjson'))
      return c.json(await entities.importCsv(...target(c), input));
    const args = target(c);
    c.header('content-type', 'application/x-ndjson');
    return stream(c, async (out) => {
      const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
      try {
        const summary = await entities.importCsv(
          ...args,
          input,
          (progress) => void line({ type: 'progress', ...progress }),
        );
        await line({ type: 'done', ...summary });
      } catch (err) {
        if (!(err instanceof AppError))
          logger.error('csv import failed', { path: c.req.path, err: describeError(err, true) });
        const known =
          err instanceof AppError ? err : new AppError('INTERNAL', 'Failed to import data. Please try again.');
        await line({ type: 'error', code: known.code, message: known.message, details: known.details });
      }
    });
  });
  app.get(`${base}/:id`, async (c) => c.json(await entities.get(...target(c), c.req.param('id'))));
  app.put(`${base}/:id`, async (c) =>
    c.json(await entities.update(...target(c), c.req.param('id'), await readAnyJson(c))),
  );
  app.delete(`${base}/:id`, async (c) => c.json(await entities.delete(...target(c), c.req.param('id'))));
  return app;
}
