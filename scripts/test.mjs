#!/usr/bin/env node
// `npm test`: unit + integration tests with Vitest on the machine's Node, then again on Node 24 when it
// is installed (`npm run setup:node24`), then the Playwright journeys against the built product. The
// integration suite runs once per database and each Node runs it once: PGlite on the machine's Node,
// PostgreSQL (when TEST_DATABASE_URL is set) on Node 24 — or both on the machine's Node without Node 24.
// Ends with one plain `N passed, N failed` line that CI reads, and a non-zero exit when anything failed
// or a runner crashed; each phase prints its duration. `scripts/check.mjs` runs the static gates first
// and passes their counts in TESSERA_GATES. Last, the bench's quick mode runs as a smoke (one check:
// it must complete and print every figure; no timing is judged), its JSON in .test-output/bench.json.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.test-output');
const node24 = join(root, '.cache/node24/node_modules/.bin/node');
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');
for (const file of ['vitest.json', 'vitest-node24.json', 'e2e.json', 'bench.json'])
  rmSync(join(out, file), { force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const vitest = (nodeBin, file, extra) =>
  run(nodeBin, [
    vitestBin,
    'run',
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(out, file)}`,
  ]);

if (!process.env.TEST_DATABASE_URL) {
  process.stderr.write('TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.\n');
}
const statuses = [];
const reports = [];
/** Runs one phase, printing how long it took (CI keeps the whole run well under an hour). */
function phase(name, start) {
  const started = performance.now();
  const status = start();
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`test phase ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${minutes} min)`);
  statuses.push(status);
}
const hasNode24 = existsSync(node24);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const projects = (...names) => names.flatMap((name) => ['--project', name]);

phase('vitest', () =>
  vitest(
    process.execPath,
    'vitest.json',
    projects('unit', 'int-pglite', ...(hasPostgres && !hasNode24 ? ['int-postgres'] : [])),
  ),
);
reports.push('vitest.json');
if (hasNode24) {
  // Without PostgreSQL the Node 24 run repeats PGlite; the fuzz suite's inputs are the same on every
  // Node, so that repeat leaves it out.
  const args = hasPostgres
    ? projects('unit', 'int-postgres')
    : [...projects('unit', 'int-pglite'), '--exclude', 'apps/server/src/security/fuzz.int.test.ts'];
  phase('vitest on Node 24', () => vitest(node24, 'vitest-node24.json', args));
  reports.push('vitest-node24.json');
} else {
  process.stderr.write('Node 24 is not installed (npm run setup:node24): the Node 24 run is skipped.\n');
}
phase('e2e', () => run('npm', ['run', 'test:e2e', '--silent']));

/** `npm run bench -- --quick`, JSON to .test-output/bench.json; PostgreSQL on TEST_DATABASE_URL's server. */
function benchSmoke() {
  const env = { ...process.env };
  if (hasPostgres && !env.BENCH_PG_URL) {
    const admin = new URL(process.env.TEST_DATABASE_URL);
    admin.pathname = '/postgres';
    env.BENCH_PG_URL = admin.toString();
  }
  const json = openSync(join(out, 'bench.json'), 'w');
  try {
    const args = ['bench/run.mjs', '--quick', '--no-wait', ...(hasPostgres ? [] : ['--skip-postgres'])];
    return spawnSync(process.execPath, args, { cwd: root, env, stdio: ['ignore', json, 'inherit'] }).status ?? 1;
  } finally {
    closeSync(json);
  }
}
const benchStarted = performance.now();
const benchStatus = benchSmoke();
console.log(
  `test phase bench smoke: ${benchStatus === 0 ? 'ok' : 'FAILED'} (${((performance.now() - benchStarted) / 60_000).toFixed(1)} min)`,
);

let [passed, failed] = (process.env.TESSERA_GATES ?? '0,0').split(',').map(Number);
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

for (const file of reports) {
  const report = readJson(join(out, file));
  if (!report) {
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load has no tests to count: count it as one failure.
  failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
}

const e2e = readJson(join(out, 'e2e.json'));
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
} else failed += 1;

if (failed === 0 && statuses.some((s) => s !== 0)) failed = 1;
// The bench smoke is one check of its own: a broken bench or a missing figure fails the build.
if (benchStatus === 0) passed += 1;
else failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
