import {
  ACCOUNT_CREATE_INITIAL_DELAY_MS,
  ACCOUNT_CREATE_RETRIES,
  ACCOUNT_CREATE_RETRY_INTERVAL_MS,
} from '@tessera/contracts/auth';

export interface CreateAccountFlowOptions<T> {
  /** One call of `POST /api/live_api/account/create`. */
  create: () => Promise<T>;
  /** Whether a failed call was a 401 (the only failure that is retried). */
  isUnauthorized: (err: unknown) => boolean;
  /** A sale_id came with the sign-in: the purchase may still be landing, so wait first. */
  hasSaleId: boolean;
  sleep?: (ms: number) => Promise<void>;
  initialDelayMs?: number;
  retries?: number;
  retryIntervalMs?: number;
}

export type CreateAccountOutcome<T> =
  { ok: true; result: T; attempts: number } | { ok: false; error: unknown; attempts: number };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Account creation after sign-in (docs/product/accounts-and-plans.md#states-and-transitions): with a sale_id wait 3 s first; a 401 is retried up
 * to 7 times 4 s apart (the identity provider may not have the session everywhere yet); any other
 * failure, or a 401 after the last retry, is final and the caller signs the user out.
 */
export async function createAccountWithRetries<T>({
  create,
  isUnauthorized,
  hasSaleId,
  sleep = realSleep,
  initialDelayMs = ACCOUNT_CREATE_INITIAL_DELAY_MS,
  retries = ACCOUNT_CREATE_RETRIES,
  retryIntervalMs = ACCOUNT_CREATE_RETRY_INTERVAL_MS,
}: CreateAccountFlowOptions<T>): Promise<CreateAccountOutcome<T>> {
  if (hasSaleId) await sleep(initialDelayMs);
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      return { ok: true, result: await create(), attempts };
    } catch (error) {
      if (!isUnauthorized(error) || attempts > retries) return { ok: false, error, attempts };
    }
    await sleep(retryIntervalMs);
  }
}
