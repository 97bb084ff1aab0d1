import { eq, sql, type Placeholder } from 'drizzle-orm';
import { rateLimits, type Db } from '@tessera/db';

export interface RateLimitResult {
  count: number;
  resetAt: Date;
}

export interface RateLimiter {
  /** Counts one event for `key` in a fixed window and returns the count so far. */
  hit(key: string, windowSeconds: number): Promise<RateLimitResult>;
  /** The current count without counting anything (0 once the window has passed). */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window counters in Postgres: one atomic upsert per event, so every server process sees
 * the same counts (DESIGN.md §1: nothing shared lives in process memory). With `asyncCommit`
 * (PostgreSQL) a hit does not wait for the WAL to reach the disk: counts are not worth a flush on
 * a chat turn's way to its first token, and a crash forgets at most the last moment of them.
 */
export function createRateLimiter(db: Db, { asyncCommit = false }: { asyncCommit?: boolean } = {}): RateLimiter {
  const upsert = (tx: Pick<Db, 'insert'>, key: string | Placeholder, windowSeconds: number | Placeholder) =>
    tx
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  // Logins, mails and every chat turn count here: prepared once (PGlite plans each ad-hoc query anew).
  const prepared = upsert(db, sql.placeholder('key'), sql.placeholder('windowSeconds')).prepare('rate_limit_hit');
  return {
    async hit(key, windowSeconds) {
      if (!asyncCommit) return (await prepared.execute({ key, windowSeconds }))[0]!;
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
        return (await upsert(tx, key, windowSeconds))[0]!;
      });
    },
    async peek(key) {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
      return row?.count ?? 0;
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
