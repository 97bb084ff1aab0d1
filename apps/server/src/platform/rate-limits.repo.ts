import { eq, sql, type SQL } from 'drizzle-orm';
import { rateLimits, type Db } from '@tessera/db';

export interface RateLimitRow {
  count: number;
  resetAt: Date;
}

function hitCte<Alias extends string>(db: Db, alias: Alias, upsert: SQL) {
  return db.$with(alias, { count: sql<number>`count`.as('count') }).as(upsert);
}

export type HitCte<Alias extends string> = ReturnType<typeof hitCte<Alias>>;

/**
 * The `rate_limits` counters: one atomic upsert per event in a fixed window. A hit does not wait
 * for the WAL to reach the disk (synchronous_commit off for its own transaction, set by the
 * statement itself): counts are not worth a flush on a chat turn's way to its first token, and a
 * crash forgets at most the last moment of them.
 */
export function createRateLimitsRepo(db: Db) {
  const asyncCommit = db
    .$with('async_commit', { setting: sql<string>`setting` })
    .as(sql`SELECT set_config('synchronous_commit', 'off', true) AS setting`);
  // Logins, mails and every chat turn count here: prepared once (PGlite plans each ad-hoc query anew).
  const upsertQuery = db
    .with(asyncCommit)
    .insert(rateLimits)
    .select(
      db
        .select({
          key: sql<string>`${sql.placeholder('key')}`.as('key'),
          count: sql<number>`1`.as('count'),
          resetAt: sql<Date>`now() + make_interval(secs => ${sql.placeholder('windowSeconds')})`.as('reset_at'),
        })
        .from(asyncCommit),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const upsert = upsertQuery.prepare('rate_limit_hit');

  return {
    async hit(key: string, windowSeconds: number): Promise<RateLimitRow> {
      return (await upsert.execute({ key, windowSeconds }))[0]!;
    },
    /** The hit as a CTE named `alias` (column `count`) with the placeholders `key` and `windowSeconds`. */
    hitAs: <Alias extends string>(alias: Alias): HitCte<Alias> => hitCte(db, alias, upsertQuery.getSQL()),
    async count(key: string): Promise<number> {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
      return row?.count ?? 0;
    },
    async remove(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type RateLimitsRepo = ReturnType<typeof createRateLimitsRepo>;
