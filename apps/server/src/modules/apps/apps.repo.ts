import { and, desc, eq, inArray, like, ne, notInArray, or, sql } from 'drizzle-orm';
import type { EntitySchema } from '@tessera/contracts/entities';
import { appEntities, appSessions, appSlugs, apps, chatMessages, type Db } from '@tessera/db';
import { createAppLifecycleRepo } from './app-lifecycle.repo';
import type { AppRow } from './app-row';
import { moveRecordField } from '../entities';

export type { AppRow };

/** NOTIFY channel of saved app settings; the payload is the app's slug (the app hosts' cache key). */
export const APP_SETTINGS_CHANNEL = 'app_settings';
export type NewApp = typeof apps.$inferInsert;

/** A write refused by a unique index (the driver's error or the one Drizzle wraps it in). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The slug belongs, or once belonged, to another app: addresses are never handed on. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`slug "${slug}" belongs to another app`);
  }
}

export function createAppsRepo(db: Db) {
  // Every entity API call starts here: the app's owner and the entity's schema in one prepared read.
  const entityWithOwner = db
    .select({ ownerUserId: apps.ownerUserId, schema: appEntities.schema })
    .from(apps)
    .leftJoin(appEntities, and(eq(appEntities.appId, apps.id), eq(appEntities.name, sql.placeholder('name'))))
    .where(eq(apps.id, sql.placeholder('appId')))
    .prepare('app_entity_with_owner');
  // Every builder call on an app reads it (ownership), and every chat turn its schemas.
  const byId = db
    .select()
    .from(apps)
    .where(eq(apps.id, sql.placeholder('appId')))
    .prepare('app_by_id');
  const entitiesOf = db
    .select({ name: appEntities.name, schema: appEntities.schema })
    .from(appEntities)
    .where(eq(appEntities.appId, sql.placeholder('appId')))
    .orderBy(appEntities.name)
    .prepare('app_entities_of');

  return {
    ...createAppLifecycleRepo(db),

    /** The app's owner and one entity's schema (null when the app has no such entity); null when there is no app. */
    async findEntityWithOwner(
      appId: string,
      name: string,
    ): Promise<{ ownerUserId: string; schema: EntitySchema | null } | null> {
      const [row] = await entityWithOwner.execute({ appId, name });
      return row ? { ownerUserId: row.ownerUserId, schema: (row.schema as EntitySchema | null) ?? null } : null;
    },

    async findById(appId: string): Promise<AppRow | null> {
      const [row] = await byId.execute({ appId });
      return row ?? null;
    },

    async listByOwner(ownerUserId: string): Promise<AppRow[]> {
      return db.select().from(apps).where(eq(apps.ownerUserId, ownerUserId)).orderBy(desc(apps.updatedAt));
    },

    /** The last chat turn's answer of each of these apps that has one: its status and annotations. */
    async lastAnswersOf(
      appIds: string[],
    ): Promise<Array<{ appId: string; status: string; annotations: Array<Record<string, unknown>> }>> {
      if (!appIds.length) return [];
      return db
        .selectDistinctOn([chatMessages.appId], {
          appId: chatMessages.appId,
          status: chatMessages.status,
          annotations: chatMessages.annotations,
        })
        .from(chatMessages)
        .where(and(inArray(chatMessages.appId, appIds), eq(chatMessages.role, 'assistant')))
        .orderBy(chatMessages.appId, desc(chatMessages.seq));
    },

    /**
     * Slugs among `base` and `base-N` that are not free for `appId` (any app's when omitted): in
     * use, or once used by another app (app_slugs keeps them after renames and deletions).
     */
    async slugsLike(base: string, appId?: string): Promise<string[]> {
      const pattern = `${base}-%`;
      const [inUse, claimed] = await Promise.all([
        db
          .select({ slug: apps.slug })
          .from(apps)
          .where(
            and(
              or(eq(apps.slug, base), like(apps.slug, pattern)),
              appId === undefined ? undefined : ne(apps.id, appId),
            ),
          ),
        db
          .select({ slug: appSlugs.slug })
          .from(appSlugs)
          .where(
            and(
              or(eq(appSlugs.slug, base), like(appSlugs.slug, pattern)),
              appId === undefined ? undefined : ne(appSlugs.appId, appId),
            ),
          ),
      ]);
      return [...new Set([...inUse, ...claimed].map((r) => r.slug))];
    },

    async listEntities(appId: string): Promise<Array<{ name: string; schema: EntitySchema }>> {
      const rows = await entitiesOf.execute({ appId });
      return rows as unknown as Array<{ name: string; schema: EntitySchema }>;
    },

    async findEntity(appId: string, name: string): Promise<EntitySchema | null> {
      const [row] = await db
        .select({ schema: appEntities.schema })
        .from(appEntities)
        .where(and(eq(appEntities.appId, appId), eq(appEntities.name, name)));
      return (row?.schema as EntitySchema | undefined) ?? null;
    },

    /**
     * Creates or replaces an app with its entity set in one transaction. Entities left out of a
     * replacement lose their schema; their records stay (they come back if the entity does). The
     * slug is claimed for good (SlugTakenError when another app ever had it); a new slug ends the
     * app's end-user sessions, which were bound to the old host, and tells every process's app
     * hosts to forget the old one.
     */
    async save(
      app: NewApp,
      entities: Record<string, EntitySchema>,
      { replace }: { replace: boolean },
    ): Promise<AppRow> {
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(appSlugs)
          .values({ slug: app.slug, appId: app.id })
          .onConflictDoUpdate({
            target: appSlugs.slug,
            set: { appId: sql`excluded.app_id` },
            setWhere: eq(appSlugs.appId, sql`excluded.app_id`),
          })
          .returning({ appId: appSlugs.appId });
        if (!claim) throw new SlugTakenError(app.slug);
        const [current] = replace
          ? await tx.select({ slug: apps.slug }).from(apps).where(eq(apps.id, app.id)).for('update')
          : [];
        if (current && current.slug !== app.slug) {
          await tx.delete(appSessions).where(eq(appSessions.appId, app.id));
          await tx.execute(sql`SELECT pg_notify(${APP_SETTINGS_CHANNEL}, ${current.slug})`);
        }
        const [row] = replace
          ? await tx
              .update(apps)
              .set({
                kind: app.kind,
                name: app.name,
                slug: app.slug,
                definition: app.definition,
                appBuilderVersion: app.appBuilderVersion,
                updatedAt: sql`now()`,
              })
              .where(eq(apps.id, app.id))
              .returning()
          : await tx.insert(apps).values(app).returning();
        const names = Object.keys(entities);
        await tx
          .delete(appEntities)
          .where(
            names.length
              ? and(eq(appEntities.appId, app.id), notInArray(appEntities.name, names))
              : eq(appEntities.appId, app.id),
          );
        if (names.length) {
          await tx
            .insert(appEntities)
            .values(
              names.map((name) => ({
                appId: app.id,
                name,
                schema: entities[name] as unknown as Record<string, unknown>,
              })),
            )
            .onConflictDoUpdate({
              target: [appEntities.appId, appEntities.name],
              set: { schema: sql`excluded.schema`, updatedAt: sql`now()` },
            });
        }
        return row!;
      });
    },

    async saveEntity(appId: string, name: string, schema: EntitySchema): Promise<void> {
      await db
        .insert(appEntities)
        .values({ appId, name, schema: schema as unknown as Record<string, unknown> })
        .onConflictDoUpdate({
          target: [appEntities.appId, appEntities.name],
          set: { schema: sql`excluded.schema`, updatedAt: sql`now()` },
        });
    },

    /** Renames a property in the schema and moves every record's value, in one transaction. */
    async renameField(appId: string, entity: string, schema: EntitySchema, from: string, to: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(appEntities)
          .set({ schema: schema as unknown as Record<string, unknown>, updatedAt: sql`now()` })
          .where(and(eq(appEntities.appId, appId), eq(appEntities.name, entity)));
        await moveRecordField(tx, appId, entity, from, to);
      });
    },

    /**
     * Moves the app to a new address, as `save` does for a generated app's slug: the slug is claimed
     * for good (SlugTakenError when another app ever had it), the app's end-user sessions (bound to
     * the old host) end, and every process's app hosts forget the old one.
     */
    async changeSlug(appId: string, slug: string): Promise<AppRow> {
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(appSlugs)
          .values({ slug, appId })
          .onConflictDoUpdate({
            target: appSlugs.slug,
            set: { appId: sql`excluded.app_id` },
            setWhere: eq(appSlugs.appId, sql`excluded.app_id`),
          })
          .returning({ appId: appSlugs.appId });
        if (!claim) throw new SlugTakenError(slug);
        const [current] = await tx.select({ slug: apps.slug }).from(apps).where(eq(apps.id, appId)).for('update');
        if (current && current.slug !== slug) {
          await tx.delete(appSessions).where(eq(appSessions.appId, appId));
          await tx.execute(sql`SELECT pg_notify(${APP_SETTINGS_CHANNEL}, ${current.slug})`);
        }
        const [row] = await tx
          .update(apps)
          .set({ slug, updatedAt: sql`now()` })
          .where(eq(apps.id, appId))
          .returning();
        return row!;
      });
    },

    async updateStyle(appId: string, style: Record<string, unknown>): Promise<void> {
      await db
        .update(apps)
        .set({ style, updatedAt: sql`now()` })
        .where(eq(apps.id, appId));
    },

    /** Stores new settings and, on commit, tells every process's app hosts (NOTIFY with the slug). */
    async updateSettings(appId: string, slug: string, settings: Record<string, unknown>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(apps)
          .set({ settings, updatedAt: sql`now()` })
          .where(eq(apps.id, appId));
        await tx.execute(sql`SELECT pg_notify(${APP_SETTINGS_CHANNEL}, ${slug})`);
      });
    },
  };
}

export type AppsRepo = ReturnType<typeof createAppsRepo>;
