import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { type EntitySchema } from '@tessera/contracts/entities';
import {
  columnFor,
  columnsFromMappings,
  CSV_BATCH_CONCURRENCY,
  CSV_BATCH_SIZE,
  detectColumnSeparator,
  fallbackColumns,
  formatMessage,
  importOutcome,
  isCsvFileName,
  prepareRecords,
  readNdjson,
  runBatches,
  toCsvMappings,
} from './csv-import';
import { parseCsv, splitCsvRecords, toCsvText } from './csv-import-parse';
import { ImportRefusedError, streamCsvImport } from './csv-import-stream';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    inStock: { type: 'boolean' },
    launched: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object' },
  },
  required: ['name'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

describe('reading the file (docs/product/database.md#rules-and-messages)', () => {
  it('accepts only .csv names', () => {
    expect(['a.csv', 'B.CSV', 'x.y.Csv'].map(isCsvFileName)).toEqual([true, true, true]);
    expect(['a.txt', 'a.csv.txt', 'csv', 'a.xlsx'].map(isCsvFileName)).toEqual([false, false, false, false]);
  });

  it('trims values, skips empty and bad lines, reads quotes and line breaks in quotes', () => {
    const text =
      '\uFEFFName , Price,Tags\r\n  Lamp ,  12.5 ,"a, b"\r\n\r\n , , \r\nbad line\r\n"Desk ""XL""",99,"x\ny"\r\n"Chair"oops,1,2\r\nToo,many,cells,here\r\n';
    const result = parseCsv(text);
    expect(result).toEqual({
      ok: true,
      headers: ['Name', 'Price', 'Tags'],
      rows: [
        { Name: 'Lamp', Price: '12.5', Tags: 'a, b' },
        { Name: 'Desk "XL"', Price: '99', Tags: 'x\ny' },
      ],
      lines: [2, 6],
      skippedLines: 3,
    });
  });

  it("gives each row the file's line it starts on (header, blank lines and line breaks in quotes counted)", () => {
    const result = parseCsv('\n"Na\nme",price\r\n"a\r\nb\nc",1\n\nd,2\re,3');
    expect(result.ok && result.lines).toEqual([4, 8, 9]);
  });

  it('names blank and repeated headers so each column can be mapped', () => {
    const result = parseCsv('name,,name\n1,2,3\n');
    expect(result.ok && result.headers).toEqual(['name', 'Column 2', 'name (2)']);
  });

  it('tells an empty file, an unreadable one and one without valid rows apart', () => {
    expect(parseCsv('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseCsv(' \r\n\n ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseCsv('name,price\n"Lamp,3\n')).toEqual({ ok: false, reason: 'parse' });
    expect(parseCsv('PK\u0003\u0004\u0000\u0000binary')).toEqual({ ok: false, reason: 'parse' });
    expect(parseCsv('"a"b,c\n1,2')).toEqual({ ok: false, reason: 'parse' });
    expect(parseCsv('name,price\n\n')).toEqual({ ok: false, reason: 'noRows' });
    expect(parseCsv('name,price\nonly-one-cell\n')).toEqual({ ok: false, reason: 'noRows' });
  });

  it('writes the parsed rows back as CSV that reads the same', () => {
    const parsed = parseCsv('a,b\n"x, ""y""",2\n"multi\nline",3\n');
    if (!parsed.ok) throw new Error('parse failed');
    const again = parseCsv(toCsvText(parsed.headers, parsed.rows));
    expect(again).toEqual(parsed);
    expect(splitCsvRecords('a,b\r\n1,2')).toEqual([
      { fields: ['a', 'b'], isMalformed: false, line: 1 },
      { fields: ['1', '2'], isMalformed: false, line: 2 },
    ]);
  });
});

describe('separator detection (docs/product/database.md#rules-and-messages)', () => {
  const rows = (cells: string[]) => cells.map((tags) => ({ tags }));
  it('prefers a line break, then a semicolon, else a comma', () => {
    expect(detectColumnSeparator(rows(['a;b', 'c\nd']), 'tags')).toBe('\n');
    expect(detectColumnSeparator(rows(['a;b', 'c,d']), 'tags')).toBe(';');
    expect(detectColumnSeparator(rows(['a,b', 'c|d']), 'tags')).toBe(',');
    expect(detectColumnSeparator(rows(['', 'single']), 'tags')).toBe(',');
  });
});

describe('mapping (docs/product/database.md#data)', () => {
  const headers = ['NAME', 'Price', 'Tags', 'Launched', 'Notes'];
  const rows = [{ NAME: 'Lamp', Price: '12', Tags: 'a;b', Launched: '2026-01-02', Notes: 'x' }];

  it('falls back to exact case-insensitive names, with the separator detected from the rows', () => {
    expect(fallbackColumns(headers, schema, rows)).toEqual([
      { csvHeader: 'NAME', schemaField: 'name', dataType: 'text', splitCharacter: null },
      { csvHeader: 'Price', schemaField: 'price', dataType: 'number', splitCharacter: null },
      { csvHeader: 'Tags', schemaField: 'tags', dataType: 'text', splitCharacter: ';' },
      { csvHeader: 'Launched', schemaField: 'launched', dataType: 'datetime', splitCharacter: null },
      { csvHeader: 'Notes', schemaField: null, dataType: 'text', splitCharacter: null },
    ]);
  });

  it('keeps usable AI suggestions and drops unknown headers, unknown fields and repeats', () => {
    const columns = columnsFromMappings(
      headers,
      [
        { csvHeader: 'NAME', schemaField: 'name', dataType: 'text' },
        { csvHeader: 'Notes', schemaField: 'name', dataType: 'text' },
        { csvHeader: 'Ghost', schemaField: 'price', dataType: 'number' },
        { csvHeader: 'Price', schemaField: 'colour', dataType: 'text' },
        { csvHeader: 'Tags', schemaField: 'tags', dataType: 'text', splitCharacter: '|' },
        { csvHeader: 'Launched', schemaField: 'meta.launched', dataType: 'datetime' },
      ],
      schema,
      rows,
    );
    expect(columns.map((c) => [c.csvHeader, c.schemaField, c.dataType, c.splitCharacter])).toEqual([
      ['NAME', 'name', 'text', null],
      ['Price', null, 'text', null],
      ['Tags', 'tags', 'text', '|'],
      ['Launched', 'meta.launched', 'datetime', null],
      ['Notes', null, 'text', null],
    ]);
  });

  it('drops AI suggestions into __proto__, constructor or prototype', () => {
    const columns = columnsFromMappings(
      ['NAME', 'Price', 'Notes'],
      [
        { csvHeader: 'NAME', schemaField: '__proto__.polluted', dataType: 'text' },
        { csvHeader: 'Price', schemaField: 'constructor', dataType: 'text' },
        { csvHeader: 'Notes', schemaField: 'meta.prototype', dataType: 'text' },
      ],
      schema,
      rows,
    );
    expect(columns.map((c) => c.schemaField)).toEqual([null, null, null]);
  });

  it('maps a dotted path as a single text value inside the object field', () => {
    expect(columnFor('City', 'meta.city', schema, [{ City: 'Oslo;Bergen' }])).toEqual({
      csvHeader: 'City',
      schemaField: 'meta.city',
      dataType: 'text',
      splitCharacter: null,
    });
  });

  it('sends only mapped columns', () => {
    const columns = [
      columnFor('NAME', 'name', schema, rows),
      columnFor('Tags', 'tags', schema, rows),
      columnFor('Notes', null, schema, rows),
    ];
    expect(toCsvMappings(columns)).toEqual([
      { csvHeader: 'NAME', schemaField: 'name', dataType: 'text' },
      { csvHeader: 'Tags', schemaField: 'tags', dataType: 'text', splitCharacter: ';' },
    ]);
  });
});

describe('conversions through the contracts helpers', () => {
  it('converts each row and sets aside the rows the entity would refuse', () => {
    const mappings = toCsvMappings([
      { csvHeader: 'n', schemaField: 'name', dataType: 'text', splitCharacter: null },
      { csvHeader: 'p', schemaField: 'price', dataType: 'number', splitCharacter: null },
      { csvHeader: 's', schemaField: 'inStock', dataType: 'boolean', splitCharacter: null },
      { csvHeader: 'd', schemaField: 'launched', dataType: 'datetime', splitCharacter: null },
      { csvHeader: 't', schemaField: 'tags', dataType: 'text', splitCharacter: '|' },
      { csvHeader: 'm', schemaField: 'meta', dataType: 'json', splitCharacter: null },
    ]);
    const prepared = prepareRecords(
      [
        { n: 'Lamp', p: '12.5 EUR', s: 'TRUE', d: '2026-01-02', t: 'a| b ||c', m: '{"k":1}' },
        { n: '', p: '3', s: 'no', d: '', t: '', m: '' },
        { n: 'Desk', p: 'cheap', s: '', d: '', t: '', m: '' },
        { n: '', p: '', s: '', d: '', t: '', m: '' },
      ],
      mappings,
      'Product',
      schema,
    );
    expect(prepared.records).toEqual([
      {
        row: 1,
        record: {
          name: 'Lamp',
          price: 12.5,
          inStock: true,
          launched: '2026-01-02T00:00:00.000Z',
          tags: ['a', 'b', 'c'],
          meta: { k: 1 },
        },
      },
    ]);
    expect(prepared.invalid.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(prepared.invalid[0]!.message).toBe('Product.name is required');
  });
});

describe('batches of 10, 3 at a time (docs/product/database.md#limits)', () => {
  it('never has more than 3 batches in flight and reports completed rows', async () => {
    expect([CSV_BATCH_SIZE, CSV_BATCH_CONCURRENCY]).toEqual([10, 3]);
    let inFlight = 0;
    let maxInFlight = 0;
    const sizes: number[] = [];
    const progress: number[] = [];
    const result = await runBatches({
      items: Array.from({ length: 95 }, (_, i) => i),
      run: async (batch) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        sizes.push(batch.length);
        await new Promise((r) => setTimeout(r, 2 + (batch[0]! % 3)));
        inFlight--;
        if (batch[0] === 40) throw new Error('boom');
      },
      onProgress: (done) => progress.push(done),
    });
    expect(maxInFlight).toBe(3);
    expect(sizes.sort((a, b) => a - b)).toEqual([5, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(result).toMatchObject({ done: 95, failed: 10 });
    expect(result.errors).toHaveLength(1);
    expect(progress.at(-1)).toBe(95);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('does nothing for no rows', async () => {
    expect(await runBatches({ items: [], run: async () => {} })).toEqual({ done: 0, failed: 0, errors: [] });
  });
});

describe('outcome messages (docs/product/database.md#errors)', () => {
  it('uses the catalogue texts', () => {
    expect(importOutcome({ total: 3, imported: 2, failed: 1, isFatal: false }).text).toBe(
      'Import completed with 1 failed row out of 3 total',
    );
    expect(importOutcome({ total: 12, imported: 12, failed: 0, isFatal: false })).toEqual({
      tone: 'success',
      text: 'Successfully imported all 12 rows',
    });
    expect(importOutcome({ total: 12, imported: 9, failed: 3, isFatal: false })).toEqual({
      tone: 'warning',
      text: 'Import completed with 3 failed rows out of 12 total',
    });
    expect(importOutcome({ total: 12, imported: 0, failed: 0, isFatal: true })).toEqual({
      tone: 'error',
      text: MESSAGES.csvImport.importFailed,
    });
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('streamed import', () => {
  const summary = (imported: number, total = 1500) => ({ total, imported, failed: 0, errors: [] });
  const ndjson = (...lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');
  /** A response whose body arrives in the given chunks, optionally breaking after them. */
  const streamed = (chunks: string[], breakAfter = false) =>
    new Response(
      new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next !== undefined) controller.enqueue(new TextEncoder().encode(next));
          else if (breakAfter) controller.error(new TypeError('network error'));
          else controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'application/x-ndjson' } },
    );

  it('reads NDJSON split across chunks', () => {
    const first = readNdjson('{"type":"progress","total":1000,"imported":1000,"failed":0,"errors":[]}\n{"type":"do');
    expect(first.events).toHaveLength(1);
    expect(readNdjson(`${first.rest}ne","total":1,"imported":1,"failed":0,"errors":[]}\nnot json\n`).events).toEqual([
      { type: 'done', total: 1, imported: 1, failed: 0, errors: [] },
    ]);
  });

  it('sends the mapping and importId before the file, and retries a broken stream with the same importId', async () => {
    const importIds: string[] = [];
    const progress: number[] = [];
    let calls = 0;
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const form = init.body as FormData;
      expect([...form.keys()]).toEqual(['mapping', 'importId', 'file']);
      expect((init.headers as Record<string, string>).accept).toBe('application/x-ndjson');
      importIds.push(String(form.get('importId')));
      calls++;
      if (calls === 1) return streamed([ndjson({ type: 'progress', ...summary(1000) })], true);
      return streamed([
        ndjson({ type: 'progress', ...summary(1000) }).slice(0, 20),
        ndjson({ type: 'progress', ...summary(1000) }).slice(20),
        ndjson({ type: 'done', ...summary(1500) }),
      ]);
    }) as unknown as typeof fetch;
    const result = await streamCsvImport({
      url: '/x/import',
      file: new Blob(['a\n1\n']),
      fileName: 'a.csv',
      mappings: [{ csvHeader: 'a', schemaField: 'name', dataType: 'text' }],
      importId: 'imp-1',
      token: 't',
      onProgress: (s) => progress.push(s.imported),
      fetchImpl,
      sleep: async () => {},
    });
    expect(result).toEqual(summary(1500));
    expect(importIds).toEqual(['imp-1', 'imp-1']);
    expect(progress).toEqual([1000, 1000, 1500]);
  });

  it('does not retry when the server refuses the import', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return streamed([
        ndjson({ type: 'error', code: 'VALIDATION_FAILED', message: 'mapping: map at least one column' }),
      ]);
    }) as unknown as typeof fetch;
    await expect(
      streamCsvImport({
        url: '/x',
        file: new Blob(['a']),
        fileName: 'a.csv',
        mappings: [],
        importId: 'i',
        token: null,
        onProgress: () => {},
        fetchImpl,
        sleep: async () => {},
      }),
    ).rejects.toBeInstanceOf(ImportRefusedError);
    expect(calls).toBe(1);
  });

  it('gives up after the retries', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(
      streamCsvImport({
        url: '/x',
        file: new Blob(['a']),
        fileName: 'a.csv',
        mappings: [],
        importId: 'i',
        token: null,
        onProgress: () => {},
        fetchImpl,
        sleep: async () => {},
        retries: 2,
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(calls).toBe(3);
  });
});
