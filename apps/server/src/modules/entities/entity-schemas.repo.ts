import { and, eq, sql } from 'drizzle-orm';
import type { EntitySchema } from '@tessera/contracts/entities';
import { appEntities, apps, publishedEntities, type Db } from '@tessera/db';

/** What the entity API needs to know about one entity of one app, read in one prepared statement. */
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
}

export function createEntitySchemasRepo(db: Db) {
  const lookup = db
    .select({
      ownerUserId: apps.ownerUserId,
      isPublished: sql<boolean>`${apps.publishedVersionId} IS NOT NULL`,
      latest: appEntities.schema,
      published: publishedEntities.schema,
      renamedFrom: appEntities.renamedFrom,
    })
    .from(apps)
    .leftJoin(appEntities, and(eq(appEntities.appId, apps.id), eq(appEntities.name, sql.placeholder('name'))))
    .leftJoin(
      publishedEntities,
      and(eq(publishedEntities.appId, apps.id), eq(publishedEntities.name, sql.placeholder('name'))),
    )
    .where(eq(apps.id, sql.placeholder('appId')))
    .prepare('app_entity_schemas');
  return {
    /** Null when there is no such app. */
    async find(appId: string, name: string): Promise<EntitySchemas | null> {
      const [row] = await lookup.execute({ appId, name });
      if (!row) return null;
      return {
        ownerUserId: row.ownerUserId,
        isPublished: Boolean(row.isPublished),
        latest: (row.latest as EntitySchema | null) ?? null,
        published: (row.published as EntitySchema | null) ?? null,
        renamedFrom: row.renamedFrom ?? {},
      };
    },
  };
}

export type EntitySchemasRepo = ReturnType<typeof createEntitySchemasRepo>;
