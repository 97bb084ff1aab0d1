import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MembershipProductsResponse,
  MembershipProvider,
  PaymentsConnectResponse,
  PaymentsNotificationResponse,
} from '@tessera/contracts/memberships';
import { apiFetch } from '../../../shared/api';
import { appKeys } from './app';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/payments`;
export const membershipKeys = {
  products: (appId: string, provider: MembershipProvider) => ['apps', 'payments', 'products', appId, provider] as const,
  notificationUrl: (appId: string) => ['apps', 'payments', 'notification-url', appId] as const,
};

/** `GET …/payments/products?provider=`: the owner's Gumroad products or Stripe prices, with the stored key. */
export function useMembershipProducts(appId: string, provider: MembershipProvider, enabled: boolean) {
  return useQuery({
    queryKey: membershipKeys.products(appId, provider),
    queryFn: () => apiFetch<MembershipProductsResponse>(`${base(appId)}/products?provider=${provider}`),
    enabled,
    retry: false,
  });
}

/** `POST …/payments/token` {provider, accessToken}: the provider checks the key; stored encrypted, answers the products. */
export function useSaveProviderKey(appId: string, provider: MembershipProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessToken: string) =>
      apiFetch<MembershipProductsResponse>(`${base(appId)}/token`, {
        method: 'POST',
        body: { provider, accessToken },
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(membershipKeys.products(appId, provider), result);
      void queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    },
  });
}

/** `POST …/payments/connect` {provider, productId}: connect, resync or change the product. */
export function useConnectProduct(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, productId }: { provider: MembershipProvider; productId: string }) =>
      apiFetch<PaymentsConnectResponse>(`${base(appId)}/connect`, { method: 'POST', body: { provider, productId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: membershipKeys.notificationUrl(appId) });
      void queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    },
  });
}

/** `GET …/payments/notification-url`: where the owner points Gumroad's pings or Stripe's webhook. */
export function useNotificationUrl(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: membershipKeys.notificationUrl(appId),
    queryFn: () => apiFetch<PaymentsNotificationResponse>(`${base(appId)}/notification-url`),
    enabled,
  });
}

/** `POST …/payments/webhook-secret`: the signing secret of the owner's Stripe webhook endpoint, stored encrypted. */
export function useSaveWebhookSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookSecret: string) =>
      apiFetch<{ message: string }>(`${base(appId)}/webhook-secret`, { method: 'POST', body: { webhookSecret } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membershipKeys.notificationUrl(appId) }),
  });
}
