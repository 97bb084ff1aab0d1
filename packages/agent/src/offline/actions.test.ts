import { describe, expect, it } from 'vitest';
import { applyActions, parseActionText } from '../protocol';
import { editBlocks, fileAction, groupText } from './actions';

const file = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') + '\n';

describe('editBlocks', () => {
  it('writes one small block per changed region, each SEARCH unique, reproducing the new text', () => {
    const after = file.replace('line 5\n', 'line five\n').replace('line 30\n', 'line 30\nline 30b\n');
    const blocks = editBlocks(file, after)!;
    expect(blocks).toHaveLength(2);
    let text = file;
    for (const b of blocks) {
      expect(text.split(b.search).length - 1).toBe(1);
      text = text.replace(b.search, b.replace);
    }
    expect(text).toBe(after);
    expect(blocks[0]!.search.split('\n').length).toBeLessThanOrEqual(5);
  });

  it('widens the context until a repeated line is unambiguous', () => {
    const before = 'a\nx\nb\nx\nc\nd\ne\n';
    const blocks = editBlocks(before, 'a\nx\nb\ny\nc\nd\ne\n')!;
    for (const b of blocks) expect(before.split(b.search).length - 1).toBe(1);
  });

  it('gives up (whole-file rewrite) when a block would hold a SEARCH/REPLACE marker line', () => {
    expect(editBlocks('a\nb\nc\n', 'a\n=======\nc\n')).toBeNull();
  });

  it('rewrites a large file changed all over, edits a small one in place', () => {
    const large = Array.from({ length: 200 }, (_, i) => `const value${i} = ${i};`).join('\n');
    expect(fileAction('pages/A.jsx', large, large.replace(/value/g, 'item'))).toMatchObject({ type: 'add_file' });
    expect(fileAction('app.json', '{ "name": "A" }\n', '{ "name": "B" }\n')).toMatchObject({ type: 'edit_file' });
    expect(fileAction('pages/A.jsx', file, file)).toBeNull();
    expect(fileAction('pages/A.jsx', undefined, file)).toMatchObject({ type: 'add_file' });
  });

  it('round-trips through the real parser and applier', () => {
    const after = file.replace('line 12\n', 'line twelve\n');
    const text = groupText('Edit', [fileAction('services/a.js', file, after)!]);
    const parsed = parseActionText(text, { isFinal: true });
    expect(parsed.actions.map((a) => a.type)).toEqual(['edit_file']);
    const applied = applyActions({ files: { 'app.json': '{}', 'services/a.js': file }, entities: {} }, parsed.actions);
    expect(applied.issues).toEqual([]);
    expect(applied.snapshot.files['services/a.js']).toBe(after);
  });
});
