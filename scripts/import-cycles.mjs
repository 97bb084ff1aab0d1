#!/usr/bin/env node
// The lint gate's import-circle check: no two source files may import each other, however long the
// loop (type-only imports count too: a circle of types is a circle of meaning). It reads every
// import, export-from and import() of the tree's TypeScript and JavaScript with the TypeScript
// scanner, follows relative paths and our @tessera/* packages' exports, and prints each circle found.
// `node scripts/import-cycles.mjs` exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['apps', 'packages', 'tests', 'scripts', 'bench'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.tsbuild']);
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

/** Every source file under the given folder, generated bundles and dependencies left out. */
function sourcesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourcesUnder(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Our workspace packages by name: `@tessera/x` and `@tessera/x/sub` resolve through their exports. */
const packages = new Map(
  readdirSync(join(root, 'packages')).flatMap((name) => {
    const file = join(root, 'packages', name, 'package.json');
    if (!existsSync(file)) return [];
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    return [[pkg.name, { dir: dirname(file), exports: pkg.exports ?? { '.': pkg.main ?? './src/index.ts' } }]];
  }),
);

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The file an import names, or null for a dependency or a file outside the tree. */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const match = /^(@tessera\/[^/]+)(\/.*)?$/.exec(specifier);
    const pkg = match && packages.get(match[1]);
    const target = pkg && pkg.exports[`.${match[2] ?? ''}`];
    if (typeof target !== 'string') return null;
    base = resolve(pkg.dir, target);
  }
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => stem + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find(isFile) ?? null;
}

const files = ROOTS.flatMap((dir) => sourcesUnder(join(root, dir)));
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => resolveImport(file, fileName)).filter(Boolean);
    return [file, [...new Set(targets)]];
  }),
);

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(file) {
  const own = { index, low: index, onStack: true };
  index += 1;
  state.set(file, own);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    const seen = state.get(next);
    if (!seen) {
      visit(next);
      own.low = Math.min(own.low, state.get(next).low);
    } else if (seen.onStack) own.low = Math.min(own.low, seen.index);
  }
  if (own.low !== own.index) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    state.get(member).onStack = false;
    component.push(member);
  } while (member !== file);
  if (component.length > 1) circles.push(component);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

for (const circle of circles) {
  const members = new Set(circle);
  console.log(`import circle of ${circle.length} files:`);
  for (const file of circle.sort()) {
    const into = graph.get(file).filter((target) => members.has(target));
    console.log(`  ${relative(root, file)} -> ${into.map((target) => relative(root, target)).join(', ')}`);
  }
}
console.log(`import circles: ${circles.length} (${files.length} files read)`);
process.exit(circles.length === 0 ? 0 : 1);
