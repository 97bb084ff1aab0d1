import { describe, expect, it } from 'vitest';
import { applySearchReplace, parseSearchReplace } from './search-replace';

const FILE = [
  'function a() {',
  '  const x = 1;',
  '',
  '  return x;',
  '}',
  '',
  'function b() {',
  '  return 2;',
  '}',
].join('\n');

describe('parseSearchReplace', () => {
  it('reads several blocks with sloppy markers and ignores fences and prose between them', () => {
    const text = [
      'Change a:',
      '```js',
      '<<<<<<<  SEARCH  ',
      'a',
      '=======   ',
      'b',
      '>>>>>>>>',
      '```',
      '<<<<<<< SEARCH',
      'c',
      '=======',
      '',
      '>>>>>>> REPLACE extra',
    ].join('\n');
    expect(parseSearchReplace(text)).toEqual({
      ok: true,
      blocks: [
        { search: 'a', replace: 'b' },
        { search: 'c', replace: '' },
      ],
    });
  });

  it('refuses blocks with a missing marker and bodies without blocks', () => {
    expect(parseSearchReplace('<<<<<<< SEARCH\na\n>>>>>>> REPLACE')).toEqual({
      ok: false,
      error: 'block 1 has no "=======" between its SEARCH and REPLACE text',
    });
    expect(parseSearchReplace('<<<<<<< SEARCH\na\n=======\nb')).toEqual({
      ok: false,
      error: 'block 1 is missing its ">>>>>>> REPLACE" marker',
    });
    expect(parseSearchReplace('<<<<<<< SEARCH\na')).toEqual({
      ok: false,
      error: 'block 1 is unfinished (no "=======" and ">>>>>>> REPLACE")',
    });
    expect(parseSearchReplace('=======\nb\n>>>>>>> REPLACE').ok).toBe(false);
    expect(parseSearchReplace('whole file').ok).toBe(false);
  });
});

describe('applySearchReplace', () => {
  it('replaces the exact text, first occurrence only', () => {
    expect(applySearchReplace('a a a', { search: 'a', replace: 'b' })).toBe('b a a');
  });

  it('matches ignoring indentation and re-indents the replacement', () => {
    expect(
      applySearchReplace(FILE, {
        search: '    function b() {\n      return 2;',
        replace: '    function b() {\n      const y = 2;\n      return y;',
      }),
    ).toBe(FILE.replace('function b() {\n  return 2;', 'function b() {\n  const y = 2;\n  return y;'));
    expect(
      applySearchReplace(FILE, { search: 'function b() {\n    return  2;', replace: 'function c() {\n    return 3;' }),
    ).toBe(FILE.replace('function b() {\n  return 2;', 'function c() {\n    return 3;'));
  });

  it('matches ignoring blank lines the model added or dropped', () => {
    const out = applySearchReplace(FILE, { search: '  const x = 1;\n  return x;', replace: '  return 1;' });
    expect(out).toBe(['function a() {', '  return 1;', '}', '', 'function b() {', '  return 2;', '}'].join('\n'));
  });

  it('returns null when the text is nowhere, or the SEARCH text is empty', () => {
    expect(applySearchReplace(FILE, { search: 'return 3;', replace: 'x' })).toBeNull();
    expect(applySearchReplace(FILE, { search: '  \n', replace: 'x' })).toBeNull();
  });
});
