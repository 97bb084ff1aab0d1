#!/usr/bin/env node
// The migrations gate of scripts/check.mjs: `drizzle-kit check` (the migration snapshots agree with
// each other), then `drizzle-kit generate` into a scratch copy of packages/db/migrations, which must
// find nothing to write: a schema change without its migration fails here. Offline, no database.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const drizzleKit = join(root, 'node_modules/.bin/drizzle-kit');
const run = (args) => spawnSync(drizzleKit, args, { cwd: root, encoding: 'utf8' });

const check = run(['check', '--config', 'packages/db/drizzle.config.ts']);
if (check.status !== 0) {
  process.stdout.write(check.stdout + check.stderr);
  process.exit(1);
}

// Inside the tree (under .cache/, ignored): drizzle-kit takes `out` relative to where it runs.
mkdirSync(join(root, '.cache'), { recursive: true });
const scratch = mkdtempSync(join(root, '.cache', 'migrations-check-'));
try {
  const out = join(scratch, 'migrations');
  cpSync(join(root, 'packages/db/migrations'), out, { recursive: true });
  const before = readdirSync(out).length;
  const config = join(scratch, 'drizzle.config.mjs');
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      schema: [join(root, 'packages/db/src/schema.ts'), join(root, 'packages/db/src/schema-*.ts')],
      out: relative(root, out),
    })};\n`,
  );
  const generate = run(['generate', '--config', config]);
  // drizzle-kit exits 0 on its own errors too: only its "nothing to migrate" is a pass.
  const unchanged = /No schema changes/.test(generate.stdout) && readdirSync(out).length === before;
  if (generate.status !== 0 || !unchanged) {
    process.stdout.write(generate.stdout + generate.stderr);
    console.error(
      'packages/db: the schema has changes no migration holds: run `npm run db:generate -- --name <what>`.',
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
