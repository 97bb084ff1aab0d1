import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CREATE_INITIAL_DELAY_MS,
  ACCOUNT_CREATE_RETRIES,
  ACCOUNT_CREATE_RETRY_INTERVAL_MS,
} from '@tessera/contracts/auth';
import { createAccountWithRetries } from './create-account-flow';

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
const isUnauthorized = (err: unknown) => err instanceof HttpError && err.status === 401;

/** A create() that fails with the given statuses in turn, then succeeds. */
function scriptedCreate(failures: number[]) {
  const calls: number[] = [];
  let i = 0;
  const create = async () => {
    calls.push(i);
    const status = failures[i++];
    if (status !== undefined) throw new HttpError(status);
    return { accountId: 'acc_1' };
  };
  return { create, calls };
}

function recordingSleep() {
  const sleeps: number[] = [];
  return { sleep: async (ms: number) => void sleeps.push(ms), sleeps };
}

describe('createAccountWithRetries', () => {
  it('creates at once without a sale_id', async () => {
    const { create, calls } = scriptedCreate([]);
    const { sleep, sleeps } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: false, sleep });
    expect(outcome).toEqual({ ok: true, result: { accountId: 'acc_1' }, attempts: 1 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('waits the initial delay first when a sale_id is present', async () => {
    const { create } = scriptedCreate([]);
    const { sleep, sleeps } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: true, sleep });
    expect(outcome.ok).toBe(true);
    expect(sleeps).toEqual([ACCOUNT_CREATE_INITIAL_DELAY_MS]);
  });

  it('retries 401s at the retry interval until one succeeds', async () => {
    const { create, calls } = scriptedCreate([401, 401, 401]);
    const { sleep, sleeps } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: true, sleep });
    expect(outcome).toMatchObject({ ok: true, attempts: 4 });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([
      ACCOUNT_CREATE_INITIAL_DELAY_MS,
      ACCOUNT_CREATE_RETRY_INTERVAL_MS,
      ACCOUNT_CREATE_RETRY_INTERVAL_MS,
      ACCOUNT_CREATE_RETRY_INTERVAL_MS,
    ]);
  });

  it('succeeds on the last allowed retry', async () => {
    const { create } = scriptedCreate(Array(ACCOUNT_CREATE_RETRIES).fill(401));
    const { sleep } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: true, sleep });
    expect(outcome).toMatchObject({ ok: true, attempts: ACCOUNT_CREATE_RETRIES + 1 });
  });

  it('gives up after 7 retries of a 401 (8 calls in all)', async () => {
    const { create, calls } = scriptedCreate(Array(20).fill(401));
    const { sleep, sleeps } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: true, sleep });
    expect(outcome.ok).toBe(false);
    expect(outcome.attempts).toBe(ACCOUNT_CREATE_RETRIES + 1);
    expect(calls).toHaveLength(ACCOUNT_CREATE_RETRIES + 1);
    expect(sleeps).toEqual([
      ACCOUNT_CREATE_INITIAL_DELAY_MS,
      ...Array(ACCOUNT_CREATE_RETRIES).fill(ACCOUNT_CREATE_RETRY_INTERVAL_MS),
    ]);
    if (!outcome.ok) expect(outcome.error).toBeInstanceOf(HttpError);
  });

  it('does not retry other failures', async () => {
    const { create, calls } = scriptedCreate([500]);
    const { sleep, sleeps } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: false, sleep });
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('stops at a non-401 failure that follows 401s', async () => {
    const { create, calls } = scriptedCreate([401, 403]);
    const { sleep } = recordingSleep();
    const outcome = await createAccountWithRetries({ create, isUnauthorized, hasSaleId: false, sleep });
    expect(outcome).toMatchObject({ ok: false, attempts: 2 });
    expect(calls).toHaveLength(2);
  });

  it('uses the spec constants (3 s, 7 retries, 4 s)', () => {
    expect([ACCOUNT_CREATE_INITIAL_DELAY_MS, ACCOUNT_CREATE_RETRIES, ACCOUNT_CREATE_RETRY_INTERVAL_MS]).toEqual([
      3000, 7, 4000,
    ]);
  });
});
