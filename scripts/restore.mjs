#!/usr/bin/env node
// `npm run restore -- <file> [--force]`: an archive of `npm run backup` into DATA_DIR (and DATABASE_URL's
// database for a PostgreSQL backup); refuses a non-empty target without --force. docs/deploy.md#backups.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { ensureServerBuilt, SERVER_BUNDLE } from './build.mjs';

await ensureServerBuilt();
const { status } = spawnSync(
  process.execPath,
  [join(dirname(SERVER_BUNDLE), 'backup.mjs'), 'restore', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(status ?? 1);
