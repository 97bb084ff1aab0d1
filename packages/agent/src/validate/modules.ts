import { createRequire } from 'node:module';

/** What one import statement asks of a module. */
export interface ImportRef {
  specifier: string;
  /** Imported binding names (`default` for a default import); empty for `import "x"`, dynamic imports and namespaces. */
  names: string[];
  /** `import * as X` or `export * from`: any export is fine. */
  isNamespace: boolean;
}

/** What a transformed module exports; `hasStar` means `export * from` makes the list open-ended. */
export interface ExportInfo {
  names: Set<string>;
  hasStar: boolean;
}

// These run on esbuild's output, whose import and export statements have one canonical shape:
// `import a, { b as c } from "x";`, `import * as n from "x";`, `import "x";`, `export * from "x";`,
// and one `export { a, b as default };` list at the end (esbuild rewrites `export const` etc. into it).
const IMPORT_FROM = /^import\s*([^;"'`]*?)\s*from\s*"([^"]+)";?$/gm;
const IMPORT_BARE = /^import\s*"([^"]+)";?$/gm;
const EXPORT_STAR = /^export\s*\*(?:\s*as\s+([\w$]+))?\s*from\s*"([^"]+)";?$/gm;
const EXPORT_LIST = /^export\s*\{([^}]*)\}\s*;?$/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

function importedNames(clause: string): { names: string[]; isNamespace: boolean } {
  const names: string[] = [];
  let isNamespace = false;
  const brace = clause.indexOf('{');
  const head = (brace >= 0 ? clause.slice(0, brace) : clause).replace(/,\s*$/, '').trim();
  for (const part of head
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (part.startsWith('*')) isNamespace = true;
    else names.push('default');
  }
  if (brace >= 0) {
    const inner = clause.slice(brace + 1, clause.lastIndexOf('}'));
    for (const spec of inner
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const imported = spec
        .split(/\s+as\s+/)[0]!
        .trim()
        .replace(/^["']|["']$/g, '');
      names.push(imported);
    }
  }
  return { names, isNamespace };
}

/** The imports of a module as printed by esbuild's `transform` (format esm). */
export function collectImports(code: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const m of code.matchAll(IMPORT_FROM)) {
    const { names, isNamespace } = importedNames(m[1]!);
    refs.push({ specifier: m[2]!, names, isNamespace });
  }
  for (const m of code.matchAll(IMPORT_BARE)) refs.push({ specifier: m[1]!, names: [], isNamespace: false });
  for (const m of code.matchAll(EXPORT_STAR)) refs.push({ specifier: m[2]!, names: [], isNamespace: true });
  for (const m of code.matchAll(DYNAMIC_IMPORT)) refs.push({ specifier: m[1]!, names: [], isNamespace: true });
  return refs;
}

/** The exports of a module as printed by esbuild's `transform` (format esm). */
export function collectExports(code: string): ExportInfo {
  const names = new Set<string>();
  let hasStar = false;
  for (const m of code.matchAll(EXPORT_STAR)) {
    if (m[1]) names.add(m[1]);
    else hasStar = true;
  }
  for (const m of code.matchAll(EXPORT_LIST)) {
    for (const spec of m[1]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const parts = spec.split(/\s+as\s+/);
      names.add((parts[1] ?? parts[0])!.trim().replace(/^["']|["']$/g, ''));
    }
  }
  if (/^export\s+default\b/m.test(code)) names.add('default');
  return { names, hasStar };
}

const CORE = [
  'UploadFile',
  'InvokeLLM',
  'SendEmail',
  'ExtractDataFromUploadedFile',
  'GenerateImage',
  'RunTool',
  'default',
];
const UTILS = ['createPageUrl', 'useAppLook'];

/**
 * Exports of the modules the runtime makes up itself (docs/generated-apps.md), with the spellings
 * the bundler also accepts. react-router-dom is the runtime's router shim
 * (packages/runtime/src/router-shim.ts): a little more than the documented four names.
 */
export const RUNTIME_MODULE_EXPORTS: Readonly<Record<string, readonly string[]>> = {
  '@/integrations/Core': CORE,
  '@/integrations/Core.js': CORE,
  '@/utils': UTILS,
  '@/utils.js': UTILS,
  '@/utils/index': UTILS,
  'react-router-dom': ['Link', 'NavLink', 'Navigate', 'useNavigate', 'useLocation', 'useSearchParams', 'useParams'],
};

/** Packages the runtime provides from the real installed package: their exports are read from it. */
export const INSTALLED_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'lucide-react',
] as const;

let installed: Promise<Map<string, Set<string>>> | null = null;

/**
 * The export names of the installed react, react-dom and lucide-react, read once per process
 * (lucide-react alone has a few thousand icon names and aliases; a list of our own would go stale).
 */
export function installedExports(): Promise<Map<string, Set<string>>> {
  installed ??= Promise.resolve().then(() => {
    const require = createRequire(import.meta.url);
    const map = new Map<string, Set<string>>();
    for (const name of INSTALLED_PACKAGES) {
      const mod = require(name) as Record<string, unknown>;
      // CommonJS packages: `module.exports` is what a default import gets.
      map.set(name, new Set([...Object.keys(mod), 'default']));
    }
    // lucide-react is ESM-first and has no default export.
    map.get('lucide-react')!.delete('default');
    return map;
  });
  return installed;
}
