import { diffWordsWithSpace, structuredPatch } from 'diff';
import { DIFF_CONTEXT_LINES, DIFF_WORD_LEVEL_MAX_CHARS } from '@tessera/contracts/chat';

/** A piece of a changed line; `changed` pieces are highlighted (word-level diff). */
export interface DiffSegment {
  text: string;
  changed: boolean;
}

export interface DiffLine {
  kind: 'context' | 'add' | 'del';
  oldNumber: number | null;
  newNumber: number | null;
  text: string;
  /** Word-level pieces of a changed line that has a counterpart; absent when word diff is off. */
  segments?: DiffSegment[];
}

export interface DiffHunk {
  header: string;
  lines: DiffLine[];
}

export interface FileDiff {
  hunks: DiffHunk[];
  isWordLevel: boolean;
  added: number;
  removed: number;
}

/**
 * A unified diff of one file (docs/product/editor-and-chat.md#limits): hunks with 3 lines of context, and word-level
 * highlighting of replaced lines unless either side is longer than 10,000 characters.
 */
export function buildFileDiff(oldCode: string, newCode: string): FileDiff {
  const isWordLevel = oldCode.length <= DIFF_WORD_LEVEL_MAX_CHARS && newCode.length <= DIFF_WORD_LEVEL_MAX_CHARS;
  const patch = structuredPatch('a', 'b', oldCode, newCode, undefined, undefined, { context: DIFF_CONTEXT_LINES });
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((hunk) => {
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    const lines: DiffLine[] = [];
    for (const raw of hunk.lines) {
      const sign = raw[0];
      const text = raw.slice(1);
      if (sign === '\\') continue; // "\ No newline at end of file"
      if (sign === '+') {
        lines.push({ kind: 'add', oldNumber: null, newNumber: newNumber++, text });
        added++;
      } else if (sign === '-') {
        lines.push({ kind: 'del', oldNumber: oldNumber++, newNumber: null, text });
        removed++;
      } else {
        lines.push({ kind: 'context', oldNumber: oldNumber++, newNumber: newNumber++, text });
      }
    }
    if (isWordLevel) highlightWords(lines);
    return { header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, lines };
  });
  return { hunks, isWordLevel, added, removed };
}

/** Pairs each run of removed lines with the added run right after it and marks the changed words. */
function highlightWords(lines: DiffLine[]) {
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.kind !== 'del') {
      i++;
      continue;
    }
    const delStart = i;
    while (i < lines.length && lines[i]!.kind === 'del') i++;
    const addStart = i;
    while (i < lines.length && lines[i]!.kind === 'add') i++;
    const pairs = Math.min(addStart - delStart, i - addStart);
    for (let k = 0; k < pairs; k++) {
      const del = lines[delStart + k]!;
      const add = lines[addStart + k]!;
      const changes = diffWordsWithSpace(del.text, add.text);
      del.segments = changes.filter((c) => !c.added).map((c) => ({ text: c.value, changed: c.removed }));
      add.segments = changes.filter((c) => !c.removed).map((c) => ({ text: c.value, changed: c.added }));
    }
  }
}
