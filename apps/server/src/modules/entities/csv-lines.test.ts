import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { createCsvLineCounter } from './csv-lines';

/** Parses `csv` in chunks of `size` characters as the import worker does: each row's start line. */
function rowLines(csv: string, size: number): Promise<Array<[string, number]>> {
  const lines = createCsvLineCounter();
  const out: Array<[string, number]> = [];
  const source = Object.assign(new EventEmitter(), { readable: true, read() {}, pause() {}, resume() {} });
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(source as unknown as NodeJS.ReadableStream, {
      header: true,
      skipEmptyLines: 'greedy',
      step: ({ data, meta }) => out.push([data.name!, lines.rowStart(meta.cursor, Object.values(data))]),
      complete: () => resolve(out),
      error: reject,
    });
    for (let i = 0; i < csv.length; i += size) {
      const chunk = csv.slice(i, i + size);
      lines.append(chunk);
      source.emit('data', chunk);
    }
    source.emit('end');
  });
}

describe('createCsvLineCounter', () => {
  const csv = ['name,note', 'A,plain', '"B","two', 'lines"', '', '   ', 'C,"three\r\nmore\rlines"', 'D,last'].join(
    '\n',
  );

  it.each([1, 2, 3, 7, 1000])('finds the line each row starts on, in chunks of %i characters', async (size) => {
    expect(await rowLines(csv, size)).toEqual([
      ['A', 2],
      ['B', 3],
      ['C', 7],
      ['D', 10],
    ]);
  });

  it('counts CRLF files, a last row without a line break and blank lines before the header', async () => {
    expect(await rowLines('\r\nname\r\nA\r\n"B\r\nb"\r\n\r\nC', 4)).toEqual([
      ['A', 3],
      ['B\r\nb', 4],
      ['C', 7],
    ]);
  });
});
