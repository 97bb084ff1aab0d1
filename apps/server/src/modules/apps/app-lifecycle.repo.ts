import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { accounts, appSessions, appSlugs, apps, appVersions, contextChunks, contextItems, type Db } from '@tessera/db';
import type { AppSnapshot } from '@tessera/agent';
import type { AppRow } from './app-row';

/** What a copy of an app starts from: its own id, slug, name and settings, the source's latest files. */
export interface AppCopy {
  id: string;
  slug: string;
  name: string;
  settings: Record<string, unknown>;
  /** The source's latest version with the copy's name in app.json (null: the source has no version). */
  snapshot: AppSnapshot | null;
  /** The source's definition with its tools' data items pointed at their copies (app-copy.ts). */
  definition: Record<string, unknown>;
  /** Each of the source's data items and its copy's id. */
  itemIds: ReadonlyMap<string, string>;
  description: string;
  includeData: boolean;
}

/**
 * Copies data items into the app `toAppId` under the ids `itemIds` gives them, in `tx`: each item
 * with its stored bytes, chunks and (where pgvector exists) embeddings; the indexed text is copied,
 * nothing is fetched or parsed again. The copy keeps its source as `original_context_item_id`.
 */
export async function copyDataItems(tx: Db, toAppId: string, itemIds: ReadonlyMap<string, string>): Promise<void> {
  if (!itemIds.size) return;
  const [vectors] = (
    (await tx.execute(
      sql`SELECT to_regclass('public.context_chunk_embeddings') IS NOT NULL AS present`,
    )) as unknown as {
      rows: Array<{ present: unknown }>;
    }
  ).rows;
  const hasVectors = vectors?.present === true || vectors?.present === 't';
  for (const [from, to] of itemIds) {
    await tx.execute(sql`
      INSERT INTO context_items (id, app_id, name, type, source, provider, provider_item_id, external_file_id,
        external_file_url, status, error_reason, size, num_of_chunks, original_context_item_id, content_hash,
        options, last_synced_at)
      SELECT ${to}, ${toAppId}, name, type, source, provider, provider_item_id, external_file_id,
        external_file_url, status, error_reason, size, num_of_chunks, id, content_hash, options, last_synced_at
      FROM context_items WHERE id = ${from}`);
    await tx.execute(sql`
      INSERT INTO context_item_sources (item_id, mime_type, bytes)
      SELECT ${to}, mime_type, bytes FROM context_item_sources WHERE item_id = ${from}`);
    await tx.execute(sql`
      INSERT INTO context_chunks (id, item_id, app_id, ord, content, content_hash)
      SELECT gen_random_uuid()::text, ${to}, ${toAppId}, ord, content, content_hash
      FROM context_chunks WHERE item_id = ${from}`);
    if (hasVectors)
      await tx.execute(sql`
        INSERT INTO context_chunk_embeddings (chunk_id, app_id, embedding)
        SELECT n.id, ${toAppId}, e.embedding
        FROM context_chunks o
        JOIN context_chunk_embeddings e ON e.chunk_id = o.id
        JOIN context_chunks n ON n.item_id = ${to} AND n.content_hash = o.content_hash
        WHERE o.item_id = ${from}`);
  }
}

/** A copied app's row as it is stored: `apps` columns, the source's or the copy's own. */
export type CopiedAppRow = Pick<
  typeof apps.$inferInsert,
  'id' | 'ownerUserId' | 'kind' | 'slug' | 'name' | 'definition' | 'style' | 'settings' | 'appBuilderVersion'
>;

/**
 * Stores a copied app in `tx`: claims its slug, inserts its row and, when it has files, stores them
 * as version 1 (a duplicate and a copy of a template both start this way).
 */
export async function insertCopiedApp(
  tx: Db,
  row: CopiedAppRow,
  first: { snapshot: AppSnapshot | null; description: string },
): Promise<AppRow> {
  await tx.insert(appSlugs).values({ slug: row.slug, appId: row.id });
  const [inserted] = await tx.insert(apps).values(row).returning();
  if (first.snapshot)
    await tx.insert(appVersions).values({
      id: randomUUID(),
      appId: row.id,
      number: 1,
      snapshot: first.snapshot as unknown as typeof appVersions.$inferInsert.snapshot,
      description: first.description,
    });
  return inserted!;
}

/** Duplicating and deleting whole apps (rows of every table that holds an app's data). */
export function createAppLifecycleRepo(db: Db) {
  return {
    /**
     * Copies `source` as a new draft app in one transaction: the slug is claimed, the entity
     * schemas, the texts and the data items copied, the snapshot stored as version 1 and, with
     * `includeData`, every record copied (without its creator: the source's app users stay with
     * the source).
     */
    async duplicate(source: AppRow, copy: AppCopy): Promise<AppRow> {
      return db.transaction(async (tx) => {
        const row = await insertCopiedApp(
          tx,
          {
            id: copy.id,
            ownerUserId: source.ownerUserId,
            kind: source.kind,
            slug: copy.slug,
            name: copy.name,
            definition: copy.definition,
            style: source.style,
            settings: copy.settings,
            appBuilderVersion: source.appBuilderVersion,
          },
          { snapshot: copy.snapshot, description: copy.description },
        );
        await tx.execute(sql`
          INSERT INTO app_entities (app_id, name, schema)
          SELECT ${copy.id}, name, schema FROM app_entities WHERE app_id = ${source.id}`);
        await tx.execute(sql`
          INSERT INTO app_looks (app_id, texts) SELECT ${copy.id}, texts FROM app_looks WHERE app_id = ${source.id}`);
        await copyDataItems(tx, copy.id, copy.itemIds);
        if (copy.includeData) {
          await tx.execute(sql`
            INSERT INTO entity_records (id, app_id, entity, data, creator_id, created_at, updated_at)
            SELECT gen_random_uuid()::text, ${copy.id}, entity, data, NULL, created_at, updated_at
            FROM entity_records WHERE app_id = ${source.id}`);
        }
        return row;
      });
    },

    async dataItemIds(appId: string): Promise<string[]> {
      const rows = await db.select({ id: contextItems.id }).from(contextItems).where(eq(contextItems.appId, appId));
      return rows.map((r) => r.id);
    },

    /** A new display name, for an app without versions (its name lives only on the row). */
    async rename(appId: string, name: string): Promise<void> {
      await db
        .update(apps)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(apps.id, appId));
    },

    /**
     * Deletes the app and everything of it in one transaction: entities, records, app users and
     * their sessions, versions, chat, data sources with their chunks. The slug's claim in
     * app_slugs stays (the address never goes to another app), and app hosts forget the app on
     * commit (NOTIFY with its slug).
     */
    async deleteApp(app: Pick<AppRow, 'id' | 'slug'>, notifyChannel: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Tables that name the app without a foreign key to it.
        await tx.delete(appSessions).where(eq(appSessions.appId, app.id));
        await tx.delete(contextChunks).where(eq(contextChunks.appId, app.id));
        await tx.update(accounts).set({ appId: null }).where(eq(accounts.appId, app.id));
        // The rest goes with the row (ON DELETE CASCADE).
        await tx.delete(apps).where(eq(apps.id, app.id));
        await tx.execute(sql`SELECT pg_notify(${notifyChannel}, ${app.slug})`);
      });
    },
  };
}

export type AppLifecycleRepo = ReturnType<typeof createAppLifecycleRepo>;
