import { describe, expect, it } from 'vitest';
import { buildFileDiff } from './diff';

const lines = (n: number, change?: [number, string]) =>
  Array.from({ length: n }, (_, i) => (change && change[0] === i ? change[1] : `line ${i + 1}`)).join('\n') + '\n';

describe('buildFileDiff', () => {
  it('keeps 3 lines of context and numbers both sides', () => {
    const d = buildFileDiff(lines(20), lines(20, [9, 'line ten changed']));
    expect(d.hunks).toHaveLength(1);
    const hunk = d.hunks[0]!;
    expect(hunk.header).toBe('@@ -7,7 +7,7 @@');
    expect(hunk.lines.map((l) => l.kind)).toEqual([
      'context',
      'context',
      'context',
      'del',
      'add',
      'context',
      'context',
      'context',
    ]);
    expect(hunk.lines[3]).toMatchObject({ oldNumber: 10, newNumber: null, text: 'line 10' });
    expect(hunk.lines[4]).toMatchObject({ oldNumber: null, newNumber: 10, text: 'line ten changed' });
    expect([d.added, d.removed]).toEqual([1, 1]);
  });
  it('highlights changed words of a replaced line', () => {
    const d = buildFileDiff('const a = 1;\n', 'const a = 2;\n');
    expect(d.isWordLevel).toBe(true);
    const [del, add] = d.hunks[0]!.lines;
    expect(del!.segments!.filter((s) => s.changed).map((s) => s.text)).toEqual(['1']);
    expect(add!.segments!.filter((s) => s.changed).map((s) => s.text)).toEqual(['2']);
  });
  it('turns word-level highlighting off when a side exceeds 10,000 characters', () => {
    const big = `${'x'.repeat(10_001)}\n`;
    const d = buildFileDiff(big, `${big}more\n`);
    expect(d.isWordLevel).toBe(false);
    expect(d.hunks[0]!.lines.every((l) => !l.segments)).toBe(true);
  });
  it('shows an added file as all additions', () => {
    const d = buildFileDiff('', 'a\nb\n');
    expect(d.hunks[0]!.lines.map((l) => l.kind)).toEqual(['add', 'add']);
  });
});
