import { useQuery } from '@tanstack/react-query';
import { AccountSchema, type Account } from '@tessera/contracts/accounts';
import {
  BillingSubscriptionSchema,
  CheckoutResponseSchema,
  PaidPlansResponseSchema,
  PortalResponseSchema,
  type CheckoutRequest,
} from '@tessera/contracts/plans';
import { apiFetch } from '../../../shared/api';

export const PAID_PLANS_QUERY_KEY = ['plans', 'paid'] as const;
export const BILLING_SUBSCRIPTION_QUERY_KEY = ['billing', 'subscription'] as const;

/** `GET /api/live_api/app/paidPlans`: the operator's plan cards (public). */
export function usePaidPlans(appId?: string) {
  return useQuery({
    queryKey: [...PAID_PLANS_QUERY_KEY, appId ?? null],
    queryFn: () =>
      apiFetch(`/api/live_api/app/paidPlans${appId ? `?${new URLSearchParams({ appId })}` : ''}`, {
        schema: PaidPlansResponseSchema,
      }),
    staleTime: 5 * 60_000,
  });
}

/** Who bills the builder (settings shows Manage billing when Stripe's portal can). */
export function useBillingSubscription(enabled = true) {
  return useQuery({
    queryKey: BILLING_SUBSCRIPTION_QUERY_KEY,
    queryFn: () => apiFetch('/api/billing/subscription', { schema: BillingSubscriptionSchema }),
    enabled,
  });
}

/** A Stripe Checkout page for the plan; the browser goes there. */
export function startCheckout(request: CheckoutRequest): Promise<{ url: string }> {
  return apiFetch('/api/billing/checkout', { method: 'POST', body: request, schema: CheckoutResponseSchema });
}

/** Stripe's customer portal for the builder's subscription. */
export function openPortal(): Promise<{ url: string }> {
  return apiFetch('/api/billing/portal', { method: 'POST', body: {}, schema: PortalResponseSchema });
}

/** Claims the Gumroad sale the builder came back with; answers the updated account. */
export function claimGumroadSale(saleId: string): Promise<Account> {
  return apiFetch('/api/billing/gumroad/claim', { method: 'POST', body: { saleId }, schema: AccountSchema });
}
