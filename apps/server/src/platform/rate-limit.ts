import type { Db } from '@tessera/db';
import { createRateLimitsRepo, type HitCte, type RateLimitRow } from './rate-limits.repo';

export type RateLimitResult = RateLimitRow;

export interface RateLimiter {
  /** Counts one event for `key` in a fixed window and returns the count so far. */
  hit(key: string, windowSeconds: number): Promise<RateLimitResult>;
  /**
   * The same hit as a CTE named `alias` (column `count`) with the placeholders `key` and
   * `windowSeconds`, for a statement that reads what it needs in the same round trip.
   */
  hitAs<Alias extends string>(alias: Alias): HitCte<Alias>;
  /** The current count without counting anything (0 once the window has passed). */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window counters in Postgres (rate-limits.repo.ts), so every server process sees the same
 * counts: nothing shared lives in process memory.
 */
export function createRateLimiter(db: Db): RateLimiter {
  const repo = createRateLimitsRepo(db);
  return { hit: repo.hit, hitAs: repo.hitAs, peek: repo.count, reset: repo.remove };
}
