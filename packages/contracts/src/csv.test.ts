import { describe, expect, it } from 'vitest';
import { basicCsvMapping, convertCsvValue, csvRowToRecord } from './csv';
import type { EntitySchema } from './entities';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    when: { type: 'string', format: 'date' },
    meta: { type: 'object' },
  },
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

describe('CSV conversions (docs/product/database.md#rules-and-messages)', () => {
  it('matches headers to fields case-insensitively and ignores the rest', () => {
    expect(basicCsvMapping(['NAME', 'Price', 'Tags', 'When', 'Meta', 'Other'], schema)).toEqual([
      { csvHeader: 'NAME', schemaField: 'name', dataType: 'text' },
      { csvHeader: 'Price', schemaField: 'price', dataType: 'number' },
      { csvHeader: 'Tags', schemaField: 'tags', dataType: 'text', splitCharacter: ',' },
      { csvHeader: 'When', schemaField: 'when', dataType: 'datetime' },
      { csvHeader: 'Meta', schemaField: 'meta', dataType: 'json' },
    ]);
  });

  it('converts cells', () => {
    expect(convertCsvValue(' 3.5kg ', { dataType: 'number' })).toBe(3.5);
    expect(convertCsvValue('TRUE', { dataType: 'boolean' })).toBe(true);
    expect(convertCsvValue('yes', { dataType: 'boolean' })).toBe(false);
    expect(convertCsvValue('2026-01-02', { dataType: 'datetime' })).toBe('2026-01-02T00:00:00.000Z');
    expect(convertCsvValue('[1,2]', { dataType: 'json' })).toEqual([1, 2]);
    expect(convertCsvValue('{oops', { dataType: 'json' })).toBe('{oops');
    expect(convertCsvValue('a; b;;c ', { dataType: 'text', splitCharacter: ';' })).toEqual(['a', 'b', 'c']);
    expect(convertCsvValue('   ', { dataType: 'text' })).toBeUndefined();
  });

  it('builds nested fields from dotted paths', () => {
    expect(
      csvRowToRecord({ City: 'Oslo', Zip: '' }, [
        { csvHeader: 'City', schemaField: 'meta.city', dataType: 'text' },
        { csvHeader: 'Zip', schemaField: 'meta.zip', dataType: 'text' },
      ]),
    ).toEqual({ meta: { city: 'Oslo' } });
  });
});

describe('CSV rows with hostile mappings', () => {
  it('never writes through a prototype path, and reads only the row’s own cells', () => {
    const mappings = ['__proto__.polluted', 'constructor.prototype.polluted', 'meta.__proto__.polluted'].map(
      (schemaField) => ({ csvHeader: 'a', schemaField, dataType: 'text' as const }),
    );
    const record = csvRowToRecord({ a: 'x' }, mappings);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(record)).toBe('{}');
    expect(csvRowToRecord({ a: 'x' }, [{ csvHeader: 'constructor', schemaField: 'name', dataType: 'text' }])).toEqual(
      {},
    );
  });

  it('a dotted field under a plain value replaces it instead of throwing', () => {
    const mappings = [
      { csvHeader: 'a', schemaField: 'meta', dataType: 'text' as const },
      { csvHeader: 'b', schemaField: 'meta.city', dataType: 'text' as const },
    ];
    expect(csvRowToRecord({ a: 'x', b: 'Oslo' }, mappings)).toEqual({ meta: { city: 'Oslo' } });
  });
});
