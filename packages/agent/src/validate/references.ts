import { parse } from 'acorn';
import { analyze } from 'eslint-scope';
import type { ValidationIssue } from '../protocol/issues';

// Browser globals that Node's globalThis (where the validator runs) does not have. ES built-ins and
// the web APIs Node shares (fetch, URL, FormData, crypto, performance, timers...) come from globalThis.
const BROWSER_GLOBALS = new Set([
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'screen',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'alert',
  'confirm',
  'prompt',
  'print',
  'open',
  'close',
  'focus',
  'blur',
  'scrollTo',
  'scrollBy',
  'scrollX',
  'scrollY',
  'innerWidth',
  'innerHeight',
  'outerWidth',
  'outerHeight',
  'devicePixelRatio',
  'matchMedia',
  'getComputedStyle',
  'getSelection',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'Image',
  'Audio',
  'Option',
  'FileReader',
  'FileList',
  'XMLHttpRequest',
  'WebSocket',
  'Worker',
  'Notification',
  'IntersectionObserver',
  'ResizeObserver',
  'MutationObserver',
  'DOMParser',
  'XMLSerializer',
  'Node',
  'NodeList',
  'Element',
  'Range',
  'Selection',
  'ClipboardItem',
  'SpeechSynthesisUtterance',
  'speechSynthesis',
  'Geolocation',
  'PositionError',
  'OffscreenCanvas',
  'ImageData',
  'Path2D',
  'createImageBitmap',
]);
/** Families of browser constructors (HTMLInputElement, SVGElement, DOMRect, KeyboardEvent...). */
const BROWSER_FAMILY =
  /^(?:HTML|SVG|DOM|CSS|Web[A-Z]|RTC|Media|Speech|Audio|IDB|Touch|Pointer|Clipboard|Drag|Focus|Keyboard|Mouse|Wheel|Input|Composition|Animation|Transition|Page|Popstate|Hash|Storage|Screen|Visibility)/;
/** CommonJS names: app code is ES modules, and require() has its own issue (validate.ts). */
const MODULE_NAMES = new Set(['require', 'module', 'exports', '__dirname', '__filename', 'process']);

const isKnownGlobal = (name: string): boolean =>
  name in globalThis || BROWSER_GLOBALS.has(name) || BROWSER_FAMILY.test(name) || MODULE_NAMES.has(name);

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line where the source first uses `name` as JSX (`<Name`) or as a word outside a string. */
function lineOfName(source: string, name: string): number | undefined {
  const escaped = name.replace(/\$/g, '\\$');
  const jsx = new RegExp(`<${escaped}(?![\\w$])`).exec(source);
  if (jsx) return lineAt(source, jsx.index);
  const word = new RegExp(`(?<![\\w$.'"])${escaped}(?![\\w$'"])`).exec(source);
  return word ? lineAt(source, word.index) : undefined;
}

/**
 * Names a module uses without importing or declaring them: an icon used in JSX and never imported,
 * a hook called without its import, a component of another file. esbuild's output (JSX already
 * turned into calls, TypeScript stripped) is parsed and its scopes analysed; what is left unresolved
 * and is not a browser or JavaScript global would throw a ReferenceError when the page renders.
 */
export function findUndeclaredNames(path: string, source: string, code: string): ValidationIssue[] {
  let ast;
  try {
    ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', ranges: true });
  } catch {
    // esbuild printed it, so this is a syntax acorn does not know yet: nothing to report.
    return [];
  }
  const scopes = analyze(ast as never, { ecmaVersion: 2022, sourceType: 'module' });
  const names = new Set<string>();
  for (const ref of scopes.globalScope!.through) {
    const name = ref.identifier.name;
    // typeof x is the one safe use of an undeclared name.
    const start = (ref.identifier as unknown as { range: [number, number] }).range[0];
    if (!isKnownGlobal(name) && !/\btypeof\s*\(?\s*$/.test(code.slice(Math.max(0, start - 20), start))) names.add(name);
  }
  return [...names].map((name) => {
    const looksLikeComponent = /^[A-Z]/.test(name);
    const message = looksLikeComponent
      ? `${name} is used but never imported or declared: import it (an icon from "lucide-react", a component from its file) or define it`
      : `${name} is used but never imported or declared${/^use[A-Z]/.test(name) ? ` (import { ${name} } from "react")` : ''}`;
    const issue: ValidationIssue = { message, severity: 'error', detectorId: 'undeclared-name', file: path };
    const line = lineOfName(source, name);
    if (line !== undefined) issue.line = line;
    return issue;
  });
}

const PAGE_LINK = /createPageUrl\(\s*(["'`])([^"'`]*)/g;

/** How the runtime matches a page name in a URL: case-insensitively, ignoring hyphens. */
const routeOf = (name: string) => name.toLowerCase().replace(/-/g, '');

/**
 * Links to pages that do not exist: `createPageUrl('ContactDetails?id=1')` when the page is
 * ContactDetail opens the app's main page instead, silently. Only literal page names are checked.
 */
export function findUnknownPageLinks(path: string, source: string, pages: readonly string[]): ValidationIssue[] {
  const routes = new Map(pages.map((p) => [routeOf(p), p]));
  const issues: ValidationIssue[] = [];
  for (const m of source.matchAll(PAGE_LINK)) {
    const target = m[2]!;
    if (m[1] === '`' && target.startsWith('${')) continue;
    const name = /^[^?#/$]*/.exec(target)![0].trim();
    if (!name || routes.has(routeOf(name))) continue;
    const close = [...routes.values()].find(
      (p) => routeOf(p).startsWith(routeOf(name)) || routeOf(name).startsWith(routeOf(p)),
    );
    issues.push({
      message: `createPageUrl("${name}") links to a page that does not exist (pages: ${pages.join(', ') || 'none'})${close ? `; did you mean "${close}"?` : ''}`,
      severity: 'error',
      detectorId: 'page-link',
      file: path,
      line: lineAt(source, m.index),
    });
  }
  return issues;
}
