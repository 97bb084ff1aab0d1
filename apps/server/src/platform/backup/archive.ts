import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** A plain failure the operator can act on: the CLI prints its message alone, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What the backup and restore commands read from the environment (the server's own variables). */
export interface BackupEnv {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** PostgreSQL when set, else the embedded database in DATA_DIR/pglite. */
  databaseUrl?: string;
  /** Uploads are in this bucket, not in DATA_DIR/files: the archive cannot hold them. */
  s3Bucket?: string;
  /** AUTH_SECRET / SECRETS_KEY set in the environment, so not in DATA_DIR/auth-secret. */
  secretsFromEnv: string[];
}

/**
 * Reads the variables without the server's loadConfig: that creates DATA_DIR/auth-secret when it is
 * missing, which would make an empty folder non-empty before a restore (and invent a secret).
 */
export function readBackupEnv(env: Record<string, string | undefined>): BackupEnv {
  const set = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  return {
    dataDir: resolve(set('DATA_DIR') ?? './data'),
    databaseUrl: set('DATABASE_URL'),
    s3Bucket: set('S3_BUCKET'),
    secretsFromEnv: ['AUTH_SECRET', 'SECRETS_KEY'].filter((name) => set(name)),
  };
}

/** The archive's first entry: what it holds, so a restore knows what to do (and refuses what it cannot). */
export interface BackupManifest {
  format: 'tessera-backup';
  version: 1;
  createdAt: string;
  /** `pglite`: the folder `pglite/`; `postgres`: `database.dump` (pg_dump custom format). */
  database: 'pglite' | 'postgres';
  /** Top-level entries copied from DATA_DIR (`files`, `auth-secret`, `plans.json`, `pglite`). */
  dataEntries: string[];
  /** Uploads kept in an S3 bucket: not in the archive. */
  s3Bucket?: string;
  /** Secrets the environment set (not in the archive): the restored server needs the same values. */
  secretsFromEnv: string[];
}

export const MANIFEST = 'tessera-backup.json';
export const PG_DUMP_FILE = 'database.dump';

/** Runs a command to its end; its stderr becomes the error's message. */
export function run(command: string, args: string[], env: Record<string, string | undefined> = process.env) {
  return new Promise<void>((done, fail) => {
    let stderr = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          err.code === 'ENOENT'
            ? `${command} was not found on the PATH: install ${command === 'tar' ? 'tar' : "the PostgreSQL client tools (postgresql-client), of the server's major version or newer"}`
            : err.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new BackupError(`${command} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}

/**
 * The connection string without its password, which goes to pg_dump / pg_restore through PGPASSWORD
 * instead: a password on the command line is visible to every user of the machine in `ps`.
 */
export function pgArgs(url: string): { dbname: string; env: Record<string, string | undefined> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}
