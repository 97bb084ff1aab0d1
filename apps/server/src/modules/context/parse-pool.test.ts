import { afterAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { createParsePool } from './parse-pool';

const limits = { maxInflatedBytes: 64 * 1024 * 1024 };
/** ~3 MB of CSV whose rendering takes well over 100 ms. */
const slowCsv = `${Array.from({ length: 20 }, (_, i) => `column_${i}`).join(',')}\n${`${Array.from({ length: 20 }, (_, i) => i + 1).join(',')}\n`.repeat(60_000)}`;

describe('the parse pool', () => {
  const pool = createParsePool({ size: 1, documentTimeoutMs: 100 });
  afterAll(() => pool.close());

  it('parses in the worker and passes AppErrors back with their message', async () => {
    const csv = Buffer.from('name,price\nTea,3\n');
    // The first task also starts the worker (through tsx here): well within the time limit.
    await expect(createParsePool({ size: 1 }).parseDocument('csv', csv, limits)).resolves.toEqual({
      text: 'name: Tea; price: 3',
      pages: null,
    });
    await expect(pool.checkUpload('csv', Buffer.from('1,2\n3,4\n'), limits)).rejects.toThrow(AppError);
  });

  it('ends a task past its time limit with a plain reason, then serves the next one with a new worker', async () => {
    const outcome = await pool.parseDocument('csv', Buffer.from(slowCsv), limits).catch((err: unknown) => err);
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).message).toBe(APP_MESSAGES.fileTooComplex);
    await expect(pool.parseDocument('txt', Buffer.from('still here'), limits)).resolves.toEqual({
      text: 'still here',
      pages: null,
    });
  });

  it('refuses a task whose signal is aborted', async () => {
    const controller = new AbortController();
    const parsing = pool.parseDocument('csv', Buffer.from(slowCsv), limits, controller.signal);
    controller.abort(new Error('lease lost'));
    await expect(parsing).rejects.toThrow('lease lost');
  });
});
