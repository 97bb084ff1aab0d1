// Writing actions in the protocol text of docs/generated-apps.md.

export interface EditBlock {
  search: string;
  replace: string;
}

export type PlannedAction =
  | { type: 'add_file'; path: string; content: string }
  | { type: 'edit_file'; path: string; blocks: EditBlock[] }
  | { type: 'delete_file'; path: string }
  | { type: 'add_entity' | 'edit_entity'; entity: string; schema: unknown }
  | { type: 'insert_entity_records'; entity: string; records: unknown[] };

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function actionText(action: PlannedAction): string {
  switch (action.type) {
    case 'add_file':
      return `<tessera-action type="add_file" path="${attr(action.path)}">\n${action.content.endsWith('\n') ? action.content : action.content + '\n'}</tessera-action>`;
    case 'edit_file': {
      const blocks = action.blocks.map(
        (b) => `<<<<<<< SEARCH\n${b.search}\n=======\n${b.replace}${b.replace ? '\n' : ''}>>>>>>> REPLACE`,
      );
      return `<tessera-action type="edit_file" path="${attr(action.path)}">\n${blocks.join('\n')}\n</tessera-action>`;
    }
    case 'delete_file':
      return `<tessera-action type="delete_file" path="${attr(action.path)}"></tessera-action>`;
    case 'add_entity':
    case 'edit_entity':
      return `<tessera-action type="${action.type}" entity="${attr(action.entity)}">\n\`\`\`json\n${JSON.stringify(action.schema, null, 2)}\n\`\`\`\n</tessera-action>`;
    case 'insert_entity_records':
      return `<tessera-action type="insert_entity_records" entity="${attr(action.entity)}">\n\`\`\`json\n${JSON.stringify(action.records, null, 2)}\n\`\`\`\n</tessera-action>`;
  }
}

/** One titled group of actions as protocol text. */
export function groupText(title: string, actions: PlannedAction[]): string {
  return `<tessera-group title="${attr(title)}">\n${actions.map(actionText).join('\n')}\n</tessera-group>`;
}

// ---------------------------------------------------------------------------------------------
// SEARCH/REPLACE edits from a line diff

type Op = { kind: 'equal' | 'delete' | 'insert'; line: string };

function diffLines(a: string[], b: string[]): Op[] {
  // Trim the common head and tail first: edits of generated files are usually small.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: 'equal', line }));
  if (n * m > 250_000) {
    for (const line of midA) ops.push({ kind: 'delete', line });
    for (const line of midB) ops.push({ kind: 'insert', line });
  } else {
    const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        ops.push({ kind: 'equal', line: midA[i]! });
        i++;
        j++;
      } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
        ops.push({ kind: 'insert', line: midB[j]! });
        j++;
      } else {
        ops.push({ kind: 'delete', line: midA[i]! });
        i++;
      }
    }
  }
  for (const line of a.slice(endA)) ops.push({ kind: 'equal', line });
  return ops;
}

function countOccurrences(text: string, part: string): number {
  if (!part) return 0;
  let count = 0;
  let at = text.indexOf(part);
  while (at >= 0) {
    count++;
    at = text.indexOf(part, at + 1);
  }
  return count;
}

/**
 * SEARCH/REPLACE blocks turning `before` into `after`, each SEARCH unique in the file; null when a
 * whole-file rewrite is simpler (large changes) or the blocks would not reproduce `after` exactly.
 */
export function editBlocks(before: string, after: string): EditBlock[] | null {
  if (before === after) return [];
  const a = before.split('\n');
  const b = after.split('\n');
  const ops = diffLines(a, b);
  // Hunks as ranges over the op list, with two lines of context each side.
  const changed = ops.map((op) => op.kind !== 'equal');
  const hunks: Array<[number, number]> = [];
  for (let i = 0; i < ops.length; i++) {
    if (!changed[i]) continue;
    let end = i;
    while (end + 1 < ops.length && changed[end + 1]) end++;
    const from = Math.max(0, i - 2);
    const to = Math.min(ops.length - 1, end + 2);
    const last = hunks.at(-1);
    if (last && from <= last[1] + 1) last[1] = to;
    else hunks.push([from, to]);
    i = end;
  }
  const blocks: EditBlock[] = [];
  for (const [from, to] of hunks) {
    let lo = from;
    let hi = to;
    const build = () => {
      const slice = ops.slice(lo, hi + 1);
      return {
        search: slice
          .filter((o) => o.kind !== 'insert')
          .map((o) => o.line)
          .join('\n'),
        replace: slice
          .filter((o) => o.kind !== 'delete')
          .map((o) => o.line)
          .join('\n'),
      };
    };
    let block = build();
    // Widen the context until the SEARCH text names one place in the file.
    while (
      (block.search.trim() === '' || countOccurrences(before, block.search) !== 1) &&
      (lo > 0 || hi < ops.length - 1)
    ) {
      lo = Math.max(0, lo - 1);
      hi = Math.min(ops.length - 1, hi + 1);
      block = build();
    }
    blocks.push(block);
  }
  // A block holding a marker line would be misread by the parser: rewrite the file instead.
  if (blocks.some((b) => /^(<{7}|={7}|>{7})/m.test(`${b.search}\n${b.replace}`))) return null;
  // Check: applying the blocks in order must give exactly `after`.
  let text = before;
  for (const block of blocks) {
    if (countOccurrences(text, block.search) !== 1) return null;
    const at = text.indexOf(block.search);
    text = text.slice(0, at) + block.replace + text.slice(at + block.search.length);
  }
  if (text !== after) return null;
  const size = blocks.reduce((sum, b) => sum + b.search.length + b.replace.length, 0);
  // Small files are always edited in place; a large file changed all over is rewritten whole.
  return after.length < 1500 || size < after.length * 0.6 ? blocks : null;
}

/** The action that makes a file hold `content`: nothing, an edit of the changed lines, or a rewrite. */
export function fileAction(path: string, before: string | undefined, content: string): PlannedAction | null {
  if (before === content) return null;
  if (before === undefined) return { type: 'add_file', path, content };
  const blocks = editBlocks(before, content);
  if (blocks && blocks.length > 0) return { type: 'edit_file', path, blocks };
  return { type: 'add_file', path, content };
}
