import { and, eq, isNull, sql } from 'drizzle-orm';
import { appKeys, apps, toolApiKeys, type Db } from '@tessera/db';
import type { AppRow } from '../apps/apps.repo';

/** Moving an app to another builder (docs/product/tools.md#claim-invitation). */
export function createClaimRepo(db: Db) {
  return {
    /**
     * In one transaction, with the app's row locked: if `fromUserId` still owns it and claim by
     * customer is on, `toUserId` becomes its owner and its settings become `nextSettings(settings)`.
     * Everything else of the app (tools, data sources, files, versions, end users, records) hangs
     * off the app's id and moves with it, except the previous owner's keys: its app keys are deleted
     * and its tool API keys revoked in the same transaction, so none works a moment after the claim
     * (`revokedKeys` counts them). App hosts forget the app on commit (NOTIFY with its slug).
     * Null when the app changed hands or stopped being claimable meanwhile: of two claims at once,
     * one wins.
     */
    async transfer(
      appId: string,
      fromUserId: string,
      toUserId: string,
      nextSettings: (settings: Record<string, unknown>) => Record<string, unknown>,
      notifyChannel: string,
    ): Promise<{ app: AppRow; revokedKeys: number } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(apps).where(eq(apps.id, appId)).for('update');
        if (!row || row.ownerUserId !== fromUserId || row.settings.isClaimable !== true) return null;
        const [moved] = await tx
          .update(apps)
          .set({ ownerUserId: toUserId, settings: nextSettings(row.settings), updatedAt: sql`now()` })
          .where(eq(apps.id, appId))
          .returning();
        const deleted = await tx.delete(appKeys).where(eq(appKeys.appId, appId)).returning({ id: appKeys.id });
        const revoked = await tx
          .update(toolApiKeys)
          .set({ revokedAt: new Date() })
          .where(and(eq(toolApiKeys.appId, appId), isNull(toolApiKeys.revokedAt)))
          .returning({ id: toolApiKeys.id });
        await tx.execute(sql`SELECT pg_notify(${notifyChannel}, ${row.slug})`);
        return moved ? { app: moved, revokedKeys: deleted.length + revoked.length } : null;
      });
    },
  };
}

export type ClaimRepo = ReturnType<typeof createClaimRepo>;
