import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { appDomains, apps, type Db } from '@tessera/db';
import type { CustomDomainStatus } from '@tessera/contracts/domains';

/** Told to every process when a domain is added, verified, failed or removed: their host maps reload. */
export const APP_DOMAINS_CHANNEL = 'app_domains';

export type DomainRow = typeof appDomains.$inferSelect;

/** Why an add was refused by the table itself. */
export type AddRefusal = 'limit' | 'taken';

/** SQL of custom domains: one row per hostname, unique across the install. */
export function createDomainsRepo(db: Db) {
  const notify = (tx: Pick<Db, 'execute'>) => tx.execute(sql`SELECT pg_notify(${APP_DOMAINS_CHANNEL}, '')`);

  return {
    listByApp(appId: string): Promise<DomainRow[]> {
      return db.select().from(appDomains).where(eq(appDomains.appId, appId)).orderBy(asc(appDomains.createdAt));
    },

    async findByHostname(hostname: string): Promise<DomainRow | null> {
      const [row] = await db.select().from(appDomains).where(eq(appDomains.hostname, hostname));
      return row ?? null;
    },

    /**
     * Adds a pending domain unless the app has `limit` already or the hostname is taken: the app's
     * row is locked, so two adds at once cannot pass the limit together.
     */
    async add(appId: string, hostname: string, token: string, limit: number): Promise<DomainRow | AddRefusal> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM apps WHERE id = ${appId} FOR UPDATE`);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(appDomains).where(eq(appDomains.appId, appId));
        if (n >= limit) return 'limit';
        const [row] = await tx
          .insert(appDomains)
          .values({ id: randomUUID(), appId, hostname, verificationToken: token })
          .onConflictDoNothing({ target: appDomains.hostname })
          .returning();
        if (!row) return 'taken';
        await notify(tx);
        return row;
      });
    },

    /** Stores a check's result; null when the domain was removed meanwhile. */
    async setStatus(
      appId: string,
      id: string,
      status: CustomDomainStatus,
      failureReason: string | null,
    ): Promise<DomainRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(appDomains)
          .set({
            status,
            failureReason,
            checkedAt: sql`now()`,
            // The first verification's time; a failed check clears it.
            verifiedAt: status === 'verified' ? sql`coalesce(${appDomains.verifiedAt}, now())` : null,
          })
          .where(and(eq(appDomains.id, id), eq(appDomains.appId, appId)))
          .returning();
        if (row) await notify(tx);
        return row ?? null;
      });
    },

    async remove(appId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(appDomains)
          .where(and(eq(appDomains.id, id), eq(appDomains.appId, appId)))
          .returning({ id: appDomains.id });
        if (removed.length) await notify(tx);
        return removed.length > 0;
      });
    },

    /** Every verified hostname with its app's current slug: what the app hosts serve. */
    listVerifiedHosts(): Promise<Array<{ hostname: string; slug: string }>> {
      return db
        .select({ hostname: appDomains.hostname, slug: apps.slug })
        .from(appDomains)
        .innerJoin(apps, eq(apps.id, appDomains.appId))
        .where(eq(appDomains.status, 'verified'));
    },
  };
}

export type DomainsRepo = ReturnType<typeof createDomainsRepo>;
