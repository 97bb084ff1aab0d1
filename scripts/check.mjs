#!/usr/bin/env node
// `npm run check`: the gates a change must pass — formatting (Prettier), lint (ESLint, with the import
// boundaries, then scripts/import-cycles.mjs: no import circle between files), types (`tsc -b`, incremental),
// the committed OpenAPI document is current (scripts/openapi.mjs --check) and the migrations hold the schema
// (scripts/migrations-check.mjs), every link and #heading in the docs resolves (scripts/doc-links.mjs) —
// then every test suite (scripts/test.mjs). Each gate counts as one check in the final `N passed, N failed` line; the tests run even when a gate fails,
// so one run shows everything that is wrong. `npm run check -- --static` stops after the gates.
// Types run beside formatting then lint (two cores); each gate's output is printed when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const gates = [
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['types', bin('tsc'), ['-b']],
  ['import circles', process.execPath, ['scripts/import-cycles.mjs']],
  ['openapi document', process.execPath, ['scripts/openapi.mjs', '--check']],
  ['migrations', process.execPath, ['scripts/migrations-check.mjs']],
  ['doc links', process.execPath, ['scripts/doc-links.mjs']],
];

/** Runs one gate with its output held back, then prints it with the verdict and duration. */
function gate([name, cmd, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`check ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve(status === 0);
    });
  });
}

/** The gates of one list one after another; their verdicts in order. */
async function inTurn(list) {
  const verdicts = [];
  for (const entry of list) verdicts.push(await gate(entry));
  return verdicts;
}
const [format, lint, types, circles, openapi, migrations, docLinks] = gates;
const results = (
  await Promise.all([inTurn([format, lint, circles, docLinks]), inTurn([types, openapi, migrations])])
).flat();
let passed = results.filter(Boolean).length;
let failed = results.length - passed;

if (process.argv.includes('--static')) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
const env = { ...process.env, TESSERA_GATES: `${passed},${failed}` };
const status = spawnSync(process.execPath, ['scripts/test.mjs'], { cwd: root, stdio: 'inherit', env }).status;
process.exit(status ?? 1);
