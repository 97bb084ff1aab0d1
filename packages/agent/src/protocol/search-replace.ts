/** One `<<<<<<< SEARCH / ======= / >>>>>>> REPLACE` block of an edit_file action. */
export interface SearchReplaceBlock {
  search: string;
  replace: string;
}

export type SearchReplaceParse = { ok: true; blocks: SearchReplaceBlock[] } | { ok: false; error: string };

// Models vary the marker length and leave trailing spaces; the words are what matter.
const SEARCH = /^\s*<{5,9}\s*SEARCH\b.*$/i;
const DIVIDER = /^\s*={5,9}\s*$/;
const REPLACE = /^\s*>{5,9}\s*(?:REPLACE\b.*)?$/i;
const FENCE_ONLY = /^\s*(`{3,}|~{3,})[\w+.-]*\s*$/;

/**
 * Splits an edit_file body into its blocks. A block without its `=======` or final
 * `>>>>>>> REPLACE` marker is a partial edit: the whole action is refused rather than guessed at.
 */
export function parseSearchReplace(content: string): SearchReplaceParse {
  const lines = content.replace(/\r\n/g, '\n').split('\n');
  const blocks: SearchReplaceBlock[] = [];
  let state: 'outside' | 'search' | 'replace' = 'outside';
  let search: string[] = [];
  let replace: string[] = [];
  for (const line of lines) {
    if (state === 'outside') {
      if (SEARCH.test(line)) {
        state = 'search';
        search = [];
      } else if (DIVIDER.test(line) || REPLACE.test(line)) {
        return { ok: false, error: `a "${line.trim()}" marker comes before any "<<<<<<< SEARCH"` };
      }
      // Fence lines and prose between blocks carry no edit.
      continue;
    }
    if (state === 'search') {
      if (DIVIDER.test(line)) {
        state = 'replace';
        replace = [];
      } else if (SEARCH.test(line) || REPLACE.test(line)) {
        return { ok: false, error: `block ${blocks.length + 1} has no "=======" between its SEARCH and REPLACE text` };
      } else search.push(line);
      continue;
    }
    if (REPLACE.test(line)) {
      blocks.push({ search: search.join('\n'), replace: replace.join('\n') });
      state = 'outside';
    } else if (SEARCH.test(line)) {
      return { ok: false, error: `block ${blocks.length + 1} is missing its ">>>>>>> REPLACE" marker` };
    } else replace.push(line);
  }
  if (state === 'search')
    return { ok: false, error: `block ${blocks.length + 1} is unfinished (no "=======" and ">>>>>>> REPLACE")` };
  if (state === 'replace') {
    // A fence closing the block is not the missing marker, but the edit is still partial.
    return { ok: false, error: `block ${blocks.length + 1} is missing its ">>>>>>> REPLACE" marker` };
  }
  if (blocks.length === 0) {
    return {
      ok: false,
      error: 'it has no "<<<<<<< SEARCH / ======= / >>>>>>> REPLACE" blocks (to write a whole file, use add_file)',
    };
  }
  return { ok: true, blocks };
}

const normalise = (line: string): string => line.trim().replace(/\s+/g, ' ');
const indentOf = (line: string): string => /^\s*/.exec(line)![0];

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}

function dropFenceEdges(lines: string[]): string[] {
  // One block fenced on its own: its fence lines are not code.
  if (lines.length >= 2 && FENCE_ONLY.test(lines[0]!) && FENCE_ONLY.test(lines[lines.length - 1]!))
    return lines.slice(1, -1);
  return lines;
}

/**
 * Applies one block: the exact SEARCH text first, then a line match that ignores indentation and
 * runs of spaces (the replacement is re-indented by the difference), then the same ignoring blank
 * lines. Returns null when the SEARCH
 * text occurs nowhere. Only the first occurrence is replaced, as in every SEARCH/REPLACE dialect.
 */
export function applySearchReplace(source: string, block: SearchReplaceBlock): string | null {
  if (block.search.trim() === '') return null;
  const exact = source.indexOf(block.search);
  if (exact >= 0) return source.slice(0, exact) + block.replace + source.slice(exact + block.search.length);

  const fileLines = source.split('\n');
  const searchLines = trimBlankEdges(dropFenceEdges(block.search.split('\n')));
  const replaceLines = trimBlankEdges(dropFenceEdges(block.replace.split('\n')));
  if (searchLines.length === 0) return null;
  const wanted = searchLines.map(normalise);
  const have = fileLines.map(normalise);
  const splice = (start: number, end: number): string => {
    const fileIndent = indentOf(fileLines[start]!);
    const searchIndent = indentOf(searchLines[0]!);
    const reindented = replaceLines.map((line) => {
      if (line.trim() === '') return line;
      if (fileIndent.length >= searchIndent.length) return fileIndent.slice(searchIndent.length) + line;
      const drop = Math.min(searchIndent.length - fileIndent.length, indentOf(line).length);
      return line.slice(drop);
    });
    return [...fileLines.slice(0, start), ...reindented, ...fileLines.slice(end)].join('\n');
  };
  for (let i = 0; i + wanted.length <= have.length; i++) {
    let j = 0;
    while (j < wanted.length && have[i + j] === wanted[j]) j++;
    if (j === wanted.length) return splice(i, i + wanted.length);
  }
  // Last, blank lines are ignored on both sides: models often add or drop them in SEARCH text.
  const wantedText = wanted.filter((l) => l !== '');
  const haveText = have.flatMap((l, index) => (l === '' ? [] : [{ l, index }]));
  for (let i = 0; i + wantedText.length <= haveText.length; i++) {
    let j = 0;
    while (j < wantedText.length && haveText[i + j]!.l === wantedText[j]) j++;
    if (j === wantedText.length) return splice(haveText[i]!.index, haveText[i + wantedText.length - 1]!.index + 1);
  }
  return null;
}
