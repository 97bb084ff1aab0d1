import { sql } from 'drizzle-orm';
import { countPendingMigrations, type Database } from '@tessera/db';

/** What the probes and metrics ask of the database (platform/http/ops.ts). */
export function createOpsRepo(database: Database) {
  const pool = (
    database.db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } }
  ).$client;
  return {
    kind: database.kind,
    async ping(): Promise<void> {
      await database.db.execute(sql`SELECT 1`);
    },
    pendingMigrations: () => countPendingMigrations(database.db),
    /**
     * How many other server processes use this database: their connections are named
     * `tessera:{host}:{pid}` (main.ts), as this one's are. Always 0 on PGlite (one process).
     */
    async countOtherProcesses(): Promise<number> {
      if (database.kind !== 'postgres') return 0;
      const result = await database.db.execute(sql`
        SELECT count(DISTINCT application_name)::int AS others FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'tessera:%'
          AND application_name <> current_setting('application_name')`);
      return Number((result as unknown as { rows: Array<{ others: number }> }).rows[0]?.others ?? 0);
    },
    /** The PostgreSQL pool's connections (null on PGlite, which has one). */
    poolStats: () =>
      typeof pool?.totalCount === 'number'
        ? { total: pool.totalCount, idle: pool.idleCount ?? 0, waiting: pool.waitingCount ?? 0 }
        : null,
  };
}

export type OpsRepo = ReturnType<typeof createOpsRepo>;
