import { describe, expect, it } from 'vitest';
import { coerceRecord, coerceValue, parseEntitySchema } from './entity-schema';
import { propertyKind, type EntitySchema, type PropertySchema } from './entities';

const task = (): EntitySchema => {
  const r = parseEntitySchema('Task', {
    type: 'object',
    properties: {
      title: { type: 'string', maxLength: 20 },
      done: { type: 'boolean', default: false },
      estimate: { type: 'number', minimum: 0 },
      priority: { type: 'integer' },
      due: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      status: { type: 'string', enum: ['open', 'closed'] },
      tags: { type: 'array', items: { type: 'string' } },
      meta: { type: 'object' },
    },
    required: ['title'],
    'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('parseEntitySchema', () => {
  it('normalises a schema and defaults permissions to creator', () => {
    const r = parseEntitySchema('Note', { properties: { body: { type: 'string' } } });
    expect(r).toEqual({
      ok: true,
      value: {
        type: 'object',
        properties: { body: { type: 'string' } },
        'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
      },
    });
    expect(task()['x-accessControl'].permissions).toEqual({ read: 'all', write: 'creator' });
  });

  it.each([
    ['1Task', {}, 'Entity name "1Task" must start with a letter'],
    ['Task', [], 'Entity "Task" must be a JSON Schema object'],
    ['Task', { type: 'array' }, 'must have "type": "object"'],
    [
      'Task',
      { properties: { due: { type: 'datetime' } } },
      'Entity "Task": property "due" has an unknown type "datetime"',
    ],
    [
      'Task',
      { properties: { due: { type: 'string', format: 'time' } } },
      'property "due" has an unsupported format "time"',
    ],
    ['Task', { properties: { id: { type: 'string' } } }, 'property "id" is reserved'],
    ['Task', { properties: { 'bad name': { type: 'string' } } }, 'property name "bad name" must start with'],
    ['Task', { properties: { s: { type: 'string', enum: [] } } }, '"enum" must be a list of 1 to 500'],
    ['Task', { properties: {}, required: ['ghost'] }, '"required" names "ghost", which is not a property'],
    [
      'Task',
      { 'x-accessControl': { permissions: { read: 'everyone' } } },
      'x-accessControl.permissions.read must be one of anonymous, all, admin, creator, none (got "everyone")',
    ],
    ['Task', { 'x-accessControl': 'public' }, '"x-accessControl" must be'],
  ])('refuses %s %j naming the problem', (name, raw, message) => {
    const r = parseEntitySchema(name, raw);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(message);
  });
});

describe('coerceRecord', () => {
  it('coerces numbers, booleans and dates as the grid does, and applies defaults on create', () => {
    const r = coerceRecord(
      'Task',
      task(),
      {
        title: 'Write',
        estimate: '2.5',
        priority: 3,
        due: '2026-01-31T10:00:00+01:00',
        day: '2026-02-01',
        tags: ['a'],
        id: 'ignored',
      },
      'create',
    );
    expect(r).toEqual({
      ok: true,
      value: {
        title: 'Write',
        estimate: 2.5,
        priority: 3,
        due: '2026-01-31T09:00:00.000Z',
        day: '2026-02-01',
        tags: ['a'],
        done: false,
      },
    });
    for (const t of [true, 1, 'true', '1', 'TRUE'])
      expect(coerceValue('x', { type: 'boolean' }, t)).toEqual({ ok: true, value: true });
    for (const f of [false, 0, 'false', '0'])
      expect(coerceValue('x', { type: 'boolean' }, f)).toEqual({ ok: true, value: false });
  });

  it.each([
    [{ title: 'x', colour: 'red' }, 'Unknown field "colour" on Task'],
    [{}, 'Task.title is required'],
    [{ title: '' }, 'Task.title is required'],
    [{ title: 'x'.repeat(21) }, 'Task.title: 20 characters max'],
    [{ title: 'x', estimate: 'many' }, 'Task.estimate must be a number'],
    [{ title: 'x', estimate: -1 }, 'Task.estimate must be at least 0'],
    [{ title: 'x', priority: 1.5 }, 'Task.priority must be a whole number'],
    [{ title: 'x', done: 'yes' }, 'Task.done must be true or false'],
    [{ title: 'x', due: 'soon' }, 'Task.due must be a date and time (ISO 8601, e.g. 2026-01-31T09:30:00Z)'],
    [{ title: 'x', status: 'maybe' }, 'Task.status must be one of "open", "closed"'],
    [{ title: 'x', tags: 'a' }, 'Task.tags must be a list'],
    [{ title: 'x', tags: [{}] }, 'Task.tags[0] must be text'],
    [{ title: 'x', meta: [1] }, 'Task.meta must be an object'],
  ])('refuses %j: %s', (input, message) => {
    const r = coerceRecord('Task', task(), input, 'create');
    expect(r).toEqual({ ok: false, error: message });
  });

  it('checks only the named fields on update', () => {
    expect(coerceRecord('Task', task(), { done: '1' }, 'update')).toEqual({ ok: true, value: { done: true } });
    expect(coerceRecord('Task', task(), 'nope', 'update')).toEqual({
      ok: false,
      error: 'A Task record must be a JSON object',
    });
  });
});

describe('prototype keys', () => {
  it('refuses __proto__, constructor and prototype as entity and field names', () => {
    for (const name of ['constructor', 'prototype']) {
      expect(parseEntitySchema(name, { properties: {} })).toEqual({
        ok: false,
        error: `Entity name "${name}" is reserved (use another name)`,
      });
    }
    for (const field of ['__proto__', 'constructor', 'prototype']) {
      const raw = JSON.parse(`{"properties":{"${field}":{"type":"string"}}}`);
      expect(parseEntitySchema('Note', raw)).toEqual({
        ok: false,
        error: `Entity "Note": property name "${field}" is reserved (use another name)`,
      });
    }
    expect(parseEntitySchema('Note', { properties: {}, required: ['toString'] }).ok).toBe(false);
  });

  it('refuses inherited and prototype keys in a record instead of storing or crashing on them', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype']) {
      const input = JSON.parse(`{"title":"a","${key}":null}`);
      expect(coerceRecord('Task', task(), input, 'create')).toEqual({
        ok: false,
        error: `Unknown field "${key}" on Task`,
      });
    }
  });
});

describe('propertyKind', () => {
  it.each([
    ['title', { type: 'string' }, 'text'],
    ['count', { type: 'integer' }, 'number'],
    ['done', { type: 'boolean' }, 'boolean'],
    ['meta', { type: 'object' }, 'json'],
    ['status', { type: 'string', enum: ['open', 'done'] }, 'select'],
    ['labels', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }, 'multiselect'],
    ['tags', { type: 'array', items: { type: 'string' } }, 'tags'],
    ['anything', { type: 'array' }, 'tags'],
    ['scores', { type: 'array', items: { type: 'number' } }, 'json'],
    ['due', { type: 'string', format: 'date' }, 'date'],
    ['at', { type: 'string', format: 'date-time' }, 'datetime'],
    ['mail', { type: 'string', format: 'email' }, 'email'],
    ['site', { type: 'string', format: 'uri' }, 'url'],
    ['tint', { type: 'string', format: 'color' }, 'color'],
    ['photo', { type: 'string', format: 'image' }, 'image'],
    ['cover_image', { type: 'string' }, 'image'],
  ] as const)('%s %j is %s', (name, prop, kind) => {
    expect(propertyKind(name, prop as PropertySchema)).toBe(kind);
  });
});
