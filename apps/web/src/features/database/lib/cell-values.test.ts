import { describe, expect, it } from 'vitest';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { imageFileProblem, isEmptyRow, isLongText, parseCellInput, toBoolean } from './cell-values';

describe('cell values (docs/product/database.md#rules-and-messages)', () => {
  it('flags long text over 50 characters or with a newline', () => {
    expect(isLongText('x'.repeat(50))).toBe(false);
    expect(isLongText('x'.repeat(51))).toBe(true);
    expect(isLongText('a\nb')).toBe(true);
    expect(isLongText(42)).toBe(false);
  });

  it('parses JSON, empty as null, with the reason when invalid', () => {
    const json = { dataType: 'json', label: 'meta' } as const;
    expect(parseCellInput(json, '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseCellInput(json, '  ')).toEqual({ ok: true, value: null });
    expect(parseCellInput(json, '{oops')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Invalid JSON: .+/),
    });
  });

  it('converts numbers and booleans', () => {
    const num = { dataType: 'number', label: 'estimate' } as const;
    expect(parseCellInput(num, ' 3.5 ')).toEqual({ ok: true, value: 3.5 });
    expect(parseCellInput(num, '')).toEqual({ ok: true, value: null });
    expect(parseCellInput(num, 'abc')).toEqual({ ok: false, error: 'estimate must be a number' });
    for (const v of [true, 1, 'true', '1']) expect(toBoolean(v)).toBe(true);
    for (const v of [false, 0, 'false', 'yes', null]) expect(toBoolean(v)).toBe(false);
  });

  it('knows an empty row', () => {
    expect(isEmptyRow({ a: '', b: null, c: [] })).toBe(true);
    expect(isEmptyRow({ a: 0 })).toBe(false);
  });
});

describe('image uploads (docs/product/database.md#rules-and-messages)', () => {
  it('take images under 10,000,000 bytes only', () => {
    expect(imageFileProblem({ type: 'image/png', size: 9_999_999 })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: 10_000_000 })).toBe('File size to large');
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(RUNTIME_MESSAGES.notAnImage);
  });
});
