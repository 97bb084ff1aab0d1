import { and, eq, sql } from 'drizzle-orm';
import type { EntitySchema } from '@tessera/contracts/entities';
import { appEntities, apps, authSessions, authUsers, publishedEntities, type Db } from '@tessera/db';
import { hashSessionToken, liveSessionOf, sessionColumns, type SessionRow } from '../auth';

/** What the entity API needs to know about one entity of one app. */
export interface EntitySchemas {
  ownerUserId: string;
  /** True once the app has been published: end users then get `published`, never `latest`. */
  isPublished: boolean;
  /** The latest version's schema (builder's preview, Database panel); null when there is none. */
  latest: EntitySchema | null;
  /** The published version's schema; null when that version has no such entity. */
  published: EntitySchema | null;
  /** Fields renamed since the last publish, new name -> published name (docs/publishing.md). */
  renamedFrom: Record<string, string>;
  /** The app's settings (whether paid memberships gate its data). */
  settings: Record<string, unknown>;
}

/** What one request read about an app's entity: null schemas when there is no such app. */
export interface EntityRead {
  appId: string;
  entity: string;
  schemas: EntitySchemas | null;
}

/** Apps and entities kept in memory; the least recently read beyond this are dropped. */
const MAX_CACHED = 1000;

/**
 * The app and entity rows each entity API request needs, kept in memory and checked on every read
 * by their row versions (`xmin`, which any write of a row changes): one small statement reads the
 * versions, and the caller's session beside them, so a request costs one round trip before its page
 * and a cached schema is never out of date, in this process or another (docs/decisions/0009).
 */
export function createEntitySchemasRepo(db: Db) {
  const stamp = sql<
    string | null
  >`${apps}.xmin::text || ' ' || coalesce(${appEntities}.xmin::text, '-') || ' ' || coalesce(${publishedEntities}.xmin::text, '-')`;
  const appId = sql.placeholder('appId');
  const name = sql.placeholder('name');
  // One row always (the FROM is a single row): the session's columns even when there is no such app.
  const versions = db
    .select({ stamp, ...sessionColumns })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(apps, eq(apps.id, appId))
    .leftJoin(appEntities, and(eq(appEntities.appId, apps.id), eq(appEntities.name, name)))
    .leftJoin(publishedEntities, and(eq(publishedEntities.appId, apps.id), eq(publishedEntities.name, name)))
    .leftJoin(authSessions, liveSessionOf(sql.placeholder('tokenHash')))
    .leftJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .prepare('entity_row_versions');
  const rows = db
    .select({
      stamp,
      ownerUserId: apps.ownerUserId,
      isPublished: sql<boolean>`${apps.publishedVersionId} IS NOT NULL`,
      latest: appEntities.schema,
      published: publishedEntities.schema,
      renamedFrom: appEntities.renamedFrom,
      settings: apps.settings,
    })
    .from(apps)
    .leftJoin(appEntities, and(eq(appEntities.appId, apps.id), eq(appEntities.name, name)))
    .leftJoin(publishedEntities, and(eq(publishedEntities.appId, apps.id), eq(publishedEntities.name, name)))
    .where(eq(apps.id, appId))
    .prepare('app_entity_schemas');
  const cache = new Map<string, { stamp: string; schemas: EntitySchemas }>();

  async function schemasAt(id: string, entity: string, current: string | null): Promise<EntitySchemas | null> {
    const key = `${id}\n${entity}`;
    if (current === null) {
      cache.delete(key);
      return null;
    }
    const hit = cache.get(key);
    if (hit?.stamp === current) {
      // Most recently read last: the first key is the one to drop.
      cache.delete(key);
      cache.set(key, hit);
      return hit.schemas;
    }
    const [row] = await rows.execute({ appId: id, name: entity });
    if (!row) return null;
    const schemas: EntitySchemas = {
      ownerUserId: row.ownerUserId,
      isPublished: Boolean(row.isPublished),
      latest: (row.latest as EntitySchema | null) ?? null,
      published: (row.published as EntitySchema | null) ?? null,
      renamedFrom: row.renamedFrom ?? {},
      settings: row.settings ?? {},
    };
    cache.delete(key);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    if (row.stamp) cache.set(key, { stamp: row.stamp, schemas });
    return schemas;
  }

  async function readWithSession(id: string, entity: string, token: string | null) {
    const [row] = await versions.execute({
      appId: id,
      name: entity,
      tokenHash: token === null ? null : hashSessionToken(token),
    });
    const { stamp: current, ...session } = row!;
    const read: EntityRead = { appId: id, entity, schemas: await schemasAt(id, entity, current) };
    return { read, session: session.sessionId === null ? null : (session as SessionRow) };
  }

  return {
    /** Null when there is no such app. */
    async find(id: string, entity: string): Promise<EntitySchemas | null> {
      return (await readWithSession(id, entity, null)).read.schemas;
    },

    /** What `find` reads, and the live session of a builder's token, in the same statement. */
    findWithSession: (id: string, entity: string, token: string) => readWithSession(id, entity, token),
  };
}

export type EntitySchemasRepo = ReturnType<typeof createEntitySchemasRepo>;
