#!/usr/bin/env node
// Builds what `npm start` runs: the web app (Vite, into apps/web/dist) and the server (esbuild: our
// workspace TypeScript bundled into apps/server/dist/main.mjs, npm packages left external).
// `npm run build` rebuilds both; `ensureBuilt()` (npm start) rebuilds only what is older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'apps/server/dist/main.mjs');
/** Worker threads the server starts, each bundled beside main.mjs (the server finds them next to itself). */
const SERVER_WORKERS = {
  'csv-import.worker': 'apps/server/src/modules/entities/csv-import.worker.ts',
  'parse.worker': 'apps/server/src/modules/context/parse.worker.ts',
};
/** Command-line tools bundled beside main.mjs (`npm run backup` / `npm run restore` run backup.mjs). */
const SERVER_TOOLS = { backup: 'apps/server/src/platform/backup/cli.ts' };
const WEB_INDEX = join(root, 'apps/web/dist/index.html');
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/ui/src',
  'packages/contracts/src',
  'packages/agent/src',
];
// packages/runtime is built for the browser by the server itself, on first use.
const SERVER_INPUTS = [
  'apps/server/src',
  'packages/contracts/src',
  'packages/db/src',
  'packages/db/migrations',
  'packages/agent/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const isStale = (output, inputs) =>
  !existsSync(output) || Math.max(...inputs.map((p) => newestMtime(join(root, p)))) > statSync(output).mtimeMs;

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '--silent', '--workspace', '@tessera/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app failed to build');
}

export async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: {
      main: join(root, 'apps/server/src/main.ts'),
      ...Object.fromEntries(
        Object.entries({ ...SERVER_WORKERS, ...SERVER_TOOLS }).map(([name, path]) => [name, join(root, path)]),
      ),
    },
    outdir: dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          // Our workspace packages are TypeScript source: bundle them. Everything from npm stays external.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@tessera/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/** Rebuilds the server bundle (and its workers and tools) when its sources are newer than its last build. */
export async function ensureServerBuilt() {
  const serverOutputs = [
    SERVER_BUNDLE,
    ...Object.keys({ ...SERVER_WORKERS, ...SERVER_TOOLS }).map((name) => join(dirname(SERVER_BUNDLE), `${name}.mjs`)),
  ];
  if (serverOutputs.some((output) => isStale(output, SERVER_INPUTS))) await buildServer();
}

/** Rebuilds the web app and the server when their sources are newer than their last build. */
export async function ensureBuilt() {
  if (isStale(WEB_INDEX, WEB_INPUTS)) {
    process.stderr.write(
      existsSync(WEB_INDEX)
        ? 'Web app sources changed: rebuilding...\n'
        : 'Building the web app (first start only)...\n',
    );
    buildWeb();
  }
  await ensureServerBuilt();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb();
  await buildServer();
}
