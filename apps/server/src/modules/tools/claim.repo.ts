import { eq, sql } from 'drizzle-orm';
import { apps, type Db } from '@tessera/db';
import type { AppRow } from '../apps/apps.repo';

/** Moving an app to another builder (docs/product/tools.md#claim-invitation). */
export function createClaimRepo(db: Db) {
  return {
    /**
     * In one transaction, with the app's row locked: if `fromUserId` still owns it and claim by
     * customer is on, `toUserId` becomes its owner and its settings become `nextSettings(settings)`.
     * Everything else of the app (tools, data sources, files, versions, end users, records) hangs
     * off the app's id and moves with it. App hosts forget the app on commit (NOTIFY with its slug).
     * Null when the app changed hands or stopped being claimable meanwhile: of two claims at once,
     * one wins.
     */
    async transfer(
      appId: string,
      fromUserId: string,
      toUserId: string,
      nextSettings: (settings: Record<string, unknown>) => Record<string, unknown>,
      notifyChannel: string,
    ): Promise<AppRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(apps).where(eq(apps.id, appId)).for('update');
        if (!row || row.ownerUserId !== fromUserId || row.settings.isClaimable !== true) return null;
        const [moved] = await tx
          .update(apps)
          .set({ ownerUserId: toUserId, settings: nextSettings(row.settings), updatedAt: sql`now()` })
          .where(eq(apps.id, appId))
          .returning();
        await tx.execute(sql`SELECT pg_notify(${notifyChannel}, ${row.slug})`);
        return moved ?? null;
      });
    },
  };
}

export type ClaimRepo = ReturnType<typeof createClaimRepo>;
