import { resolveAppImport } from '@tessera/contracts/code';
import { USER_ENTITY, parseEntitySchema } from '@tessera/contracts/entities';
import { transform, type Loader, type Message } from 'esbuild';
import type { ValidationIssue } from '../protocol/issues';
import type { AppSnapshot } from '../snapshot';
import {
  RUNTIME_MODULE_EXPORTS,
  collectExports,
  collectImports,
  installedExports,
  type ExportInfo,
  type ImportRef,
} from './modules';
import { findUndeclaredNames, findUnknownPageLinks } from './references';

export const MAX_PATH_LENGTH = 200;
const CODE_EXTENSIONS = ['.jsx', '.js', '.tsx', '.ts'] as const;
const SEGMENT = /^[A-Za-z0-9_@-][A-Za-z0-9_.@-]*$/;
const PAGE = /^pages\/([A-Za-z][A-Za-z0-9_-]*)\.(?:jsx|js|tsx|ts)$/;
const LAYOUT = /^layout\.(?:jsx|js|tsx|ts)$/;
const NESTED = /^(?:components|services)\/.+\.(?:jsx|js|tsx|ts|css|json)$/;
// Generated code often puts JSX in .js files; parsing them as JSX accepts every plain JS file too.
const LOADERS: Record<string, Loader> = { '.jsx': 'jsx', '.js': 'jsx', '.tsx': 'tsx', '.ts': 'ts', '.css': 'css' };

const extensionOf = (path: string): string => /\.[^./]+$/.exec(path)?.[0] ?? '';
const isCode = (path: string): boolean => (CODE_EXTENSIONS as readonly string[]).includes(extensionOf(path));

/** The page name of a `pages/{Name}.jsx` path, or null. */
export function pageNameOf(path: string): string | null {
  return PAGE.exec(path)?.[1] ?? null;
}

/** Why a path is not allowed in a snapshot (docs/generated-apps.md "Files of a snapshot"), or null. */
export function checkPath(path: string): string | null {
  if (path.length === 0) return 'A file has an empty path';
  if (path.length > MAX_PATH_LENGTH) return `The path is longer than ${MAX_PATH_LENGTH} characters`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'Paths are relative to the app root, not absolute';
  if (path.includes('\\')) return 'Paths use "/" as the separator';
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return 'Paths may not contain "." or ".." segments';
  if (segments.some((s) => !SEGMENT.test(s))) return 'Path segments use letters, digits, ".", "_", "-" and "@" only';
  if (path === 'app.json' || path === 'globals.css' || LAYOUT.test(path) || PAGE.test(path) || NESTED.test(path))
    return null;
  if (path.startsWith('pages/')) {
    return segments.length > 2
      ? 'Pages are one level deep: pages/{PageName}.jsx (put shared parts in components/)'
      : 'A page is pages/{PageName}.jsx with a name that starts with a letter and uses letters, digits, "_" or "-"';
  }
  return 'Files live in app.json, globals.css, layout.jsx, pages/, components/ or services/ with a .jsx, .js, .tsx, .ts, .css or .json extension';
}

function issue(
  detectorId: ValidationIssue['detectorId'],
  message: string,
  file?: string,
  line?: number,
  severity: ValidationIssue['severity'] = 'error',
): ValidationIssue {
  const out: ValidationIssue = { message, severity, detectorId };
  if (file !== undefined) out.file = file;
  if (line !== undefined) out.line = line;
  return out;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Line of the first quoted occurrence of `specifier` in the source (esbuild's output has other lines). */
function lineOfSpecifier(source: string, specifier: string): number | undefined {
  for (const quote of ['"', "'", '`']) {
    const at = source.indexOf(`${quote}${specifier}${quote}`);
    if (at >= 0) return lineAt(source, at);
  }
  return undefined;
}

/** The snapshot file a relative or `@/` import names (shared with the code editor's reference updates). */
export const resolveSnapshotImport = resolveAppImport;

interface Transformed {
  path: string;
  source: string;
  code: string | null;
}

async function transformFile(path: string, source: string, issues: ValidationIssue[]): Promise<Transformed> {
  const ext = extensionOf(path);
  if (ext === '.json') {
    try {
      JSON.parse(source);
    } catch (err) {
      const pos = /position (\d+)/.exec(String(err))?.[1];
      issues.push(
        issue(
          'syntax',
          `Invalid JSON: ${err instanceof Error ? err.message : String(err)}`,
          path,
          pos ? lineAt(source, Number(pos)) : undefined,
        ),
      );
    }
    return { path, source, code: null };
  }
  const loader = LOADERS[ext];
  if (!loader) return { path, source, code: null };
  const report = (m: Message) => {
    // esbuild's notes point at the cause (e.g. the unclosed tag), often far from the error itself.
    const notes = m.notes
      .filter((n) => n.location)
      .map((n) => {
        const text = n.text.replace(/:$/, '');
        return / is here$/.test(text)
          ? ` (${text.replace(/ is here$/, ' is on')} line ${n.location!.line})`
          : ` (${text}: line ${n.location!.line})`;
      });
    issues.push(issue('syntax', `Syntax error: ${m.text}${notes.join('')}`, path, m.location?.line));
  };
  try {
    const result = await transform(source, {
      loader,
      format: 'esm',
      jsx: 'automatic',
      sourcefile: path,
      logLevel: 'silent',
    });
    // esbuild accepts broken CSS with warnings; Tailwind would then compile something else than intended.
    if (loader === 'css') result.warnings.filter((w) => w.id === 'css-syntax-error').forEach(report);
    return { path, source, code: loader === 'css' ? null : result.code };
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    if (errors?.length) errors.forEach(report);
    else issues.push(issue('syntax', `Could not parse: ${err instanceof Error ? err.message : String(err)}`, path));
    return { path, source, code: null };
  }
}

function checkImport(
  ref: ImportRef,
  file: Transformed,
  snapshot: AppSnapshot,
  exportsOf: Map<string, ExportInfo>,
  installed: Map<string, Set<string>>,
): ValidationIssue[] {
  const { specifier } = ref;
  const line = lineOfSpecifier(file.source, specifier);
  const missingNames = (available: ReadonlySet<string> | readonly string[], what: string): ValidationIssue[] => {
    if (ref.isNamespace) return [];
    const set = available instanceof Set ? available : new Set(available as readonly string[]);
    return ref.names
      .filter((n) => !set.has(n))
      .map((n) =>
        issue(
          'imports',
          n === 'default'
            ? `"${specifier}" has no default export (${what})`
            : `"${specifier}" does not export "${n}" (${what})`,
          file.path,
          line,
        ),
      );
  };

  const entity = /^@\/entities\/([^/]+?)(?:\.js|\.json)?$/.exec(specifier);
  if (entity) {
    const name = entity[1]!;
    if (name !== USER_ENTITY && !snapshot.entities[name]) {
      const known = [...Object.keys(snapshot.entities), USER_ENTITY].join(', ');
      return [issue('imports', `"${specifier}" names no entity (entities: ${known})`, file.path, line)];
    }
    return missingNames([name, 'default'], `it provides { ${name} } and a default export`);
  }
  const runtime = Object.hasOwn(RUNTIME_MODULE_EXPORTS, specifier) ? RUNTIME_MODULE_EXPORTS[specifier] : undefined;
  if (runtime) return missingNames(runtime, `it provides { ${runtime.filter((n) => n !== 'default').join(', ')} }`);
  const pkg = installed.get(specifier);
  if (pkg)
    return missingNames(
      pkg,
      specifier === 'lucide-react' ? 'see lucide.dev/icons for icon names' : `not part of the installed ${specifier}`,
    );

  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('@/')) {
    const target = resolveSnapshotImport(snapshot.files, file.path, specifier);
    if (!target) return [issue('imports', `"${specifier}" does not resolve to a file of the app`, file.path, line)];
    const info = exportsOf.get(target);
    if (!info || info.hasStar) return [];
    return missingNames(info.names, `${target} exports ${info.names.size ? [...info.names].join(', ') : 'nothing'}`);
  }
  return [
    issue(
      'imports',
      `"${specifier}" is not available: app code may import its own files (./, @/), @/entities/{Name}, @/integrations/Core, @/utils, react, react-dom, react-router-dom and lucide-react`,
      file.path,
      line,
    ),
  ];
}

/**
 * Checks a whole snapshot before it becomes a version: paths, app.json, pages, JSX/TS syntax
 * (esbuild), imports that resolve (with the names they import), names used without an import or a
 * declaration, links to pages that do not exist, default exports of pages and layout, globals.css
 * and entity schemas. Returns every issue found, errors and warnings.
 */
export async function validateSnapshot(snapshot: AppSnapshot): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  const paths = Object.keys(snapshot.files).sort();

  const badPaths = new Set<string>();
  for (const path of paths) {
    const problem = checkPath(path);
    if (problem) {
      issues.push(issue('path', problem, path));
      badPaths.add(path);
    }
  }

  const pages = new Map<string, string>();
  const routes = new Map<string, string>();
  for (const path of paths) {
    const name = pageNameOf(path);
    if (!name) continue;
    const clash = pages.get(name);
    if (clash) issues.push(issue('pages', `Two files define the page ${name}: ${clash} and ${path}`, path));
    pages.set(name, path);
    // Page URLs are matched case-insensitively with hyphens ignored (runtime page routing).
    const route = name.toLowerCase().replace(/-/g, '');
    const sameRoute = routes.get(route);
    if (sameRoute && sameRoute !== name)
      issues.push(issue('pages', `The pages ${sameRoute} and ${name} have the same URL (/${route}/)`, path));
    routes.set(route, name);
  }
  if (pages.size === 0)
    issues.push(issue('pages', 'The app has no page: add pages/{PageName}.jsx with a default export'));
  const layouts = paths.filter((p) => LAYOUT.test(p));
  if (layouts.length > 1)
    issues.push(issue('path', `Only one layout file may exist: ${layouts.join(', ')}`, layouts[1]));

  const manifest = snapshot.files['app.json'];
  if (manifest === undefined)
    issues.push(issue('app-json', 'app.json is missing: it holds { "name", "mainPage" }', 'app.json'));
  else {
    let value: unknown;
    try {
      value = JSON.parse(manifest);
    } catch (err) {
      issues.push(
        issue(
          'app-json',
          `app.json is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
          'app.json',
        ),
      );
    }
    if (value !== undefined) {
      const obj =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : null;
      if (!obj) issues.push(issue('app-json', 'app.json must be an object { "name", "mainPage" }', 'app.json'));
      else {
        if (typeof obj.name !== 'string' || obj.name.trim() === '')
          issues.push(issue('app-json', 'app.json needs a non-empty "name"', 'app.json'));
        if (typeof obj.mainPage !== 'string' || obj.mainPage.trim() === '')
          issues.push(issue('app-json', 'app.json needs a "mainPage" naming a page', 'app.json'));
        else if (!pages.has(obj.mainPage)) {
          const known = [...pages.keys()].join(', ') || 'none';
          const close = routes.get(obj.mainPage.toLowerCase().replace(/-/g, ''));
          const hint = close ? `; did you mean "${close}"?` : '';
          issues.push(
            issue(
              'app-json',
              `app.json's mainPage "${obj.mainPage}" is not a page (pages: ${known})${hint}`,
              'app.json',
            ),
          );
        }
      }
    }
  }

  const css = snapshot.files['globals.css'];
  if (css !== undefined && css.trim() === '')
    issues.push(
      issue('globals-css', 'globals.css is empty: remove it or give it at least @import "tailwindcss";', 'globals.css'),
    );
  else if (css !== undefined && !/@import\s+(?:url\()?["']tailwindcss["']/.test(css)) {
    // Tailwind v3 habits (@tailwind base; ...) compile to nothing useful in v4: no theme, no reset.
    issues.push(
      issue(
        'globals-css',
        'globals.css does not @import "tailwindcss" (Tailwind v4; @tailwind base/components/utilities are v3), so no utility classes or theme reach the app',
        'globals.css',
        undefined,
        'warning',
      ),
    );
  }

  for (const [name, schema] of Object.entries(snapshot.entities)) {
    const file = `entities/${name}.json`;
    if (name === USER_ENTITY) {
      issues.push(issue('entity-schema', `The ${USER_ENTITY} entity is built in and cannot be redefined`, file));
      continue;
    }
    const parsed = parseEntitySchema(name, schema);
    if (!parsed.ok) issues.push(issue('entity-schema', parsed.error, file));
  }

  // A file at a wrong path is reported once, for its path: the bundle would not load it anyway.
  const toCheck = paths.filter(
    (p) =>
      p !== 'app.json' && !badPaths.has(p) && (LOADERS[extensionOf(p)] !== undefined || extensionOf(p) === '.json'),
  );
  // Each file collects its own syntax issues so the report is in path order, not completion order.
  const perFile = toCheck.map(() => [] as ValidationIssue[]);
  const transformed = await Promise.all(toCheck.map((p, i) => transformFile(p, snapshot.files[p]!, perFile[i]!)));
  issues.push(...perFile.flat());
  const exportsOf = new Map<string, ExportInfo>();
  for (const t of transformed) if (t.code !== null) exportsOf.set(t.path, collectExports(t.code));

  for (const t of transformed) {
    if (t.code === null || !isCode(t.path)) continue;
    if ((pageNameOf(t.path) || LAYOUT.test(t.path)) && !exportsOf.get(t.path)!.names.has('default')) {
      issues.push(
        issue(
          'default-export',
          `${pageNameOf(t.path) ? 'A page' : 'The layout'} needs a default export (export default function ...)`,
          t.path,
        ),
      );
    }
  }

  for (const t of transformed) {
    if (t.code === null || !isCode(t.path)) continue;
    issues.push(...findUndeclaredNames(t.path, t.source, t.code));
    issues.push(...findUnknownPageLinks(t.path, t.source, [...pages.keys()]));
  }

  const imports = transformed
    .filter((t) => t.code !== null && isCode(t.path))
    .map((t) => ({ file: t, refs: collectImports(t.code!) }));
  const needsInstalled = imports.some(({ refs }) =>
    refs.some((r) => r.specifier === 'lucide-react' || r.specifier.startsWith('react')),
  );
  const installed = needsInstalled ? await installedExports() : new Map<string, Set<string>>();
  for (const { file, refs } of imports) {
    for (const ref of refs) issues.push(...checkImport(ref, file, snapshot, exportsOf, installed));
    // App modules are ES modules: the bundle has no require().
    for (const m of file.code!.matchAll(/(?<![.\w$])require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) {
      issues.push(
        issue(
          'imports',
          `require("${m[1]}") does not work in app code: use import ... from "${m[1]}"`,
          file.path,
          lineOfSpecifier(file.source, m[1]!),
        ),
      );
    }
  }
  // The same import written twice in a file is one problem to fix.
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.detectorId}\u0000${i.file ?? ''}\u0000${i.line ?? ''}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Starts esbuild's service and reads the installed packages' exports ahead of the first turn,
 * which otherwise pays for both (about a second on a cold machine).
 */
export async function warmUpValidator(): Promise<void> {
  await Promise.all([installedExports(), transform('', { loader: 'jsx' })]);
}

/** `file:line: message` for a model or a log. */
export function formatIssue(i: ValidationIssue): string {
  const where = i.file ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : '';
  return `${where}${i.message}`;
}
