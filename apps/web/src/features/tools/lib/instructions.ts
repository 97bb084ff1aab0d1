/**
 * The `[field]` tags of a tool's instructions (docs/product/tools.md#data): each names a custom
 * field whose value the run puts in its place. The editor highlights known tags and flags unknown
 * ones as the builder types.
 */
export type InstructionSegment =
  { kind: 'text'; text: string } | { kind: 'tag'; text: string; name: string; known: boolean };

/** A tag is a field name in square brackets (the same reading as the shared rules' instructionTags). */
const TAG = /\[([A-Za-z0-9_]{1,64})\]/g;

/** The instructions cut into plain text and tags, each tag marked known when a field has its name. */
export function instructionSegments(text: string, fieldNames: readonly string[]): InstructionSegment[] {
  const known = new Set(fieldNames);
  const segments: InstructionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    const name = match[1]!;
    segments.push({ kind: 'tag', text: match[0], name, known: known.has(name) });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The distinct tag names the instructions use, in order of first use. */
export function usedTags(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(TAG), (m) => m[1]!))];
}

/** The tags that name no field (shown as errors under the editor). */
export function unknownTags(text: string, fieldNames: readonly string[]): string[] {
  const known = new Set(fieldNames);
  return usedTags(text).filter((name) => !known.has(name));
}

/** Inserts `[name]` at the caret (or over the selection), with a space before it when it would touch a word. */
export function insertTag(
  text: string,
  name: string,
  selection: { start: number; end: number },
): { text: string; caret: number } {
  const before = text.slice(0, selection.start);
  const after = text.slice(selection.end);
  const gap = before === '' || /\s$/.test(before) ? '' : ' ';
  const tag = `${gap}[${name}]`;
  return { text: `${before}${tag}${after}`, caret: before.length + tag.length };
}
