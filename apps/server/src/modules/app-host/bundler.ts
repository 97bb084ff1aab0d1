import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { build, type Loader, type Message, type Plugin } from 'esbuild';
import { compile as compileTailwind } from 'tailwindcss';
import { Scanner } from '@tailwindcss/oxide';
import type { BuildIssue } from '@tessera/contracts/runtime';
import type { AppSnapshot } from '@tessera/agent';

/** Bumped when the output shape changes, so old cache entries are never served. */
const BUNDLER_VERSION = '1';
const require = createRequire(import.meta.url);

/** Modules the runtime provides once for every app; the shell's import map points them at `/_runtime/`. */
export const RUNTIME_EXTERNALS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-router-dom',
  '@tessera/sdk',
] as const;
const EXTERNALS = new Set<string>(RUNTIME_EXTERNALS);
const EXTENSIONS = ['.jsx', '.js', '.tsx', '.ts', '.json', '.css'];
const DEFAULT_GLOBALS_CSS = '@import "tailwindcss";\n';

/** The built output of one version, addressed by `key` (a content hash). */
export interface BundleOutput {
  key: string;
  appId: string;
  name: string;
  mainPage: string | null;
  pages: string[];
  components: string[];
  /** Null when the build failed. */
  js: string | null;
  css: string | null;
  issues: BuildIssue[];
  buildMs: number;
}

const loaderOf = (path: string): Loader => {
  if (path.endsWith('.tsx')) return 'tsx';
  if (path.endsWith('.ts')) return 'ts';
  if (path.endsWith('.json')) return 'json';
  if (path.endsWith('.css')) return 'empty';
  return 'jsx';
};

/** `pages/TaskDetail.jsx` -> `TaskDetail`. */
const baseName = (path: string) => posix.basename(path).replace(/\.[^.]+$/, '');
const withoutExtension = (path: string) => path.replace(/\.[^./]+$/, '');

/** The app's name and main page from `app.json`; a broken manifest is a build issue, not a crash. */
function manifestOf(files: Record<string, string>, issues: BuildIssue[]): { name: string; mainPage: string | null } {
  const raw = files['app.json'];
  if (raw === undefined) return { name: 'App', mainPage: null };
  try {
    const parsed = JSON.parse(raw) as { name?: unknown; mainPage?: unknown };
    return {
      name: typeof parsed.name === 'string' && parsed.name ? parsed.name : 'App',
      mainPage: typeof parsed.mainPage === 'string' && parsed.mainPage ? parsed.mainPage : null,
    };
  } catch (err) {
    issues.push({
      file: 'app.json',
      line: null,
      column: null,
      message: `app.json is not valid JSON: ${(err as Error).message}`,
    });
    return { name: 'App', mainPage: null };
  }
}

/** A snapshot file for an import of `spec` from `importer`, trying extensions and `index` files. */
export function resolveSnapshotPath(files: Record<string, string>, spec: string, importer: string): string | null {
  const base = spec.startsWith('@/') ? spec.slice(2) : posix.join(posix.dirname(importer), spec);
  const normalized = posix.normalize(base).replace(/^\.\//, '').replace(/\/$/, '');
  if (normalized.startsWith('..') || normalized.startsWith('/')) return null;
  const candidates = [
    normalized,
    ...EXTENSIONS.map((e) => normalized + e),
    ...EXTENSIONS.map((e) => `${normalized}/index${e}`),
  ];
  return candidates.find((c) => Object.hasOwn(files, c)) ?? null;
}

/** lucide-react's export names -> the icon module file, read once from its ESM index. */
let lucideIndex: { dir: string; files: Map<string, string> } | null = null;
function lucideExports() {
  if (lucideIndex) return lucideIndex;
  const entry = require
    .resolve('lucide-react')
    .replace(/dist[/\\]cjs[/\\]lucide-react\.js$/, 'dist/esm/lucide-react.mjs');
  const dir = dirname(entry);
  const files = new Map<string, string>();
  for (const match of readFileSync(entry, 'utf8').matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    for (const part of match[1]!.split(',')) {
      const m = /(\w+)(?:\s+as\s+(\w+))?/.exec(part.trim());
      if (m) files.set(m[2] ?? m[1]!, JSON.stringify([m[1], join(dir, match[2]!)]));
    }
  }
  lucideIndex = { dir, files };
  return lucideIndex;
}

/** A module re-exporting only the icons the app imports: esbuild never parses lucide's 4,800-file index. */
function lucideModule(names: Set<string>): { contents: string; errors: string[] } {
  const { files } = lucideExports();
  const lines: string[] = [];
  const errors: string[] = [];
  for (const name of names) {
    const target = files.get(name);
    if (!target) {
      errors.push(`lucide-react has no export named "${name}"`);
      continue;
    }
    const [exported, file] = JSON.parse(target) as [string, string];
    lines.push(`export { ${exported} as ${name} } from ${JSON.stringify(file)};`);
  }
  return { contents: lines.join('\n'), errors };
}

/** The names a snapshot imports from lucide-react (named imports; a namespace import takes them all). */
function lucideNamesOf(files: Record<string, string>): Set<string> | 'all' {
  const names = new Set<string>();
  for (const text of Object.values(files)) {
    if (!text.includes('lucide-react')) continue;
    for (const m of text.matchAll(/import\s+([^'";]*?)\s+from\s+['"]lucide-react['"]/g)) {
      const clause = m[1]!;
      if (/\*\s+as/.test(clause) || /^\w+\s*(,|$)/.test(clause.trim())) return 'all';
      const braces = /\{([^}]*)\}/.exec(clause);
      for (const part of braces?.[1]?.split(',') ?? []) {
        const name = /^(\w+)/.exec(part.trim())?.[1];
        if (name) names.add(name);
      }
    }
    for (const m of text.matchAll(/export\s+\{([^}]*)\}\s+from\s+['"]lucide-react['"]/g)) {
      for (const part of m[1]!.split(',')) {
        const name = /^(\w+)/.exec(part.trim())?.[1];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

function entryModule(pages: string[], components: string[], layout: string | null): string {
  const lines: string[] = [];
  pages.forEach((p, i) => lines.push(`import * as p${i} from ${JSON.stringify(`@/${p}`)};`));
  components.forEach((p, i) => lines.push(`import * as c${i} from ${JSON.stringify(`@/${p}`)};`));
  if (layout) lines.push(`import * as layoutModule from ${JSON.stringify(`@/${layout}`)};`);
  lines.push(`export const pages = {${pages.map((p, i) => `${JSON.stringify(baseName(p))}: p${i}`).join(', ')}};`);
  lines.push(
    `export const components = {${components.map((p, i) => `${JSON.stringify(withoutExtension(p))}: c${i}`).join(', ')}};`,
  );
  lines.push(layout ? 'export const Layout = layoutModule.default ?? null;' : 'export const Layout = null;');
  return lines.join('\n');
}

function snapshotPlugin(snapshot: AppSnapshot, lucide: Set<string> | 'all'): Plugin {
  const { files } = snapshot;
  const entities = new Set(['User', ...Object.keys(snapshot.entities)]);
  return {
    name: 'tessera-snapshot',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const spec = args.path;
        if (args.kind === 'entry-point') return { path: 'entry', namespace: 'tessera-entry' };
        if (EXTERNALS.has(spec)) return { path: spec, external: true };
        if (args.namespace === 'file') return undefined; // inside lucide-react's own files
        if (args.namespace === 'tessera-lucide') return { path: spec };
        if (spec === 'lucide-react')
          return lucide === 'all'
            ? {
                path: require
                  .resolve('lucide-react')
                  .replace(/dist[/\\]cjs[/\\]lucide-react\.js$/, 'dist/esm/lucide-react.mjs'),
              }
            : { path: 'lucide-react', namespace: 'tessera-lucide' };
        const entity = /^@\/entities\/([A-Za-z][A-Za-z0-9_]*)(?:\.js|\.json)?$/.exec(spec);
        if (entity) {
          if (!entities.has(entity[1]!))
            return {
              errors: [{ text: `Unknown entity "${entity[1]}": this app's entities are ${[...entities].join(', ')}` }],
            };
          return { path: entity[1]!, namespace: 'tessera-entity' };
        }
        if (spec === '@/integrations/Core' || spec === '@/integrations/Core.js')
          return { path: 'Core', namespace: 'tessera-sdk' };
        if (spec === '@/utils' || spec === '@/utils/index' || spec === '@/utils.js') {
          if (!resolveSnapshotPath(files, spec, 'x')) return { path: 'utils', namespace: 'tessera-sdk' };
        }
        if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('@/')) {
          const resolved = resolveSnapshotPath(files, spec, args.namespace === 'tessera-snapshot' ? args.importer : '');
          if (!resolved) return { errors: [{ text: `Cannot find "${spec}" among the app's files` }] };
          return { path: resolved, namespace: 'tessera-snapshot' };
        }
        return {
          errors: [
            {
              text: `Cannot import "${spec}": apps can import their own files, @/entities/*, @/integrations/Core, @/utils, react, react-dom, react-router-dom and lucide-react`,
            },
          ],
        };
      });
      b.onLoad({ filter: /.*/, namespace: 'tessera-snapshot' }, (args) => ({
        contents: files[args.path] ?? '',
        loader: loaderOf(args.path),
      }));
      b.onLoad({ filter: /.*/, namespace: 'tessera-entity' }, (args) => ({
        contents: `import { entity } from '@tessera/sdk';\nexport const ${args.path} = entity(${JSON.stringify(args.path)});\nexport default ${args.path};`,
        loader: 'js',
      }));
      b.onLoad({ filter: /^Core$/, namespace: 'tessera-sdk' }, () => ({
        contents:
          "import { UploadFile, InvokeLLM, SendEmail, ExtractDataFromUploadedFile, GenerateImage, RunTool } from '@tessera/sdk';\nexport { UploadFile, InvokeLLM, SendEmail, ExtractDataFromUploadedFile, GenerateImage, RunTool };\nexport default { UploadFile, InvokeLLM, SendEmail, ExtractDataFromUploadedFile, GenerateImage, RunTool };",
        loader: 'js',
      }));
      b.onLoad({ filter: /^utils$/, namespace: 'tessera-sdk' }, () => ({
        contents: "export { createPageUrl, useAppLook } from '@tessera/sdk';",
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'tessera-lucide' }, () => {
        const { contents, errors } = lucideModule(lucide === 'all' ? new Set() : lucide);
        return { contents, loader: 'js', errors: errors.map((text) => ({ text })) };
      });
      b.onLoad({ filter: /^entry$/, namespace: 'tessera-entry' }, () => {
        const paths = Object.keys(files).sort();
        const isCode = (p: string) => /\.(jsx|js|tsx|ts)$/.test(p);
        const pages = paths.filter((p) => p.startsWith('pages/') && isCode(p) && !p.slice(6).includes('/'));
        const components = paths.filter((p) => p.startsWith('components/') && isCode(p));
        const layout = paths.find((p) => /^layout\.(jsx|js|tsx|ts)$/.test(p)) ?? null;
        return { contents: entryModule(pages, components, layout), loader: 'js' };
      });
    },
  };
}

function issueOf(message: Message): BuildIssue {
  const loc = message.location;
  const file = loc?.file ? loc.file.replace(/^tessera-[a-z]+:/, '') : null;
  return {
    file: file === 'entry' ? null : file,
    line: loc?.line ?? null,
    column: loc ? loc.column + 1 : null,
    message: message.text,
  };
}

/** Stylesheets `@import` may name: Tailwind's own, read once; anything else (files on this server!) is refused. */
const tailwindDir = dirname(require.resolve('tailwindcss/package.json'));
const TAILWIND_SHEETS: Record<string, string> = {
  tailwindcss: 'index.css',
  'tailwindcss/theme': 'theme.css',
  'tailwindcss/preflight': 'preflight.css',
  'tailwindcss/utilities': 'utilities.css',
};
const sheetCache = new Map<string, string>();
async function loadStylesheet(id: string) {
  const name = TAILWIND_SHEETS[id.replace(/\.css$/, '')];
  if (!name)
    throw new Error(
      `@import "${id}" is not available: globals.css may import "tailwindcss" (or tailwindcss/theme, /preflight, /utilities) only`,
    );
  let content = sheetCache.get(name);
  if (content === undefined) {
    content = readFileSync(join(tailwindDir, name), 'utf8');
    sheetCache.set(name, content);
  }
  return { path: join(tailwindDir, name), base: tailwindDir, content };
}

/**
 * Tailwind CSS v4 compiled on the server from `globals.css` against the class candidates found in
 * the files. The core compiler is used with our own loaders: an app's CSS can neither read files
 * of this server (`@import`) nor run code on it (`@plugin`, `@config`).
 */
export async function compileCss(files: Record<string, string>): Promise<{ css: string | null; issues: BuildIssue[] }> {
  const source = files['globals.css'] ?? DEFAULT_GLOBALS_CSS;
  const scanner = new Scanner({ sources: [] });
  const candidates = scanner.scanFiles(
    Object.entries(files)
      .filter(([path]) => /\.(jsx|js|tsx|ts|html)$/.test(path))
      .map(([path, content]) => ({ content, extension: posix.extname(path).slice(1) })),
  );
  try {
    const compiler = await compileTailwind(source, {
      base: tailwindDir,
      loadStylesheet,
      loadModule: async (id) => {
        throw new Error(`"${id}": plugins and config files are not supported in globals.css`);
      },
    });
    return { css: compiler.build(candidates), issues: [] };
  } catch (err) {
    return { css: null, issues: [{ file: 'globals.css', line: null, column: null, message: (err as Error).message }] };
  }
}

/** A content hash of what a build depends on: the app, its files, its entity names. */
export function bundleKeyOf(appId: string, snapshot: AppSnapshot): string {
  const hash = createHash('sha256').update(`${BUNDLER_VERSION}\0${appId}\0`);
  for (const path of Object.keys(snapshot.files).sort()) hash.update(`${path}\0${snapshot.files[path]}\0`);
  hash.update(Object.keys(snapshot.entities).sort().join(','));
  return hash.digest('hex').slice(0, 32);
}

/** Builds one snapshot into an ES module plus its CSS. Problems come back as issues, never as a throw. */
export async function buildSnapshot(
  appId: string,
  snapshot: AppSnapshot,
  key = bundleKeyOf(appId, snapshot),
): Promise<BundleOutput> {
  const started = performance.now();
  const issues: BuildIssue[] = [];
  const { name, mainPage } = manifestOf(snapshot.files, issues);
  const paths = Object.keys(snapshot.files).sort();
  const pages = paths
    .filter((p) => p.startsWith('pages/') && /\.(jsx|js|tsx|ts)$/.test(p) && !p.slice(6).includes('/'))
    .map(baseName);
  const components = paths
    .filter((p) => p.startsWith('components/') && /\.(jsx|js|tsx|ts)$/.test(p))
    .map(withoutExtension);
  const [js, css] = await Promise.all([
    build({
      entryPoints: ['entry'],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      minifySyntax: true,
      minifyWhitespace: true,
      treeShaking: true,
      logLevel: 'silent',
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [snapshotPlugin(snapshot, lucideNamesOf(snapshot.files))],
    })
      .then((result) => ({ code: result.outputFiles[0]?.text ?? '', issues: result.errors.map(issueOf) }))
      .catch((err: { errors?: Message[] }) => ({
        code: null,
        issues: (err.errors ?? [{ text: String(err) } as Message]).map(issueOf),
      })),
    compileCss(snapshot.files),
  ]);
  issues.push(...js.issues, ...css.issues);
  return {
    key,
    appId,
    name,
    mainPage,
    pages,
    components,
    js: js.code,
    css: css.css,
    issues,
    buildMs: Math.round(performance.now() - started),
  };
}

/**
 * Bundles versions once: an in-memory LRU in front of a disk cache under DATA_DIR/bundles, and one
 * build in flight per key however many requests ask for it at once.
 */
export function createBundler({ cacheDir, maxEntries = 64 }: { cacheDir: string | null; maxEntries?: number }) {
  const memory = new Map<string, BundleOutput>();
  const inFlight = new Map<string, Promise<BundleOutput>>();
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });

  function remember(output: BundleOutput) {
    memory.delete(output.key);
    memory.set(output.key, output);
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value!);
  }

  function fromDisk(key: string): BundleOutput | null {
    if (!cacheDir || !/^[0-9a-f]{32}$/.test(key)) return null;
    const file = join(cacheDir, `${key}.json`);
    if (!existsSync(file)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as BundleOutput;
    } catch {
      return null;
    }
  }

  function toDisk(output: BundleOutput) {
    if (!cacheDir) return;
    // Write then rename: another process reading the same key never sees half a file.
    const tmp = join(cacheDir, `${output.key}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(output));
    renameSync(tmp, join(cacheDir, `${output.key}.json`));
  }

  /** A built output by key (for serving `/_app/{key}.js`), from memory or disk. */
  function find(key: string): BundleOutput | null {
    const hit = memory.get(key) ?? fromDisk(key);
    if (hit) remember(hit);
    return hit;
  }

  return {
    find,
    /** The output of a snapshot, building it only when no cache has it. */
    async bundle(appId: string, snapshot: AppSnapshot): Promise<BundleOutput> {
      const key = bundleKeyOf(appId, snapshot);
      const hit = find(key);
      if (hit) return hit;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = buildSnapshot(appId, snapshot, key).then((output) => {
          remember(output);
          toDisk(output);
          return output;
        });
        pending.finally(() => inFlight.delete(key)).catch(() => {});
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

export type Bundler = ReturnType<typeof createBundler>;
