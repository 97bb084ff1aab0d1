import { useQuery } from '@tanstack/react-query';
import {
  AccountSchema,
  CreateAccountResponseSchema,
  type Account,
  type CreateAccountResponse,
} from '@tessera/contracts/accounts';
import { apiFetch, isApiError } from '../../../shared/api';

export const ACCOUNT_QUERY_KEY = ['account', 'current'] as const;

/**
 * `POST /api/live_api/account/create` (idempotent). A 401 is thrown to the caller, which retries
 * it (docs/product/accounts-and-plans.md#states-and-transitions) instead of signing the user out.
 */
export function createAccount(saleId?: string | null): Promise<CreateAccountResponse> {
  return apiFetch('/api/live_api/account/create', {
    method: 'POST',
    body: saleId ? { saleId } : {},
    schema: CreateAccountResponseSchema,
    onUnauthorized: 'throw',
  });
}

async function fetchCurrentAccount(): Promise<Account> {
  try {
    return await apiFetch('/api/live_api/account/current', { schema: AccountSchema });
  } catch (err) {
    // A session from before accounts existed (or a create that never ran): create it now.
    if (isApiError(err) && err.status === 404) {
      await createAccount();
      return apiFetch('/api/live_api/account/current', { schema: AccountSchema });
    }
    throw err;
  }
}

/** The signed-in builder's account: plan, admin flag, app. */
export function useCurrentAccount(enabled = true) {
  return useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: fetchCurrentAccount, enabled, staleTime: 60_000 });
}

const PLAN_LABELS: Record<Account['plan'], string> = {
  lite: 'Lite',
  explorer: 'Explorer',
  monetizer: 'Monetizer',
  moon: 'Moon',
};

export function planLabel(plan: Account['plan']): string {
  return PLAN_LABELS[plan] ?? plan;
}
