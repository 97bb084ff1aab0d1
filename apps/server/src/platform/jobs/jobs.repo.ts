import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@tessera/db';

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** At most one queued-or-running job per key: a second enqueue returns the live job's id. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Delay before the job may run. */
  delayMs?: number;
}

const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  (result as { rows: Array<Record<string, unknown>> }).rows;

/** SQL of the durable job queue (table `jobs`). Claims use FOR UPDATE SKIP LOCKED so workers never wait on each other. */
export function createJobsRepo(db: Db) {
  return {
    async enqueue(kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
      const id = randomUUID();
      const result = await db.execute(sql`
        INSERT INTO jobs (id, kind, payload, dedupe_key, max_attempts, run_at)
        VALUES (${id}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${options.dedupeKey ?? null}, ${options.maxAttempts ?? 5},
                now() + ${`${options.delayMs ?? 0} milliseconds`}::interval)
        ON CONFLICT (dedupe_key) WHERE status in ('queued', 'running') DO NOTHING
        RETURNING id`);
      const [row] = rowsOf(result);
      if (row) return row.id as string;
      const live = await db.execute(
        sql`SELECT id FROM jobs WHERE dedupe_key = ${options.dedupeKey ?? null} AND status in ('queued', 'running') LIMIT 1`,
      );
      return (rowsOf(live)[0]?.id as string | undefined) ?? id;
    },

    /**
     * Takes the next runnable job for one of `kinds`: queued and due, or running with an expired
     * lease (its worker died). The lease is set in the same statement.
     */
    async claim(workerId: string, kinds: string[], leaseMs: number): Promise<JobRow | null> {
      if (!kinds.length) return null;
      const result = await db.execute(sql`
        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
               lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
          WHERE kind IN (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_expires_at < now()))
          ORDER BY run_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts`);
      const [row] = rowsOf(result);
      if (!row) return null;
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return {
        id: row.id as string,
        kind: row.kind as string,
        payload: payload as Record<string, unknown>,
        attempts: Number(row.attempts),
        maxAttempts: Number(row.max_attempts),
      };
    },

    /** Renews the lease; false when another worker has taken the job over (this one must stop). */
    async heartbeat(jobId: string, workerId: string, leaseMs: number): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE jobs SET lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
        WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running' RETURNING id`);
      return rowsOf(result).length > 0;
    },

    async complete(jobId: string, workerId: string): Promise<void> {
      await db.execute(sql`
        UPDATE jobs SET status = 'done', locked_by = NULL, lease_expires_at = NULL, updated_at = now()
        WHERE id = ${jobId} AND locked_by = ${workerId}`);
    },

    /** Retries after `retryInMs`, or fails for good when no attempts are left. */
    async fail(jobId: string, workerId: string, error: string, retryInMs: number | null): Promise<void> {
      await db.execute(sql`
        UPDATE jobs SET
          status = ${retryInMs === null ? 'failed' : 'queued'},
          run_at = now() + ${`${retryInMs ?? 0} milliseconds`}::interval,
          locked_by = NULL, lease_expires_at = NULL, last_error = ${error.slice(0, 2000)}, updated_at = now()
        WHERE id = ${jobId} AND locked_by = ${workerId}`);
    },

    async find(
      jobId: string,
    ): Promise<{ status: string; attempts: number; lockedBy: string | null; lastError: string | null } | null> {
      const [row] = rowsOf(
        await db.execute(sql`SELECT status, attempts, locked_by, last_error FROM jobs WHERE id = ${jobId}`),
      );
      return row
        ? {
            status: row.status as string,
            attempts: Number(row.attempts),
            lockedBy: (row.locked_by as string | null) ?? null,
            lastError: (row.last_error as string | null) ?? null,
          }
        : null;
    },

    /** Finished jobs older than the retention are dropped so the table stays small. */
    async prune(olderThanMs: number): Promise<void> {
      await db.execute(
        sql`DELETE FROM jobs WHERE status IN ('done', 'failed') AND updated_at < now() - ${`${olderThanMs} milliseconds`}::interval`,
      );
    },

    /** How many jobs of each kind are in each state (the metrics' gauge). */
    async countByKindAndStatus(): Promise<Array<{ kind: string; status: string; count: number }>> {
      const result = await db.execute(sql`SELECT kind, status, count(*)::int AS count FROM jobs GROUP BY kind, status`);
      return rowsOf(result).map((r) => ({
        kind: r.kind as string,
        status: r.status as string,
        count: Number(r.count),
      }));
    },

    async notify(channel: string, payload: string): Promise<void> {
      await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
