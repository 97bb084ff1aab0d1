import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ContextItemStatus } from '@tessera/contracts/context';
import { accounts, apps, contextChunks, contextItems, contextItemSources, dataUsage, type Db } from '@tessera/db';

export type ContextItemRow = typeof contextItems.$inferSelect;
export type NewContextItem = typeof contextItems.$inferInsert;

/** NOTIFY channel of context item changes; payload `{ appId, itemId, kind }`. */
export const CONTEXT_CHANNEL = 'tessera_context';
/** Arbitrary constant: first key of the per-app advisory lock around the item limit. */
const ITEM_LIMIT_LOCK = 727_005;

/**
 * Uploads travel as base64 text: PGlite encodes and decodes a bytea parameter or column byte by
 * byte in JavaScript on the server's thread (~1 s per MB), Node's base64 is native (5 MB in ~0.1 s).
 */
const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  (result as { rows: Array<Record<string, unknown>> }).rows;

/** SQL of context items, their sources and chunks, and the monthly data usage. */
export function createContextRepo(db: Db) {
  /**
   * Rewrites the app's saved definition under its row lock: `rewrite` gives the next definition and
   * how many references it changed; nothing is written when none did. Answers that count (0 for no app).
   */
  const rewriteDefinition = (
    appId: string,
    rewrite: (definition: unknown) => { definition: unknown; changed: number },
  ): Promise<number> =>
    db.transaction(async (tx) => {
      const [row] = await tx.select({ definition: apps.definition }).from(apps).where(eq(apps.id, appId)).for('update');
      if (!row) return 0;
      const { definition, changed } = rewrite(row.definition);
      if (changed)
        await tx
          .update(apps)
          .set({ definition: definition as Record<string, unknown> })
          .where(eq(apps.id, appId));
      return changed;
    });

  return {
    /** The app's owner and the owner's plan (lite when the builder has no account yet); null when no app. */
    async findAppOwner(appId: string): Promise<{ ownerUserId: string; plan: string } | null> {
      const [row] = await db
        .select({ ownerUserId: apps.ownerUserId, plan: accounts.plan })
        .from(apps)
        .leftJoin(accounts, eq(accounts.userId, apps.ownerUserId))
        .where(eq(apps.id, appId));
      return row ? { ownerUserId: row.ownerUserId, plan: row.plan ?? 'lite' } : null;
    },

    async list(appId: string, status?: ContextItemStatus): Promise<ContextItemRow[]> {
      return db
        .select()
        .from(contextItems)
        .where(
          status ? and(eq(contextItems.appId, appId), eq(contextItems.status, status)) : eq(contextItems.appId, appId),
        )
        .orderBy(asc(contextItems.createdAt), asc(contextItems.id));
    },

    async countForApp(appId: string, exceptIds: string[] = []): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contextItems)
        .where(
          exceptIds.length
            ? and(eq(contextItems.appId, appId), notInArray(contextItems.id, exceptIds))
            : eq(contextItems.appId, appId),
        );
      return Number(row?.n ?? 0);
    },

    async findById(id: string): Promise<ContextItemRow | null> {
      const [row] = await db.select().from(contextItems).where(eq(contextItems.id, id));
      return row ?? null;
    },

    /**
     * Creates the item and keeps its source bytes, in one transaction. With `maxItems`, the app's
     * item count (minus `exceptIds`) is checked under a per-app advisory lock first, so concurrent
     * uploads cannot pass the plan limit together; null when the limit is reached.
     */
    async create(
      item: NewContextItem,
      source: { mimeType: string; bytes: Buffer } | null,
      limit?: { maxItems: number; exceptIds?: string[] },
    ): Promise<ContextItemRow | null> {
      return db.transaction(async (tx) => {
        if (limit) {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${ITEM_LIMIT_LOCK}, hashtext(${item.appId}))`);
          const except = limit.exceptIds ?? [];
          const [existing] = await tx
            .select({ n: count() })
            .from(contextItems)
            .where(
              except.length
                ? and(eq(contextItems.appId, item.appId), notInArray(contextItems.id, except))
                : eq(contextItems.appId, item.appId),
            );
          if (Number(existing?.n ?? 0) >= limit.maxItems) return null;
        }
        const [row] = await tx.insert(contextItems).values(item).returning();
        if (source)
          await tx.insert(contextItemSources).values({
            itemId: row!.id,
            mimeType: source.mimeType,
            bytes: sql`decode(${base64(source.bytes)}, 'base64')`,
          });
        return row!;
      });
    },

    async findSource(itemId: string): Promise<{ mimeType: string; bytes: Buffer } | null> {
      const [row] = await db
        .select({
          mimeType: contextItemSources.mimeType,
          bytes: sql<string>`encode(${contextItemSources.bytes}, 'base64')`,
        })
        .from(contextItemSources)
        .where(eq(contextItemSources.itemId, itemId));
      return row ? { mimeType: row.mimeType, bytes: Buffer.from(row.bytes, 'base64') } : null;
    },

    async update(id: string, values: Partial<Omit<NewContextItem, 'id' | 'appId'>>): Promise<ContextItemRow | null> {
      const [row] = await db
        .update(contextItems)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(contextItems.id, id))
        .returning();
      return row ?? null;
    },

    /** Moves an item to `to` only from one of `from` (so a stale job never overwrites a newer state). */
    async transition(
      id: string,
      from: ContextItemStatus[],
      to: ContextItemStatus,
      values: Partial<NewContextItem> = {},
    ): Promise<ContextItemRow | null> {
      const [row] = await db
        .update(contextItems)
        .set({ ...values, status: to, updatedAt: sql`now()` })
        .where(and(eq(contextItems.id, id), inArray(contextItems.status, from)))
        .returning();
      return row ?? null;
    },

    async delete(id: string): Promise<void> {
      await db.delete(contextItems).where(eq(contextItems.id, id));
    },

    /**
     * Makes the item's chunks exactly `chunks` in one transaction: unchanged chunks (same content
     * hash) stay with their embeddings, new ones are inserted, the rest deleted. Returns the ids of
     * the inserted chunks, which still need embeddings.
     */
    async replaceChunks(
      itemId: string,
      appId: string,
      chunks: Array<{ content: string; hash: string }>,
    ): Promise<Array<{ id: string; content: string }>> {
      return db.transaction(async (tx) => {
        const hashes = chunks.map((c) => c.hash);
        await tx
          .delete(contextChunks)
          .where(
            hashes.length
              ? and(eq(contextChunks.itemId, itemId), notInArray(contextChunks.contentHash, hashes))
              : eq(contextChunks.itemId, itemId),
          );
        const inserted: Array<{ id: string; content: string }> = [];
        const rows = chunks.map((c, ord) => ({
          id: randomUUID(),
          itemId,
          appId,
          ord,
          content: c.content,
          contentHash: c.hash,
        }));
        for (let i = 0; i < rows.length; i += 500) {
          const batch = rows.slice(i, i + 500);
          const result = await tx
            .insert(contextChunks)
            .values(batch)
            .onConflictDoUpdate({
              target: [contextChunks.itemId, contextChunks.contentHash],
              set: { ord: sql`excluded.ord` },
            })
            .returning({ id: contextChunks.id, content: contextChunks.content });
          const fresh = new Set<string>(batch.map((r) => r.id));
          inserted.push(...result.filter((r) => fresh.has(r.id)));
        }
        return inserted;
      });
    },

    async countChunks(itemId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contextChunks).where(eq(contextChunks.itemId, itemId));
      return Number(row?.n ?? 0);
    },

    async usage(userId: string, month: string): Promise<number> {
      const [row] = await db
        .select({ bytes: dataUsage.bytes })
        .from(dataUsage)
        .where(and(eq(dataUsage.userId, userId), eq(dataUsage.month, month)));
      return Number(row?.bytes ?? 0);
    },

    /**
     * Adds `bytes` to the month's usage only if the total stays within `limit`; false (and nothing
     * added) otherwise. One statement, so concurrent workers never overshoot together.
     */
    async consumeUsage(userId: string, month: string, bytes: number, limit: number): Promise<boolean> {
      if (bytes > limit) return false;
      const result = await db.execute(sql`
        INSERT INTO data_usage (user_id, month, bytes) VALUES (${userId}, ${month}, ${bytes})
        ON CONFLICT (user_id, month) DO UPDATE SET bytes = data_usage.bytes + excluded.bytes
        WHERE data_usage.bytes + excluded.bytes <= ${limit}
        RETURNING bytes`);
      return rowsOf(result).length > 0;
    },

    async setUsage(userId: string, month: string, bytes: number): Promise<void> {
      await db
        .insert(dataUsage)
        .values({ userId, month, bytes })
        .onConflictDoUpdate({ target: [dataUsage.userId, dataUsage.month], set: { bytes } });
    },

    /**
     * Points every tool data item of the app that references `oldItemId` at `newItemId` (docs/product/data-sources.md#states-and-transitions
     * Replace a file), wherever tools sit in the saved app definition. Returns how many changed.
     */
    async swapToolDataItems(appId: string, oldItemId: string, newItemId: string): Promise<number> {
      return rewriteDefinition(appId, (definition) => {
        let changed = 0;
        const isRef = (v: unknown): v is { contextItemId: unknown } =>
          Boolean(v) && typeof v === 'object' && 'contextItemId' in (v as object);
        const walk = (value: unknown): unknown => {
          if (Array.isArray(value)) {
            // A tool that listed both items lists the new one once (docs/product/tools.md#data).
            const seen = new Set<unknown>();
            return value
              .map(walk)
              .filter(
                (v) =>
                  !isRef(v) ||
                  v.contextItemId !== newItemId ||
                  (!seen.has(v.contextItemId) && seen.add(v.contextItemId)),
              );
          }
          if (!value || typeof value !== 'object') return value;
          const obj = value as Record<string, unknown>;
          const out: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(obj)) out[k] = walk(v);
          if (out.contextItemId === oldItemId && 'contextItemId' in obj) {
            changed++;
            out.contextItemId = newItemId;
            out.originalContextItemId = oldItemId;
          }
          return out;
        };
        return { definition: walk(definition), changed };
      });
    },

    /** Takes a deleted item out of every list of the app's definition (each tool's `dataItems`). */
    async dropToolDataItem(appId: string, itemId: string): Promise<number> {
      return rewriteDefinition(appId, (definition) => {
        let removed = 0;
        const walk = (value: unknown): unknown => {
          if (Array.isArray(value))
            return value
              .filter((v) => {
                const hit =
                  Boolean(v) && typeof v === 'object' && (v as { contextItemId?: unknown }).contextItemId === itemId;
                if (hit) removed++;
                return !hit;
              })
              .map(walk);
          if (!value || typeof value !== 'object') return value;
          return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, walk(v)]));
        };
        return { definition: walk(definition), changed: removed };
      });
    },

    async notify(payload: { appId: string; itemId: string; kind: 'item' | 'count' }): Promise<void> {
      await db.execute(sql`SELECT pg_notify(${CONTEXT_CHANNEL}, ${JSON.stringify(payload)})`);
    },
  };
}

export type ContextRepo = ReturnType<typeof createContextRepo>;
