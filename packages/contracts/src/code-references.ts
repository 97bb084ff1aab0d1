import { isEntityFilePath, resolveAppImport } from './code-files';

/** One import declaration of a source file: where it is, what it imports from, the local names it binds. */
export interface ImportDeclaration {
  start: number;
  end: number;
  specifier: string;
  names: string[];
}

const IMPORT = /^[ \t]*import\s+(?:([\w$\s{},*]+?)\s+from\s+)?(['"])([^'"\n]+)\2[ \t]*;?[ \t]*(?:\r?\n)?/gm;

/** The local names an import clause binds: `A`, `{ B, C as D }`, `* as E` -> A, B, D, E. */
function localNames(clause: string | undefined): string[] {
  if (!clause) return [];
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause.replace(/\{[^}]*\}/, ' ');
  for (const part of outside.split(',')) {
    const star = /\*\s*as\s+([\w$]+)/.exec(part);
    if (star) names.push(star[1]!);
    else if (/^\s*[\w$]+\s*$/.test(part)) names.push(part.trim());
  }
  for (const part of braces?.[1]?.split(',') ?? []) {
    const m = /^\s*(?:type\s+)?[\w$]+(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
    if (m) names.push(m[1] ?? part.trim().replace(/^type\s+/, ''));
  }
  return names;
}

/** The static import declarations of a JS/JSX source (one per statement, multi-line ones too). */
export function importDeclarations(source: string): ImportDeclaration[] {
  const out: ImportDeclaration[] = [];
  for (const m of source.matchAll(IMPORT))
    out.push({ start: m.index, end: m.index + m[0].length, specifier: m[3]!, names: localNames(m[1]) });
  return out;
}

const IDENT = /[\w$]/;

/** The index just past the `>` or `/>` closing the tag opened at `from` (after its name), and whether it self-closes. */
function endOfOpeningTag(source: string, from: number): { end: number; selfClosing: boolean } | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < source.length; i++) {
    const ch = source[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || (ch === '`' && depth > 0)) quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 0 && ch === '/' && source[i + 1] === '>') return { end: i + 2, selfClosing: true };
    else if (depth === 0 && ch === '>') return { end: i + 1, selfClosing: false };
  }
  return null;
}

/** Where `<Name ...>` opened at `openEnd` is closed: the start and end of its `</Name>`, nested same-name elements counted. */
function closingTag(source: string, name: string, openEnd: number): { start: number; end: number } | null {
  const tags = new RegExp(`<(/?)${name.replace(/\$/g, '\\$')}(?![\\w$.])`, 'g');
  tags.lastIndex = openEnd;
  let depth = 1;
  for (let m = tags.exec(source); m; m = tags.exec(source)) {
    if (m[1]) {
      depth--;
      if (depth === 0) {
        const end = source.indexOf('>', m.index);
        return end < 0 ? null : { start: m.index, end: end + 1 };
      }
    } else {
      const tag = endOfOpeningTag(source, m.index + m[0].length);
      if (tag && !tag.selfClosing) depth++;
      if (tag) tags.lastIndex = tag.end;
    }
  }
  return null;
}

/** In a JavaScript expression (after `return`, `&&`, `?`, `(`...) a removed element leaves a value behind. */
function isExpressionPosition(source: string, at: number): boolean {
  const before = source.slice(Math.max(0, at - 200), at).trimEnd();
  return /(?:[=(,?:&|[]|=>|\breturn)$/.test(before);
}

/**
 * The source without JSX elements named `name`: `<Name ... />` goes (or becomes `null` where an
 * expression needs a value), `<Name ...>children</Name>` keeps its children (in a fragment where an
 * expression needs one value).
 */
export function removeJsxElements(source: string, name: string): string {
  let out = source;
  const open = new RegExp(`<${name.replace(/\$/g, '\\$')}(?![\\w$.])`, 'g');
  for (let guard = 0; guard < 1000; guard++) {
    open.lastIndex = 0;
    let match = open.exec(out);
    // `<Name` inside an identifier (`a<Name` in a comparison) is no element.
    while (match && match.index > 0 && IDENT.test(out[match.index - 1]!)) match = open.exec(out);
    if (!match) return out;
    const start = match.index;
    const tag = endOfOpeningTag(out, start + match[0].length);
    if (!tag) return out;
    const expression = isExpressionPosition(out, start);
    if (tag.selfClosing) {
      out = out.slice(0, start) + (expression ? 'null' : '') + out.slice(tag.end);
      continue;
    }
    const close = closingTag(out, name, tag.end);
    if (!close) return out;
    const children = out.slice(tag.end, close.start);
    out = out.slice(0, start) + (expression ? `<>${children}</>` : children) + out.slice(close.end);
  }
  return out;
}

/** A file whose imports of a deleted file were taken out: its new text and the names it no longer has. */
export interface ReferenceUpdate {
  path: string;
  content: string;
  names: string[];
}

const isCodePath = (path: string) => /\.(?:jsx|js|tsx|ts)$/.test(path);

/**
 * What deleting `deletedPath` does to the files that import it (docs/product/editor-and-chat.md
 * "Code editor"): each such import goes, and so do the JSX elements named by the names it bound.
 * Other uses of those names stay, and the validator reports them.
 */
export function referencesToUpdate(files: Record<string, string>, deletedPath: string): ReferenceUpdate[] {
  const updates: ReferenceUpdate[] = [];
  for (const [path, source] of Object.entries(files)) {
    if (path === deletedPath || !isCodePath(path) || isEntityFilePath(path)) continue;
    const hits = importDeclarations(source).filter((d) => resolveAppImport(files, path, d.specifier) === deletedPath);
    if (hits.length === 0) continue;
    let content = source;
    for (const hit of [...hits].reverse()) content = content.slice(0, hit.start) + content.slice(hit.end);
    const names = hits.flatMap((h) => h.names);
    for (const name of names) if (/^[A-Z]/.test(name)) content = removeJsxElements(content, name);
    updates.push({ path, content, names });
  }
  return updates.sort((a, b) => a.path.localeCompare(b.path));
}
