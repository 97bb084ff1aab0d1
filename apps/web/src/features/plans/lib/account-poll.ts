import { ACCOUNT_POLL_INTERVAL_MS, ACCOUNT_POLL_MAX_TRIES } from '@tessera/contracts/plans';

/**
 * Looks for an account change every 4 s, at most 15 times (docs/product/accounts-and-plans.md#limits):
 * `look` answers whether what was awaited has appeared. Returns a stop function.
 */
export function pollAccount(look: () => Promise<boolean>): () => void {
  let tries = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    timer = setTimeout(async () => {
      tries += 1;
      const found = await look().catch(() => false);
      if (!found && !stopped && tries < ACCOUNT_POLL_MAX_TRIES) next();
    }, ACCOUNT_POLL_INTERVAL_MS);
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
