import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { appDomains, apps, type Db } from '@tessera/db';
import type { CustomDomainStatus } from '@tessera/contracts/domains';

/** Told to every process when a domain is added, verified, failed or removed: their host maps reload. */
export const APP_DOMAINS_CHANNEL = 'app_domains';

export type DomainRow = typeof appDomains.$inferSelect;

/** Why an add was refused by the table itself. */
export type AddRefusal = 'limit' | 'taken' | 'already';

/** A unique index refused the write (here: a second verified claim of a hostname). */
const isUniqueViolation = (err: unknown) =>
  [(err as { code?: unknown }).code, (err as { cause?: { code?: unknown } }).cause?.code].includes('23505');

/**
 * SQL of custom domains: one row per app and hostname. Unverified claims of a hostname coexist; at
 * most one claim of it is verified (a partial unique index), and that one is never displaced.
 */
export function createDomainsRepo(db: Db) {
  const notify = (tx: Pick<Db, 'execute'>) => tx.execute(sql`SELECT pg_notify(${APP_DOMAINS_CHANNEL}, '')`);

  return {
    listByApp(appId: string): Promise<DomainRow[]> {
      return db.select().from(appDomains).where(eq(appDomains.appId, appId)).orderBy(asc(appDomains.createdAt));
    },

    /** The verified claim of a hostname, if any app holds it. */
    async findVerified(hostname: string): Promise<DomainRow | null> {
      const [row] = await db
        .select()
        .from(appDomains)
        .where(and(eq(appDomains.hostname, hostname), eq(appDomains.status, 'verified')));
      return row ?? null;
    },

    /**
     * Adds a pending claim unless the app has `limit` already, has this hostname already, or another
     * app holds it verified: the app's row is locked, so two adds at once cannot pass the limit together.
     */
    async add(appId: string, hostname: string, token: string, limit: number): Promise<DomainRow | AddRefusal> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM apps WHERE id = ${appId} FOR UPDATE`);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(appDomains).where(eq(appDomains.appId, appId));
        if (n >= limit) return 'limit';
        const [held] = await tx
          .select({ appId: appDomains.appId })
          .from(appDomains)
          .where(and(eq(appDomains.hostname, hostname), eq(appDomains.status, 'verified')));
        if (held && held.appId !== appId) return 'taken';
        const [row] = await tx
          .insert(appDomains)
          .values({ id: randomUUID(), appId, hostname, verificationToken: token })
          .onConflictDoNothing({ target: [appDomains.appId, appDomains.hostname] })
          .returning();
        if (!row) return 'already';
        await notify(tx);
        return row;
      });
    },

    /**
     * Stores a check's result; null when the domain was removed meanwhile, 'taken' when it verified
     * but another app's claim of the hostname was verified first (that one stays).
     */
    async setStatus(
      appId: string,
      id: string,
      status: CustomDomainStatus,
      failureReason: string | null,
    ): Promise<DomainRow | null | 'taken'> {
      return db
        .transaction(async (tx) => {
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
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) return 'taken' as const;
          throw err;
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
