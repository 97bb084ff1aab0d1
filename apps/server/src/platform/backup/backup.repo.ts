import { sql } from 'drizzle-orm';
import { DataDirLockedError, lockDataDir, openDatabase } from '@tessera/db';
import { BackupError } from './archive';

/** Takes the embedded database folder, or says plainly that the server must be stopped first. */
export async function takeEmbeddedDatabase(pgliteDir: string, doing: string): Promise<() => void> {
  try {
    return await lockDataDir(pgliteDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(
      `A Tessera server (pid ${err.pid}) is using the embedded database in ${pgliteDir}: stop it before ${doing} ` +
        '(the embedded database is copied while no process writes to it; start the server again afterwards).',
    );
  }
}

/** Tables of the PostgreSQL database at `url` (0: a restore overwrites nothing). */
export async function countTables(url: string): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const result = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}
