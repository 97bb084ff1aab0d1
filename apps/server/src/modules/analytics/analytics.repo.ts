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

export interface DayCounts {
  visits: Map<string, { visits: number; visitors: number }>;
  signUps: Map<string, number>;
  /** entity -> day -> records created. */
  records: Map<string, Map<string, number>>;
  toolRuns: Map<string, { runs: number; tokens: number; cost: number }>;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const UTC_DAY = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);

/** SQL of analytics: per-day visit aggregates, and per-day counts of what the app stores already. */
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

    /** Forgets visitor hashes of days before `day`: they only served that day's unique count. */
    async pruneVisitorsBefore(day: string): Promise<void> {
      await db.execute(sql`DELETE FROM app_day_visitors WHERE day < ${day}::date`);
    },

    /** Everything the analytics page shows for one app from the UTC day `from` on, per day. */
    async countsSince(appId: string, from: string): Promise<DayCounts> {
      const since = sql`${from}::date::timestamp AT TIME ZONE 'UTC'`;
      const [visits, signUps, records, runs] = await Promise.all([
        db.execute(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, visits, visitors FROM app_visit_days
          WHERE app_id = ${appId} AND day >= ${from}::date`),
        db.execute(sql`
          SELECT ${UTC_DAY('created_at')} AS day, count(*)::int AS n FROM app_users
          WHERE app_id = ${appId} AND created_at >= ${since} GROUP BY 1`),
        db.execute(sql`
          SELECT entity, ${UTC_DAY('created_at')} AS day, count(*)::int AS n FROM entity_records
          WHERE app_id = ${appId} AND created_at >= ${since} GROUP BY 1, 2`),
        db.execute(sql`
          SELECT ${UTC_DAY('created_at')} AS day, count(*)::int AS n,
            coalesce(sum(prompt_tokens + completion_tokens), 0)::bigint AS tokens,
            coalesce(sum(cost), 0)::float8 AS cost
          FROM tool_runs WHERE app_id = ${appId} AND created_at >= ${since} GROUP BY 1`),
      ]);
      const out: DayCounts = { visits: new Map(), signUps: new Map(), records: new Map(), toolRuns: new Map() };
      for (const r of rowsOf(visits))
        out.visits.set(String(r.day), { visits: Number(r.visits), visitors: Number(r.visitors) });
      for (const r of rowsOf(signUps)) out.signUps.set(String(r.day), Number(r.n));
      for (const r of rowsOf(records)) {
        const entity = String(r.entity);
        const days = out.records.get(entity) ?? new Map<string, number>();
        days.set(String(r.day), Number(r.n));
        out.records.set(entity, days);
      }
      for (const r of rowsOf(runs))
        out.toolRuns.set(String(r.day), { runs: Number(r.n), tokens: Number(r.tokens), cost: Number(r.cost) });
      return out;
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
