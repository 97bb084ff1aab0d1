import { createHmac } from 'node:crypto';
import {
  DEFAULT_ANALYTICS_RANGE,
  type AnalyticsDay,
  type AnalyticsRange,
  type AnalyticsResponse,
} from '@tessera/contracts/analytics';
import { type SessionUser } from '@tessera/contracts/auth';
import type { Logger } from '../../platform/logger';
import type { ActiveMark, AnalyticsRepo, VisitBatch } from './analytics.repo';
import { createVisitLimits } from './visit-limits';

/** How long visits wait in memory before one statement per app and day writes them. */
export const VISIT_FLUSH_MS = 1000;
/** A batch is written early once this many visits wait. */
const VISIT_BATCH_MAX = 500;
/** Active users already marked today are remembered (to skip their writes) up to this many. */
const ACTIVE_SEEN_MAX = 100_000;
const DAY_MS = 86_400_000;

export interface AnalyticsDeps {
  repo: AnalyticsRepo;
  /** The app if the user owns it (a 404 otherwise), with its publish state. */
  getOwned: (user: SessionUser, appId: string) => Promise<{ id: string; publishedVersionId: string | null }>;
  /** The server's secret: the daily salts of visitor hashes derive from it. */
  secret: string;
  logger: Pick<Logger, 'error'>;
  clock?: () => number;
  /** Paid memberships' revenue per UTC day (YYYY-MM-DD -> major units of `currency`) since a day (memberships.repo.ts). */
  revenueSince?: (appId: string, from: string) => Promise<{ currency: string; perDay: Map<string, number> }>;
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A visitor of one app on one day, as a hash (docs/product/analytics.md#rules-and-messages): the
 * salt is derived from the server's secret and the day, so the same visitor hashes differently the
 * next day and in another app, and no address is kept.
 */
export function visitorHash(secret: string, day: string, appId: string, ip: string, userAgent: string): string {
  const salt = createHmac('sha256', `tessera-analytics:${secret}`).update(day).digest();
  return createHmac('sha256', salt).update(`${appId}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/**
 * Recording visits and active end users (batched in memory) and reading an app's analytics (its
 * owner only).
 */
export function createAnalyticsService({
  repo,
  getOwned,
  secret,
  logger,
  clock = Date.now,
  revenueSince,
}: AnalyticsDeps) {
  let pending = new Map<string, VisitBatch & { seen: Set<string> }>();
  let marks: ActiveMark[] = [];
  /** Today's active users already marked (`appId\nuserId`): a repeat costs no write. */
  let seen = { day: '', users: new Set<string>() };
  let waiting = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let prunedBefore = '';
  const limits = createVisitLimits();

  async function write(batches: VisitBatch[], active: ActiveMark[]) {
    await repo.addActiveUsers(active).catch((error: unknown) => {
      logger.error('analytics: active users not recorded', { err: String(error) });
    });
    for (const batch of batches) {
      try {
        await repo.addVisits(batch);
      } catch (error) {
        logger.error('analytics: visits not recorded', { err: String(error), appId: batch.appId });
      }
    }
    const yesterday = utcDay(clock() - DAY_MS);
    if (prunedBefore !== yesterday) {
      prunedBefore = yesterday;
      await repo.pruneBefore(yesterday).catch((error: unknown) => {
        logger.error('analytics: old visitor hashes and marks not pruned', { err: String(error) });
      });
    }
  }

  /** Writes every waiting visit; resolves once they are stored. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batches = [...pending.values()].map(({ appId, day, visits, seen }) => ({
      appId,
      day,
      visits,
      visitorHashes: [...seen],
    }));
    const active = marks;
    pending = new Map();
    marks = [];
    waiting = 0;
    flushing = flushing.then(() => (batches.length || active.length ? write(batches, active) : undefined));
    return flushing;
  }

  function wait() {
    waiting += 1;
    if (waiting >= VISIT_BATCH_MAX) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), VISIT_FLUSH_MS);
      timer.unref?.();
    }
  }

  return {
    /**
     * Counts one visit of an app's published version, within what one address may add a day
     * (visit-limits.ts); costs a hash and two map updates.
     */
    recordVisit(appId: string, ip: string, userAgent: string): void {
      const day = utcDay(clock());
      const visitor = visitorHash(secret, day, appId, ip, userAgent.slice(0, 512));
      if (!limits.admit(appId, day, ip, visitor)) return;
      const key = `${appId}\n${day}`;
      let batch = pending.get(key);
      if (!batch) {
        batch = { appId, day, visits: 0, visitorHashes: [], seen: new Set() };
        pending.set(key, batch);
      }
      batch.visits += 1;
      batch.seen.add(visitor);
      wait();
    },

    /**
     * Counts an end user as active today (signed in, or a request with their session): written with
     * the next batch the first time a day, skipped in memory after that (the database keeps one mark
     * per user and day either way).
     */
    recordActive(appId: string, appUserId: string): void {
      const day = utcDay(clock());
      if (seen.day !== day || seen.users.size >= ACTIVE_SEEN_MAX) seen = { day, users: new Set() };
      const key = `${appId}\n${appUserId}`;
      if (seen.users.has(key)) return;
      seen.users.add(key);
      marks.push({ appId, day, appUserId });
      wait();
    },

    flush,

    /** The app's analytics over the last `days` days, today included (UTC). */
    async read(user: SessionUser, appId: string, days: AnalyticsRange = DEFAULT_ANALYTICS_RANGE) {
      const app = await getOwned(user, appId);
      const now = clock();
      const dayList = Array.from({ length: days }, (_, i) => utcDay(now - (days - 1 - i) * DAY_MS));
      const from = dayList[0]!;
      const to = dayList[dayList.length - 1]!;
      const zero = {
        visits: 0,
        visitors: 0,
        signUps: 0,
        activeUsers: 0,
        records: 0,
        toolRuns: 0,
        tokens: 0,
        cost: 0,
        revenue: 0,
      };
      if (!app.publishedVersionId)
        return {
          published: false,
          days,
          from,
          to,
          totals: zero,
          revenueCurrency: 'usd',
          daily: dayList.map((day) => ({ day, ...zero })),
          entities: [],
        } satisfies AnalyticsResponse;
      const [counts, revenue] = await Promise.all([
        repo.countsSince(app.id, from),
        revenueSince ? revenueSince(app.id, from) : { currency: 'usd', perDay: new Map<string, number>() },
      ]);
      const daily: AnalyticsDay[] = dayList.map((day) => {
        let records = 0;
        for (const perDay of counts.records.values()) records += perDay.get(day) ?? 0;
        const { visits = 0, visitors = 0 } = counts.visits.get(day) ?? {};
        return {
          day,
          ...zero,
          visits,
          visitors,
          ...counts.stats.get(day),
          records,
          revenue: revenue.perDay.get(day) ?? 0,
        };
      });
      const totals = { ...zero };
      for (const d of daily) for (const key of Object.keys(zero) as Array<keyof typeof zero>) totals[key] += d[key];
      totals.cost = Math.round(totals.cost * 1e6) / 1e6;
      totals.revenue = Math.round(totals.revenue * 100) / 100;
      const entities = [...counts.records]
        .map(([entity, perDay]) => {
          const created = dayList.map((day) => perDay.get(day) ?? 0);
          return { entity, records: created.reduce((a, b) => a + b, 0), daily: created };
        })
        .filter((e) => e.records > 0)
        .sort((a, b) => b.records - a.records || a.entity.localeCompare(b.entity));
      return {
        published: true,
        days,
        from,
        to,
        totals,
        revenueCurrency: revenue.currency,
        daily,
        entities,
      } satisfies AnalyticsResponse;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
