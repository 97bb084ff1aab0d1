import { describe, expect, it } from 'vitest';
import { inferField, inferSchema, splitList } from './fields';
import { pluralize, singularize } from './text';

describe('field types from names', () => {
  it.each([
    ['title', { type: 'string' }],
    ['done', { type: 'boolean', default: false }],
    ['is_active', { type: 'boolean', default: false }],
    ['has_paid', { type: 'boolean', default: false }],
    ['shipped', { type: 'boolean', default: false }],
    ['due_date', { type: 'string', format: 'date' }],
    ['deadline', { type: 'string', format: 'date' }],
    ['due', { type: 'string', format: 'date' }],
    ['starts_at', { type: 'string', format: 'date-time' }],
    ['time', { type: 'string', format: 'date-time' }],
    ['cook_time', { type: 'number' }],
    ['price', { type: 'number' }],
    ['qty', { type: 'number' }],
    ['rating', { type: 'number', minimum: 0, maximum: 5 }],
    ['phone_number', { type: 'string' }],
    ['email', { type: 'string', format: 'email' }],
    ['website', { type: 'string', format: 'uri' }],
    ['avatar', { type: 'string', format: 'image' }],
    ['color', { type: 'string', format: 'color' }],
    ['tags', { type: 'array', items: { type: 'string' } }],
    ['priority', { type: 'string', enum: ['low', 'medium', 'high'], default: 'low' }],
  ])('%s', (key, schema) => {
    expect(inferSchema(key)).toEqual(schema);
  });

  it('reads hints, listed values, ranges, required marks and references', () => {
    expect(inferField('status (todo, doing, done)')).toEqual({
      key: 'status',
      schema: { type: 'string', enum: ['todo', 'doing', 'done'], default: 'todo' },
      required: false,
    });
    expect(inferField('score: 1-10')).toEqual({
      key: 'score',
      schema: { type: 'number', minimum: 1, maximum: 10 },
      required: false,
    });
    expect(inferField('notes (long text)')).toEqual({ key: 'notes', schema: { type: 'string' }, required: false });
    expect(inferField('visited (yes/no)')?.schema).toEqual({ type: 'boolean', default: false });
    expect(inferField('title*')).toMatchObject({ key: 'title', required: true });
    expect(inferField('photo')).toMatchObject({ key: 'photo_image', schema: { type: 'string', format: 'image' } });
    expect(inferField('project', ['Project'])).toEqual({
      key: 'project_id',
      schema: { type: 'string' },
      required: false,
    });
    expect(inferField('id')).toBeNull();
    expect(inferField('a')).toBeNull();
  });

  it('splits lists on commas and "and", not inside parentheses', () => {
    expect(splitList('title, done and status (todo, done)')).toEqual(['title', 'done', 'status (todo, done)']);
  });
});

describe('nouns', () => {
  it.each([
    ['task', 'tasks'],
    ['category', 'categories'],
    ['box', 'boxes'],
    ['person', 'people'],
    ['CheckIn', 'CheckIns'],
    ['status', 'statuses'],
  ])('%s <-> %s', (one, many) => {
    expect(pluralize(one)).toBe(many);
    expect(singularize(many)).toBe(one);
  });
});
