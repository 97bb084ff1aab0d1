import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { toolApiKeys, type Db } from '@tessera/db';

export type ToolApiKeyRow = typeof toolApiKeys.$inferSelect;

/** SQL of per-tool API keys (hashes only). */
export function createToolApiKeysRepo(db: Db) {
  return {
    async listOf(appId: string, toolId: string): Promise<ToolApiKeyRow[]> {
      return db
        .select()
        .from(toolApiKeys)
        .where(and(eq(toolApiKeys.appId, appId), eq(toolApiKeys.toolId, toolId)))
        .orderBy(desc(toolApiKeys.createdAt));
    },

    /** Adds a key unless the tool already has `max` live ones (counted under a lock per tool); null when it has. */
    async create(row: Pick<ToolApiKeyRow, 'id' | 'appId' | 'toolId' | 'name' | 'keyHash' | 'prefix'>, max: number) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tool-api-keys:${row.appId}:${row.toolId}`}))`);
        const [live] = await tx
          .select({ n: sql<number>`count(*)` })
          .from(toolApiKeys)
          .where(
            and(eq(toolApiKeys.appId, row.appId), eq(toolApiKeys.toolId, row.toolId), isNull(toolApiKeys.revokedAt)),
          );
        if (Number(live?.n ?? 0) >= max) return null;
        const [created] = await tx.insert(toolApiKeys).values(row).returning();
        return created!;
      });
    },

    /** Revokes a live key of this tool; false when there is none. */
    async revoke(appId: string, toolId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(toolApiKeys)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(toolApiKeys.id, id),
            eq(toolApiKeys.appId, appId),
            eq(toolApiKeys.toolId, toolId),
            isNull(toolApiKeys.revokedAt),
          ),
        )
        .returning({ id: toolApiKeys.id });
      return rows.length > 0;
    },

    async findByHash(keyHash: string): Promise<ToolApiKeyRow | null> {
      const [row] = await db.select().from(toolApiKeys).where(eq(toolApiKeys.keyHash, keyHash));
      return row ?? null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(toolApiKeys).set({ lastUsedAt: at }).where(eq(toolApiKeys.id, id));
    },
  };
}

export type ToolApiKeysRepo = ReturnType<typeof createToolApiKeysRepo>;
