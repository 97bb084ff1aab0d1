import { describe, expect, it } from 'vitest';
import { ourFields, ourQ, ourSort, withBase44Fields } from './fields';
import { parseUpdateSpec, patchOf } from './update-operators';

describe('Base44 field names', () => {
  it('reads the system fields as ours in q (at every level), sort and fields', () => {
    const q = { created_date: { $gte: '2026-01-01' }, $or: [{ created_by_id: 'u1' }, { updated_date: null }] };
    expect(JSON.parse(ourQ(JSON.stringify(q))!)).toEqual({
      createdAt: { $gte: '2026-01-01' },
      $or: [{ creatorId: 'u1' }, { updatedAt: null }],
    });
    expect(ourQ(undefined)).toBeUndefined();
    expect(() => ourQ('{nope')).toThrow('q is not valid JSON');
    expect(() => ourQ('{"created_by":"a@b.c"}')).toThrow(/created_by_id/);
    expect(ourSort('-created_date, +title,updated_date')).toBe('-createdAt,title,updatedAt');
    expect(ourFields('title, created_date')).toBe('title,createdAt');
  });

  it('adds created_date, updated_date, created_by_id and the creator e-mail, asking once per creator', async () => {
    const asked: string[] = [];
    const record = (id: string, creatorId: string | null) => ({ id, createdAt: 'c', updatedAt: 'u', creatorId });
    const shaped = await withBase44Fields([record('1', 'u1'), record('2', 'u1'), record('3', null)], async (id) => {
      asked.push(id);
      return `${id}@example.com`;
    });
    expect(asked).toEqual(['u1']);
    expect(shaped[0]).toMatchObject({
      created_date: 'c',
      updated_date: 'u',
      created_by_id: 'u1',
      created_by: 'u1@example.com',
    });
    expect(shaped[2]).toMatchObject({ created_by_id: null, created_by: null });
  });
});

describe('updateMany operators', () => {
  it('applies $set $inc $unset $push $pull to one record', () => {
    const spec = parseUpdateSpec({
      $set: { title: 'x' },
      $inc: { points: 2, fresh: 1 },
      $unset: { sku: '' },
      $push: { tags: 'c' },
      $pull: { seen: { a: 1 } },
    });
    const current = { points: 3, tags: ['a'], seen: [{ a: 1 }, { a: 2 }, { a: 1 }] };
    expect(patchOf(current, spec)).toEqual({
      title: 'x',
      points: 5,
      fresh: 1,
      sku: null,
      tags: ['a', 'c'],
      seen: [{ a: 2 }],
    });
  });

  it('refuses unknown operators, non-numbers to $inc and lists that are not lists', () => {
    expect(() => parseUpdateSpec({})).toThrow(/update operators/);
    expect(() => parseUpdateSpec([])).toThrow(/update operators/);
    expect(() => parseUpdateSpec({ $rename: {} })).toThrow('Unknown update operator "$rename"');
    expect(() => parseUpdateSpec({ $set: 1 })).toThrow('$set must be an object of fields');
    expect(() => parseUpdateSpec({ $inc: { n: Infinity } })).toThrow('$inc.n must be a number');
    expect(() => patchOf({ n: 'a' }, { $inc: { n: 1 } })).toThrow('$inc: n is not a number');
    expect(() => patchOf({ tags: 'a' }, { $push: { tags: 'b' } })).toThrow('$push: tags is not a list');
    expect(() => patchOf({ tags: 'a' }, { $pull: { tags: 'b' } })).toThrow('$pull: tags is not a list');
  });
});
