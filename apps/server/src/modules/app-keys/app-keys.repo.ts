import { and, asc, count, eq } from 'drizzle-orm';
import { appKeys, type Db } from '@tessera/db';

export type AppKeyRow = typeof appKeys.$inferSelect;

/** App keys of exported projects: only their hashes are stored (docs/product/export.md#app-keys). */
export function createAppKeysRepo(db: Db) {
  return {
    async list(appId: string): Promise<AppKeyRow[]> {
      return db.select().from(appKeys).where(eq(appKeys.appId, appId)).orderBy(asc(appKeys.createdAt));
    },
    async count(appId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(appKeys).where(eq(appKeys.appId, appId));
      return row?.n ?? 0;
    },
    async insert(row: typeof appKeys.$inferInsert): Promise<AppKeyRow> {
      const [created] = await db.insert(appKeys).values(row).returning();
      return created!;
    },
    /** True when the key existed (and is gone now). */
    async delete(appId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(appKeys)
        .where(and(eq(appKeys.appId, appId), eq(appKeys.id, id)))
        .returning({ id: appKeys.id });
      return gone.length > 0;
    },
    /** This app's key with this hash, its last use set to now; null for any other app's or an unknown key. */
    async use(appId: string, keyHash: string): Promise<AppKeyRow | null> {
      const [row] = await db
        .update(appKeys)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(appKeys.keyHash, keyHash), eq(appKeys.appId, appId)))
        .returning();
      return row ?? null;
    },
  };
}

export type AppKeysRepo = ReturnType<typeof createAppKeysRepo>;
