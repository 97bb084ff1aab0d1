import { describe, expect, it } from 'vitest';
import { csvField, exportFileName, toCsv } from './csv-export';

describe('csv export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('neutralises formula starts', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField(-2)).toBe("'-2");
  });

  it('writes a header and rows', () => {
    expect(
      toCsv(
        [
          { key: 'a', label: 'A' },
          { key: 'b', label: 'B' },
        ],
        [{ a: 1, b: true }, { a: 'x' }],
      ),
    ).toBe('A,B\r\n1,true\r\nx,\r\n');
  });

  it('names the file after the entity and the day', () => {
    expect(exportFileName('Task', new Date(2026, 0, 5, 23, 0))).toBe('Task_export_2026-01-05.csv');
  });
});
