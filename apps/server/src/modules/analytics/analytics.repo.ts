import { sql } from 'drizzle-orm';
import type { Db } from '@tessera/db';

/** Visits of one app on one UTC day, as the recorder batched them. */
export interface VisitBatch {
  appId: string;
  day: string;
  visits: number;
  /** Salted hashes of the visitors seen in the batch (each once). */
  visitorHashes: string[];
}

/** An end user active in an app on a UTC day. */
export interface ActiveMark {
  appId: string;
  day: string;
  appUserId: string;
}

export interface DayCounts {
  visits: Map<string, { visits: number; visitors: number }>;
  stats: Map<string, { signUps: number; activeUsers: number; toolRuns: number; tokens: number; cost: number }>;
  /** entity -> day -> records created. */
  records: Map<string, Map<string, number>>;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/** SQL of analytics: the per-day rows the beacon, the active-user marks and the counting triggers keep. */
export function createAnalyticsRepo(db: Db) {
  return {
    /**
     * Adds a batch to its day's row in one statement: the new visitor hashes go in (those already
     * seen that day are skipped) and the day's row counts the visits and the hashes that were new.
     * Counted only while the app is published.
     */
    async addVisits(batch: VisitBatch): Promise<void> {
      const hashes = sql.join(
        batch.visitorHashes.map((hash) => sql`(${batch.appId}, ${batch.day}::date, ${hash})`),
        sql`, `,
      );
      const newVisitors = batch.visitorHashes.length ? sql`(SELECT count(*)::int FROM new_visitors)` : sql`0`;
      await db.execute(sql`
        WITH published AS (
          SELECT id FROM apps WHERE id = ${batch.appId} AND published_version_id IS NOT NULL
        ),
        new_visitors AS (
          ${
            batch.visitorHashes.length
              ? sql`INSERT INTO app_day_visitors (app_id, day, visitor_hash)
                  SELECT v.* FROM (VALUES ${hashes}) AS v(app_id, day, visitor_hash)
                  WHERE EXISTS (SELECT 1 FROM published)
                  ON CONFLICT DO NOTHING RETURNING 1`
              : sql`SELECT 1 WHERE false`
          }
        )
        INSERT INTO app_visit_days (app_id, day, visits, visitors)
        SELECT id, ${batch.day}::date, ${batch.visits}, ${newVisitors} FROM published
        ON CONFLICT (app_id, day) DO UPDATE SET
          visits = app_visit_days.visits + excluded.visits,
          visitors = app_visit_days.visitors + excluded.visitors`);
    },

    /**
     * Marks end users active on a day, each at most once (their row is the mark), and adds the users
     * that were new that day to the day's counter, in one statement.
     */
    async addActiveUsers(marks: ActiveMark[]): Promise<void> {
      if (!marks.length) return;
      const values = sql.join(
        marks.map((m) => sql`(${m.appId}, ${m.day}::date, ${m.appUserId})`),
        sql`, `,
      );
      await db.execute(sql`
        WITH marked AS (
          INSERT INTO app_day_active_users (app_id, day, app_user_id)
          SELECT v.app_id, v.day, v.app_user_id FROM (VALUES ${values}) AS v(app_id, day, app_user_id)
          WHERE EXISTS (SELECT 1 FROM apps WHERE apps.id = v.app_id)
          ON CONFLICT DO NOTHING RETURNING app_id, day
        )
        INSERT INTO app_stat_days AS s (app_id, day, active_users)
        SELECT app_id, day, count(*) FROM marked GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (app_id, day) DO UPDATE SET active_users = s.active_users + excluded.active_users`);
    },

    /** Forgets visitor hashes and active-user marks of days before `day`: they only served that day's counts. */
    async pruneBefore(day: string): Promise<void> {
      await db.execute(sql`DELETE FROM app_day_visitors WHERE day < ${day}::date`);
      await db.execute(sql`DELETE FROM app_day_active_users WHERE day < ${day}::date`);
    },

    /**
     * Everything the analytics page shows for one app from the UTC day `from` on, per day: read from
     * the per-day rows only (at most one per day, and one per day and entity), never from the events.
     */
    async countsSince(appId: string, from: string): Promise<DayCounts> {
      const [visits, stats, records] = await Promise.all([
        db.execute(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, visits, visitors FROM app_visit_days
          WHERE app_id = ${appId} AND day >= ${from}::date`),
        db.execute(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, sign_ups, active_users, tool_runs, tokens, cost
          FROM app_stat_days WHERE app_id = ${appId} AND day >= ${from}::date`),
        db.execute(sql`
          SELECT entity, to_char(day, 'YYYY-MM-DD') AS day, records FROM app_entity_days
          WHERE app_id = ${appId} AND day >= ${from}::date`),
      ]);
      const out: DayCounts = { visits: new Map(), stats: new Map(), records: new Map() };
      for (const r of rowsOf(visits))
        out.visits.set(String(r.day), { visits: Number(r.visits), visitors: Number(r.visitors) });
      for (const r of rowsOf(stats))
        out.stats.set(String(r.day), {
          signUps: Number(r.sign_ups),
          activeUsers: Number(r.active_users),
          toolRuns: Number(r.tool_runs),
          tokens: Number(r.tokens),
          cost: Number(r.cost),
        });
      for (const r of rowsOf(records)) {
        const entity = String(r.entity);
        const days = out.records.get(entity) ?? new Map<string, number>();
        days.set(String(r.day), Number(r.records));
        out.records.set(entity, days);
      }
      return out;
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
