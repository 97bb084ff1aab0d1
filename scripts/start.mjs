#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server in this process (TypeScript through tsx; no separate server build step).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const webInputs = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/ui/src', 'packages/contracts/src'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webInputs.map((p) => newestMtime(join(root, p))));
if (sourcesAt > builtAt) {
  process.stderr.write(builtAt ? 'Web app sources changed: rebuilding...\n' : 'Building the web app (first start only)...\n');
  const build = spawnSync('npm', ['run', 'build', '--silent', '--workspace', '@tessera/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
