import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '@tessera/contracts/entities';
import { createCsvBatcher, rowUuid, uuidFrom, type CsvBatchOptions, type CsvRow } from './csv-batches';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name'],
  'x-accessControl': { permissions: { read: 'all', write: 'all' } },
};
const options = (more: Partial<CsvBatchOptions> = {}): CsvBatchOptions => ({
  entity: 'Product',
  schema,
  mappings: null,
  idKey: null,
  contentKey: 'app\nProduct\nowner\n',
  batchRows: 2,
  maxRows: 100,
  errorsKept: 20,
  ...more,
});

describe('createCsvBatcher', () => {
  it('cuts batches of batchRows as JSON text, with deterministic ids from idKey and the row number', () => {
    const batcher = createCsvBatcher(options({ idKey: 'app\nProduct\nimp\n' }));
    expect(batcher.add({ name: ' Lamp ', price: '2.5', tags: 'a, b' }, 2)).toBeNull();
    const batch = batcher.add({ name: 'Desk', price: '', tags: '' }, 3)!;
    expect(batch).toMatchObject({ rows: 2, total: 2, failed: 0, errors: [] });
    expect(JSON.parse(batch.json)).toEqual([
      { id: uuidFrom('app\nProduct\nimp\n1'), data: { name: 'Lamp', price: 2.5, tags: ['a', 'b'] } },
      { id: uuidFrom('app\nProduct\nimp\n2'), data: { name: 'Desk' } },
    ]);
    expect(batcher.finish()).toEqual({ batch: null, progress: { total: 2, failed: 0, errors: [] } });
  });

  it('counts bad rows, reports the first errorsKept once each, and ends with the partial batch', () => {
    const batcher = createCsvBatcher(options({ errorsKept: 2 }));
    expect(batcher.add({ name: '', price: '1' }, 2)).toBeNull();
    expect(batcher.add({ name: 'A', price: 'abc' }, 5)).toBeNull();
    expect(batcher.add({ name: 'B', __parsed_extra: ['x'] } as unknown as CsvRow, 6)).toBeNull();
    const first = batcher.add({ name: 'C' }, 7);
    expect(first).toBeNull();
    const { batch, progress } = batcher.finish();
    expect(batch).toMatchObject({ rows: 1, total: 4, failed: 3 });
    expect(batch!.errors).toEqual([
      { row: 1, line: 2, message: 'Line 2: Product.name is required' },
      { row: 2, line: 5, message: 'Line 5: Product.price must be a number' },
    ]);
    // The errors went out with the batch; the final counters carry no repeat.
    expect(progress).toEqual({ total: 4, failed: 3, errors: [] });
  });

  it('refuses a file past maxRows and a header with no matching column', () => {
    const batcher = createCsvBatcher(options({ maxRows: 1 }));
    batcher.add({ name: 'A' }, 2);
    expect(() => batcher.add({ name: 'B' }, 3)).toThrow('At most 1 row per import');
    expect(() => createCsvBatcher(options({ maxRows: 2 })).add({ colour: 'red' }, 2)).toThrow(
      'None of the CSV columns (colour) match a field of Product',
    );
  });
});

describe('ids without an importId', () => {
  const keyHash = createHash('sha256').update('app\nProduct\nowner\n').digest('hex');

  it('come from the target, the row number and the row, so the same file sent again makes the same ids', () => {
    const ids = () => {
      const batcher = createCsvBatcher(options({ batchRows: 10 }));
      batcher.add({ name: 'Lamp', price: '2' }, 2);
      batcher.add({ name: 'Desk' }, 3);
      return (JSON.parse(batcher.finish().batch!.json) as Array<{ id: string }>).map((r) => r.id);
    };
    expect(ids()).toEqual([rowUuid(keyHash, 1, '{"name":"Lamp","price":2}'), rowUuid(keyHash, 2, '{"name":"Desk"}')]);
    expect(ids()).toEqual(ids());
    const other = createCsvBatcher(options({ batchRows: 10, contentKey: 'app\nProduct\nsomeone-else\n' }));
    other.add({ name: 'Lamp', price: '2' }, 2);
    expect(JSON.parse(other.finish().batch!.json)[0].id).not.toBe(ids()[0]);
  });

  it('are UUID-shaped, differ for another row at the same place, and sort in file order', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => rowUuid(keyHash, i + 1, `{"n":${5000 - i}}`));
    for (const id of rows) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...rows].sort()).toEqual(rows);
    expect(new Set(rows).size).toBe(rows.length);
    expect(rowUuid(keyHash, 7, '{"n":1}')).not.toBe(rowUuid(keyHash, 7, '{"n":2}'));
    expect(rowUuid(keyHash, 999_999, '{}') > rowUuid(keyHash, 65_536, '{}')).toBe(true);
  });
});
