import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_POLL_INTERVAL_MS, ACCOUNT_POLL_MAX_TRIES } from '@tessera/contracts/plans';
import { pollAccount } from './account-poll';

describe('pollAccount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the documented cadence: every 4 s, up to 15 tries', () => {
    expect(ACCOUNT_POLL_INTERVAL_MS).toBe(4_000);
    expect(ACCOUNT_POLL_MAX_TRIES).toBe(15);
  });

  it('looks once every 4 s and gives up after the 15th look', async () => {
    const look = vi.fn(async () => false);
    pollAccount(look);
    await vi.advanceTimersByTimeAsync(ACCOUNT_POLL_INTERVAL_MS - 1);
    expect(look).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(look).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ACCOUNT_POLL_INTERVAL_MS * 13);
    expect(look).toHaveBeenCalledTimes(14);
    await vi.advanceTimersByTimeAsync(ACCOUNT_POLL_INTERVAL_MS * 10);
    expect(look).toHaveBeenCalledTimes(15);
  });

  it('stops as soon as the account has changed, and a failed look counts as not yet', async () => {
    let calls = 0;
    const look = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return calls === 3;
    });
    pollAccount(look);
    await vi.advanceTimersByTimeAsync(ACCOUNT_POLL_INTERVAL_MS * 10);
    expect(look).toHaveBeenCalledTimes(3);
  });

  it('stops when told to', async () => {
    const look = vi.fn(async () => false);
    const stop = pollAccount(look);
    await vi.advanceTimersByTimeAsync(ACCOUNT_POLL_INTERVAL_MS * 2);
    stop();
    await vi.advanceTimersByTimeAsync(ACCOUNT_POLL_INTERVAL_MS * 5);
    expect(look).toHaveBeenCalledTimes(2);
  });
});
