import { describe, expect, it } from 'vitest';
import { chunk, restorableValues, runInChunks } from './bulk-delete';

describe('chunk', () => {
  it('splits into chunks of the size, the last one shorter', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(chunk([], 5)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow();
  });
});

describe('runInChunks', () => {
  it('runs chunks of 5 with a 200 ms pause between them, reporting percent progress', async () => {
    const runs: number[][] = [];
    const sleeps: number[] = [];
    const progress: number[] = [];
    const result = await runInChunks({
      items: Array.from({ length: 12 }, (_, i) => i),
      run: async (c) => void runs.push(c),
      sleep: async (ms) => void sleeps.push(ms),
      onProgress: (percent) => progress.push(percent),
    });
    expect(runs).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11],
    ]);
    expect(sleeps).toEqual([200, 200]);
    expect(progress).toEqual([42, 83, 100]);
    expect(result).toEqual({ status: 'done', done: 12 });
  });

  it('stops before the next chunk once cancelled', async () => {
    let cancelled = false;
    const runs: number[][] = [];
    const result = await runInChunks({
      items: Array.from({ length: 15 }, (_, i) => i),
      run: async (c) => {
        runs.push(c);
        cancelled = true;
      },
      isCancelled: () => cancelled,
      sleep: async () => {},
    });
    expect(runs).toHaveLength(1);
    expect(result).toEqual({ status: 'cancelled', done: 5 });
  });

  it('stops at a failing chunk and rethrows', async () => {
    let calls = 0;
    await expect(
      runInChunks({
        items: [1, 2, 3, 4, 5, 6],
        run: async () => {
          calls++;
          throw new Error('boom');
        },
        sleep: async () => {},
      }),
    ).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });
});

describe('restorableValues', () => {
  it('keeps the fields the schema has, drops the record columns, stale fields and empty values', () => {
    const record = {
      id: 'r1',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      creatorId: 'u1',
      title: 'Write',
      done: false,
      note: null,
      removed: 'from a deleted column',
    };
    expect(restorableValues(record, ['title', 'done', 'note'])).toEqual({ title: 'Write', done: false });
  });
});
