import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '@tessera/contracts/entities';
import { columnsFromSchema, withOption, withoutProperty, withProperty } from './columns';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    due: { type: 'string', format: 'date-time' },
    cover_image: { type: 'string' },
    status: { type: 'string', enum: ['todo', 'done'] },
    estimate: { type: 'integer' },
    urgent: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    meta: { type: 'object' },
    list: { type: 'array' },
  },
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

describe('columnsFromSchema', () => {
  it('maps every property type and adds Created At and User ID', () => {
    const columns = columnsFromSchema(schema);
    expect(columns.map((c) => c.dataType)).toEqual([
      'text',
      'datetime',
      'image',
      'select',
      'number',
      'boolean',
      'multiselect',
      'json',
      'json',
      'datetime',
      'text',
    ]);
    expect(columns.slice(-2).map((c) => [c.label, c.readonly, c.width])).toEqual([
      ['Created At', true, 208],
      ['User ID', true, 150],
    ]);
    expect(columns.find((c) => c.key === 'tags')!.width).toBe(200);
    expect(columns.find((c) => c.key === 'status')!.options.map((o) => o.label)).toEqual(['todo', 'done']);
  });
});

describe('schema edits', () => {
  it('inserts, removes and adds options', () => {
    const added = withProperty(schema, 'notes', { type: 'string' }, 1);
    expect(Object.keys(added.properties).slice(0, 3)).toEqual(['title', 'notes', 'due']);
    expect(Object.keys(withoutProperty(added, 'notes').properties)).not.toContain('notes');
    expect(withOption(schema, 'status', '  ')).toBe(schema);
    expect(withOption(schema, 'status', 'doing').properties.status!.enum).toEqual(['todo', 'done', 'doing']);
    expect(withOption(schema, 'tags', 'c').properties.tags!.items!.enum).toEqual(['a', 'b', 'c']);
  });
});
