#!/usr/bin/env node
// The doc-link gate of scripts/check.mjs: every relative link in the repository's Markdown files
// (`[text](path)`, `[text](path#heading)`, `[text](#heading)`) must name a file or folder that exists
// and, with `#anchor`, a heading of that Markdown file (GitHub's anchors: lower case, punctuation
// dropped, spaces to dashes, `-1`, `-2` for repeats). Links to the web (`http:`, `mailto:`) are not
// fetched. Code comments point into the docs as `docs/product/<area>.md#heading` in plain text: those
// references, in any source file, must resolve the same way. Exits 1 and lists each broken one as file:line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  '.cache',
  '.tsbuild',
  'test-results',
  'playwright-report',
  'data',
  '.scratch',
  'fixtures',
]);

/** Every file of the tree whose name matches. */
function filesUnder(dir, pattern) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) || entry.name.startsWith('.') ? [] : filesUnder(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, line by line (links in code are examples). */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor of a heading's text. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsCache = new Map();
/** The anchors of a Markdown file's headings. */
function anchorsOf(file) {
  if (!anchorsCache.has(file)) {
    const seen = new Map();
    const anchors = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const match = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!match) continue;
      const base = anchorOf(match[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count ? `${base}-${count}` : base);
    }
    anchorsCache.set(file, anchors);
  }
  return anchorsCache.get(file);
}

const broken = [];
/** Records `target` (a path relative to `from`, or to the root when it starts with `/`) if it does not resolve. */
function check(where, from, target) {
  const [pathPart, anchor] = target.split('#');
  const path = decodeURIComponent(pathPart);
  const resolved = !path
    ? from
    : resolve(path.startsWith('/') ? root : dirname(from), `.${path.startsWith('/') ? '' : '/'}${path}`);
  if (!existsSync(resolved)) broken.push(`${where}: ${target} (no such file)`);
  else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
    broken.push(`${where}: ${target} (no heading #${anchor} in ${relative(root, resolved)})`);
}

for (const file of filesUnder(root, /\.md$/)) {
  proseLines(readFileSync(file, 'utf8')).forEach((line, index) => {
    for (const [, target] of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) check(`${relative(root, file)}:${index + 1}`, file, target);
  });
}
for (const file of filesUnder(root, /\.(ts|tsx|js|jsx|mjs|md)$/)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const [target] of line.matchAll(/(?<![\w./-])docs\/[\w/-]+\.md(#[\w-]+)?/g))
        check(`${relative(root, file)}:${index + 1}`, join(root, 'x'), `/${target}`);
    });
}
if (broken.length) {
  console.error(`${broken.length} broken link(s) in the docs and code comments:\n${broken.join('\n')}`);
  process.exit(1);
}
