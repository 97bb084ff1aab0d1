import { readBackupEnv, BackupError } from './archive';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const USAGE = {
  backup: 'Usage: npm run backup -- <file>  (for example backups/tessera-2026-01-31.tar.gz)',
  restore: 'Usage: npm run restore -- <file> [--force]  (--force replaces what DATA_DIR or the database already holds)',
};

const say = (line: string) => process.stdout.write(`${line}\n`);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Notes on what a restored server needs that the archive does not hold. */
function outsideTheArchive(manifest: { s3Bucket?: string; secretsFromEnv: string[] }): string[] {
  const notes: string[] = [];
  if (manifest.secretsFromEnv.length)
    notes.push(
      `${manifest.secretsFromEnv.join(' and ')} came from the environment and are not in the archive: the restored server needs the same values, or every session ends and stored payment secrets cannot be read.`,
    );
  if (manifest.s3Bucket)
    notes.push(
      `Uploaded files are in the S3 bucket ${manifest.s3Bucket}, not in the archive: back the bucket up on its own.`,
    );
  return notes;
}

/** `backup <file>` or `restore <file> [--force]`, configured by the server's environment variables. */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new BackupError(`${USAGE.backup}\n${USAGE.restore}`);
  const flags = rest.filter((a) => a.startsWith('--'));
  const files = rest.filter((a) => !a.startsWith('--'));
  const unknown = flags.find((f) => command === 'backup' || f !== '--force');
  if (files.length !== 1 || unknown)
    throw new BackupError(`${unknown ? `Unknown option ${unknown}. ` : ''}${USAGE[command]}`);
  const env = readBackupEnv(process.env);
  if (command === 'backup') {
    const manifest = await createBackup(env, files[0]!);
    const what = manifest.database === 'pglite' ? 'the embedded database' : 'the PostgreSQL database';
    say(
      `Backed up ${what} and ${manifest.dataEntries.filter((e) => e !== 'pglite').join(', ') || 'nothing else'} from ${env.dataDir} to ${files[0]} (${megabytes(manifest.bytes)}).`,
    );
    outsideTheArchive(manifest).forEach(say);
    return;
  }
  const manifest = await restoreBackup(env, files[0]!, { force: flags.includes('--force') });
  say(
    `Restored the backup of ${manifest.createdAt} into ${env.dataDir}${env.databaseUrl ? ' and the database at DATABASE_URL' : ''}. Start one server and check /readyz before starting others.`,
  );
  outsideTheArchive(manifest).forEach(say);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(err instanceof BackupError ? 2 : 1);
});
