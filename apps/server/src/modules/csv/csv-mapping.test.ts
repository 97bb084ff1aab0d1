import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '@tessera/contracts/entities';
import { headerScore, suggestCsvMapping } from './csv-mapping';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    productName: { type: 'string' },
    price: { type: 'number' },
    inStock: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    description: { type: 'string' },
    launchDate: { type: 'string', format: 'date' },
    quantity: { type: 'integer' },
  },
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

describe('offline CSV mapping model', () => {
  it('maps headers that name fields in other words', () => {
    const headers = [
      'Product Name',
      'Cost (USD)',
      'In stock?',
      'Keywords',
      'Desc',
      'Launch date',
      'Qty',
      'Internal id',
    ];
    const preview = [{ Keywords: 'a;b', 'Product Name': 'Lamp' }];
    expect(suggestCsvMapping(headers, schema, preview)).toEqual([
      { csvHeader: 'Product Name', schemaField: 'productName', dataType: 'text' },
      { csvHeader: 'Cost (USD)', schemaField: 'price', dataType: 'number' },
      { csvHeader: 'In stock?', schemaField: 'inStock', dataType: 'boolean' },
      { csvHeader: 'Keywords', schemaField: 'tags', dataType: 'text', splitCharacter: ';' },
      { csvHeader: 'Desc', schemaField: 'description', dataType: 'text' },
      { csvHeader: 'Launch date', schemaField: 'launchDate', dataType: 'datetime' },
      { csvHeader: 'Qty', schemaField: 'quantity', dataType: 'number' },
    ]);
  });

  it('uses each field once, for the best header', () => {
    const mappings = suggestCsvMapping(['name', 'product_name'], schema, []);
    expect(mappings).toEqual([{ csvHeader: 'product_name', schemaField: 'productName', dataType: 'text' }]);
  });

  it('scores exact, partial and unrelated names', () => {
    expect(headerScore('product_name', 'productName')).toBe(1);
    expect(headerScore('Name', 'productName')).toBeGreaterThanOrEqual(0.5);
    expect(headerScore('Colour', 'price')).toBe(0);
  });
});
