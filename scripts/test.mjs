#!/usr/bin/env node
// `npm test`: unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) with Vitest,
// then the Playwright journeys against the built product. Ends with one plain `N passed, N failed`
// line that CI reads, and a non-zero exit when anything failed or a runner crashed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.test-output');
rmSync(join(out, 'vitest.json'), { force: true });
rmSync(join(out, 'e2e.json'), { force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (!process.env.TEST_DATABASE_URL) {
  process.stderr.write('TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.\n');
}
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(out, 'vitest.json')}`,
]);
const e2eStatus = run('npm', ['run', 'test:e2e', '--silent']);

let passed = 0;
let failed = 0;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const vitest = readJson(join(out, 'vitest.json'));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  // A file that failed to load has no tests to count: count it as one failure.
  failed += vitest.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} else failed += 1;

const e2e = readJson(join(out, 'e2e.json'));
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
} else failed += 1;

if (failed === 0 && (vitestStatus !== 0 || e2eStatus !== 0)) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
