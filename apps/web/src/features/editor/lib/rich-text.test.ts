import { describe, expect, it } from 'vitest';
import { parseInline, parseRichText } from './rich-text';

describe('parseRichText', () => {
  it('splits paragraphs and lists and reads bold and code', () => {
    const blocks = parseRichText(
      '**Task Tracker** is ready.\n\n- **Task**: title\n- `Project`: name\n\n1. one\n2. two\nDone',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'list', 'paragraph']);
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      pieces: [
        { kind: 'bold', text: 'Task Tracker' },
        { kind: 'text', text: ' is ready.' },
      ],
    });
    expect(blocks[1]).toMatchObject({
      ordered: false,
      items: [
        [
          { kind: 'bold', text: 'Task' },
          { kind: 'text', text: ': title' },
        ],
        [
          { kind: 'code', text: 'Project' },
          { kind: 'text', text: ': name' },
        ],
      ],
    });
    expect(blocks[2]).toMatchObject({ ordered: true });
  });
  it('reads headings of any level and drops rules between sections', () => {
    const blocks = parseRichText('## What I built\nA **tracker**.\n\n---\n\n### Next steps ###\n- add tags');
    expect(blocks).toEqual([
      { kind: 'heading', pieces: [{ kind: 'text', text: 'What I built' }] },
      {
        kind: 'paragraph',
        pieces: [
          { kind: 'text', text: 'A ' },
          { kind: 'bold', text: 'tracker' },
          { kind: 'text', text: '.' },
        ],
      },
      { kind: 'heading', pieces: [{ kind: 'text', text: 'Next steps' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'add tags' }]] },
    ]);
    expect(parseRichText('#hashtag stays text')).toEqual([
      { kind: 'paragraph', pieces: [{ kind: 'text', text: '#hashtag stays text' }] },
    ]);
  });
  it('leaves unmatched markers as text', () => {
    expect(parseInline('a ** b')).toEqual([{ kind: 'text', text: 'a ** b' }]);
  });
});
