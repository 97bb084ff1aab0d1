/** A run of inline text: plain, **bold** or `code`. */
export interface InlinePiece {
  kind: 'text' | 'bold' | 'code';
  text: string;
}

export type RichBlock =
  | { kind: 'paragraph'; pieces: InlinePiece[] }
  | { kind: 'heading'; pieces: InlinePiece[] }
  | { kind: 'list'; ordered: boolean; items: InlinePiece[][] };

const LIST_ITEM = /^\s*(?:([-*•])|(\d+)[.)])\s+(.*)$/;
/** `## Title` (any level: chat prose shows them all as one small heading); closing hashes dropped. */
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
/** A `---` / `***` / `___` rule between sections: it only separates, like a blank line. */
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;

/** Splits `**bold**` and `` `code` `` out of a line; anything unmatched stays plain text. */
export function parseInline(text: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    pieces.push(match[1] !== undefined ? { kind: 'bold', text: match[1] } : { kind: 'code', text: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/**
 * The small markdown subset assistants write in prose (no HTML is ever produced): paragraphs
 * split by blank lines, headings, bullet and numbered lists, bold and inline code.
 */
export function parseRichText(text: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: InlinePiece[][] } | null = null;
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', pieces: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const line of text.trim().split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    const item = heading ? null : LIST_ITEM.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      if (heading[1]) blocks.push({ kind: 'heading', pieces: parseInline(heading[1]) });
    } else if (RULE.test(line)) {
      flushParagraph();
      flushList();
    } else if (item) {
      flushParagraph();
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        flushList();
        list = { ordered, items: [] };
      }
      list.items.push(parseInline(item[3]!));
    } else if (!line.trim()) {
      flushParagraph();
      flushList();
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}
