import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tessera/test-utils';
import { createRateLimiter } from './rate-limit';

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());

// The same behaviour whether a hit waits for the disk or not (the server skips the wait on PostgreSQL).
describe.each([
  ['prepared upsert', createRateLimiter(testDb.database.db)],
  ['asynchronous commit', createRateLimiter(testDb.database.db, { asyncCommit: true })],
])('rate limiter (%s)', (mode, limiter) => {
  it('counts per key within the window and restarts after it', async () => {
    expect((await limiter.hit(`${mode}a`, 1)).count).toBe(1);
    expect((await limiter.hit(`${mode}a`, 1)).count).toBe(2);
    expect((await limiter.hit(`${mode}b`, 1)).count).toBe(1);
    expect(await limiter.peek(`${mode}a`)).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.peek(`${mode}a`)).toBe(0);
    expect((await limiter.hit(`${mode}a`, 1)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(`${mode}c`, 60)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('resets a key', async () => {
    await limiter.hit(`${mode}d`, 60);
    await limiter.reset(`${mode}d`);
    expect(await limiter.peek(`${mode}d`)).toBe(0);
  });
});
