import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BackupError, MANIFEST, PG_DUMP_FILE, pgArgs, run, type BackupEnv, type BackupManifest } from './archive';
import { DATA_ENTRIES } from './backup';
import { countTables, takeEmbeddedDatabase } from './backup.repo';

async function readManifest(folder: string): Promise<BackupManifest> {
  try {
    const manifest = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format === 'tessera-backup' && manifest.version === 1) return manifest;
  } catch {
    // not one of ours: said below
  }
  throw new BackupError('This file is not a Tessera backup (made by `npm run backup`).');
}

/**
 * Restores an archive of `createBackup` into DATA_DIR (and DATABASE_URL's database for a PostgreSQL
 * backup). Refuses a DATA_DIR or a database that already holds something unless `force`, which
 * replaces the database, the files and the secrets with the backup's.
 */
export async function restoreBackup(env: BackupEnv, source: string, { force = false } = {}): Promise<BackupManifest> {
  const file = resolve(source);
  if (!existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  const existing = existsSync(env.dataDir) ? await readdir(env.dataDir) : [];
  if (existing.length && !force)
    throw new BackupError(
      `DATA_DIR (${env.dataDir}) is not empty: restore into an empty folder, or add --force to replace its database, uploaded files and secrets with the backup's.`,
    );
  await mkdir(env.dataDir, { recursive: true });
  const staging = await mkdtemp(join(env.dataDir, '.restoring-'));
  let release = () => {};
  try {
    await run('tar', ['-xzf', file, '-C', staging]).catch(() => {
      throw new BackupError('This file is not a Tessera backup (made by `npm run backup`), or it is damaged.');
    });
    const manifest = await readManifest(staging);
    if (manifest.database === 'postgres' && !env.databaseUrl)
      throw new BackupError(
        'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
      );
    if (manifest.database === 'pglite' && env.databaseUrl)
      throw new BackupError(
        'This backup holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR/pglite.',
      );
    if (env.databaseUrl) {
      if (!force && (await countTables(env.databaseUrl)) > 0)
        throw new BackupError(
          "The database at DATABASE_URL already has tables: restore into an empty database, or add --force to replace them with the backup's.",
        );
      const { dbname, env: pgEnv } = pgArgs(env.databaseUrl);
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          ...(force ? ['--clean', '--if-exists'] : []),
          `--dbname=${dbname}`,
          join(staging, PG_DUMP_FILE),
        ],
        pgEnv,
      );
    } else {
      release = await takeEmbeddedDatabase(join(env.dataDir, 'pglite'), 'restoring over it');
    }
    for (const entry of ['pglite', ...DATA_ENTRIES]) {
      if (entry === 'pglite' && manifest.database !== 'pglite') continue;
      await rm(join(env.dataDir, entry), { recursive: true, force: true });
      if (manifest.dataEntries.includes(entry)) await rename(join(staging, entry), join(env.dataDir, entry));
    }
    return manifest;
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
  }
}
