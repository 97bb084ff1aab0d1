import { eq, sql } from 'drizzle-orm';
import { type AppStyle, type AppTexts } from '@tessera/contracts/apps';
import { PLANS, type PlanId } from '@tessera/contracts/plans';
import { accounts, appLooks, apps, type Db } from '@tessera/db';

/** What an app shows, as stored: a style, texts, and its owner's plan (which decides the badge). */
export interface StoredLook {
  style: AppStyle;
  texts: AppTexts;
  plan: PlanId;
}

const planOf = (value: string | null | undefined): PlanId =>
  PLANS.includes(value as PlanId) ? (value as PlanId) : 'lite';

/**
 * Copies the app's current style and texts into what its end users get. Runs inside the publish
 * transaction (publish.repo.ts), so the live app's look changes with its version, never before.
 */
export async function publishLook(q: Db, appId: string): Promise<void> {
  await q.execute(sql`
    INSERT INTO ${appLooks} (app_id, texts, published_style, published_texts, updated_at)
    SELECT a.id, '{}'::jsonb, a.style, '{}'::jsonb, now() FROM ${apps} a WHERE a.id = ${appId}
    ON CONFLICT (app_id) DO UPDATE
      SET published_style = EXCLUDED.published_style, published_texts = ${appLooks}.texts, updated_at = now()`);
}

/** App texts and the looks the runtime reads (docs/product/runtime.md#data). */
export function createBrandingRepo(db: Db) {
  return {
    async getTexts(appId: string): Promise<AppTexts> {
      const [row] = await db.select({ texts: appLooks.texts }).from(appLooks).where(eq(appLooks.appId, appId));
      return (row?.texts ?? {}) as AppTexts;
    },

    async saveTexts(appId: string, texts: AppTexts): Promise<void> {
      await db
        .insert(appLooks)
        .values({ appId, texts: texts as Record<string, unknown> })
        .onConflictDoUpdate({
          target: appLooks.appId,
          set: { texts: texts as Record<string, unknown>, updatedAt: sql`now()` },
        });
    },

    /**
     * The look of the builder's current style and texts (`draft`, for the preview), or of the last
     * publish (`published`, empty before it), with the owner's plan.
     */
    async lookOf(appId: string, which: 'draft' | 'published'): Promise<StoredLook | null> {
      const [row] = await db
        .select({
          style: apps.style,
          texts: appLooks.texts,
          publishedStyle: appLooks.publishedStyle,
          publishedTexts: appLooks.publishedTexts,
          plan: accounts.plan,
        })
        .from(apps)
        .leftJoin(appLooks, eq(appLooks.appId, apps.id))
        .leftJoin(accounts, eq(accounts.userId, apps.ownerUserId))
        .where(eq(apps.id, appId));
      if (!row) return null;
      const style = which === 'draft' ? row.style : row.publishedStyle;
      const texts = which === 'draft' ? row.texts : row.publishedTexts;
      return { style: (style ?? {}) as AppStyle, texts: (texts ?? {}) as AppTexts, plan: planOf(row.plan) };
    },
  };
}

export type BrandingRepo = ReturnType<typeof createBrandingRepo>;
