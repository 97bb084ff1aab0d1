#!/usr/bin/env node
// `npm run backup -- <file>`: one archive of the database, DATA_DIR/auth-secret and the uploaded files
// (apps/server/src/platform/backup; docs/deploy.md#backups). Reads the server's environment variables.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { ensureServerBuilt, SERVER_BUNDLE } from './build.mjs';

await ensureServerBuilt();
const { status } = spawnSync(
  process.execPath,
  [join(dirname(SERVER_BUNDLE), 'backup.mjs'), 'backup', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(status ?? 1);
