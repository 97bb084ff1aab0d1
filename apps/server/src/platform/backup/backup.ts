import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BackupError, MANIFEST, PG_DUMP_FILE, pgArgs, run, type BackupEnv, type BackupManifest } from './archive';
import { takeEmbeddedDatabase } from './backup.repo';

/** What DATA_DIR holds besides the database that a restored server needs. */
export const DATA_ENTRIES = ['files', 'auth-secret', 'plans.json'] as const;

/**
 * Writes one archive (tar.gz, mode 600: it holds the secrets) with the database, the secret that
 * makes it readable (DATA_DIR/auth-secret) and the uploaded files. The embedded database is copied
 * while this command holds its folder's lock, so a running server makes it refuse; PostgreSQL is
 * dumped with pg_dump while the servers run.
 */
export async function createBackup(env: BackupEnv, target: string): Promise<BackupManifest & { bytes: number }> {
  const file = resolve(target);
  if (existsSync(file))
    throw new BackupError(`${file} already exists: choose another file name (a backup never overwrites a file).`);
  if (!existsSync(dirname(file))) throw new BackupError(`The folder ${dirname(file)} does not exist.`);
  const kind = env.databaseUrl ? 'postgres' : 'pglite';
  const pgliteDir = join(env.dataDir, 'pglite');
  if (kind === 'pglite' && !existsSync(pgliteDir))
    throw new BackupError(
      `There is no embedded database in ${pgliteDir}: check DATA_DIR (or set DATABASE_URL to back up PostgreSQL).`,
    );
  const release = kind === 'pglite' ? await takeEmbeddedDatabase(pgliteDir, 'backing it up') : () => {};
  const staging = await mkdtemp(join(tmpdir(), 'tessera-backup-'));
  const partial = `${file}.part`;
  try {
    if (env.databaseUrl) {
      const { dbname, env: pgEnv } = pgArgs(env.databaseUrl);
      await run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${join(staging, PG_DUMP_FILE)}`,
          `--dbname=${dbname}`,
        ],
        pgEnv,
      );
    }
    const dataEntries = [...(kind === 'pglite' ? ['pglite'] : []), ...DATA_ENTRIES].filter((entry) =>
      existsSync(join(env.dataDir, entry)),
    );
    const manifest: BackupManifest = {
      format: 'tessera-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: kind,
      dataEntries,
      ...(env.s3Bucket ? { s3Bucket: env.s3Bucket } : {}),
      secretsFromEnv: env.secretsFromEnv,
    };
    await writeFile(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    await run('tar', [
      '-czf',
      partial,
      // An upload being written (storage.ts writes `<key>.<pid>.<time>.part`, then renames it) is not a file yet.
      '--exclude=*.part',
      '-C',
      staging,
      MANIFEST,
      ...(kind === 'postgres' ? [PG_DUMP_FILE] : []),
      ...(dataEntries.length ? ['-C', env.dataDir, ...dataEntries] : []),
    ]);
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { ...manifest, bytes: (await stat(file)).size };
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
