/**
 * Field names in an app's code, for Database-panel renames (docs/publishing.md). A field is "used as
 * a field" where it follows a dot (`task.due_date`, `row?.due_date`), is a whole quoted string
 * (`'due_date'`, `"-due_date"` as a sort) or an object key (`{ due_date: ... }`, `, due_date:`);
 * those are rewritten. Any other mention (a variable, shorthand `{ due_date }`) is left alone and
 * reported, so the builder can fix it.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names JavaScript itself uses after a dot on everyday values: a field of that name is not rewritten there. */
const BUILTIN_MEMBERS = new Set([
  'length',
  'map',
  'filter',
  'find',
  'then',
  'value',
  'target',
  'current',
  'style',
  'children',
  'props',
  'key',
]);

const isCode = (path: string) => /\.(jsx?|tsx?)$/.test(path);

/** Rewrites `from` to `to` wherever the code uses it as a field; returns the files that changed. */
export function renameFieldInFiles(
  files: Record<string, string>,
  from: string,
  to: string,
): { files: Record<string, string>; updated: string[] } {
  const name = escape(from);
  const patterns: Array<[RegExp, string]> = [
    [new RegExp(`(['"\`])([-+]?)${name}\\1`, 'g'), `$1$2${to}$1`],
    [new RegExp(`([{,]\\s*)${name}(\\s*:)`, 'g'), `$1${to}$2`],
  ];
  if (!BUILTIN_MEMBERS.has(from))
    patterns.push([new RegExp(`(\\?\\.|(?<!\\.)\\.)(\\s*)${name}(?![\\w$])`, 'g'), `$1$2${to}`]);
  const out: Record<string, string> = { ...files };
  const updated: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (!isCode(path)) continue;
    const next = patterns.reduce((acc, [re, replacement]) => acc.replace(re, replacement), text);
    if (next !== text) {
      out[path] = next;
      updated.push(path);
    }
  }
  return { files: out, updated };
}

/** Code files that still mention `field` as a word (outside longer names). */
export function filesMentioning(files: Record<string, string>, field: string): string[] {
  const re = new RegExp(`(?<![\\w$])${escape(field)}(?![\\w$])`);
  return Object.entries(files)
    .filter(([path, text]) => isCode(path) && re.test(text))
    .map(([path]) => path)
    .sort();
}
