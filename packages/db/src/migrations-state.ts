import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from './client';

/** The migrations this code ships (drizzle's journal). */
const shippedMigrations = () =>
  (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length;

/**
 * How many of the shipped migrations the database has not applied yet (drizzle records each in
 * `drizzle.__drizzle_migrations`): a process is ready only at 0, so a database restored from an
 * older backup, or one another process is still migrating, is not served by newer code.
 */
export async function countPendingMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`);
  const applied = Number((result as unknown as { rows: Array<{ applied: number }> }).rows[0]?.applied ?? 0);
  return Math.max(0, shippedMigrations() - applied);
}
