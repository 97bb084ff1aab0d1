import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@tessera/test-utils';
import { createRateLimiter } from './rate-limit';

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const limiter = createRateLimiter(testDb.database.db);

describe('rate limiter', () => {
  it('counts per key within the window and restarts after it', async () => {
    expect((await limiter.hit('a', 1)).count).toBe(1);
    expect((await limiter.hit('a', 1)).count).toBe(2);
    expect((await limiter.hit('b', 1)).count).toBe(1);
    expect(await limiter.peek('a')).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.peek('a')).toBe(0);
    expect((await limiter.hit('a', 1)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('c', 60)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('leaves the connection committing synchronously for every other statement', async () => {
    await Promise.all(Array.from({ length: 12 }, () => limiter.hit('e', 60)));
    const rows = await Promise.all(
      Array.from({ length: 12 }, () =>
        testDb.database.db.execute(sql`SELECT current_setting('synchronous_commit') AS setting`),
      ),
    );
    expect(rows.map((r) => (r as unknown as { rows: unknown[] }).rows[0])).toEqual(
      Array.from({ length: 12 }, () => ({ setting: 'on' })),
    );
  });

  it('resets a key', async () => {
    await limiter.hit('d', 60);
    await limiter.reset('d');
    expect(await limiter.peek('d')).toBe(0);
  });
});
