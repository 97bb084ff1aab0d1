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
    /** The PostgreSQL pool's connections (null on PGlite, which has one). */
    poolStats: () =>
      typeof pool?.totalCount === 'number'
        ? { total: pool.totalCount, idle: pool.idleCount ?? 0, waiting: pool.waitingCount ?? 0 }
        : null,
  };
}

export type OpsRepo = ReturnType<typeof createOpsRepo>;
