#!/usr/bin/env node
// `npm run check`: the gates a change must pass — formatting (Prettier), lint (ESLint, with the import
// boundaries), types (`tsc -b`, incremental) — then every test suite (scripts/test.mjs). Each gate
// counts as one check in the final `N passed, N failed` line; the tests run even when a gate fails,
// so one run shows everything that is wrong. `npm run check -- --static` stops after the gates.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const gates = [
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['types', bin('tsc'), ['-b']],
];

let passed = 0;
let failed = 0;
for (const [name, cmd, args] of gates) {
  const started = performance.now();
  const status = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (status === 0) passed += 1;
  else failed += 1;
  console.log(`check ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
}

if (process.argv.includes('--static')) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
const env = { ...process.env, TESSERA_GATES: `${passed},${failed}` };
const status = spawnSync(process.execPath, ['scripts/test.mjs'], { cwd: root, stdio: 'inherit', env }).status;
process.exit(status ?? 1);
