import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MembershipProductsResponse, PaymentsConnectResponse } from '@tessera/contracts';
import { apiFetch } from '../../../shared/api';
import { appKeys } from './app';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/payments`;
export const membershipKeys = {
  products: (appId: string) => ['apps', 'payments', 'products', appId] as const,
  notificationUrl: (appId: string) => ['apps', 'payments', 'notification-url', appId] as const,
};

/** `GET …/payments/products`: the owner's Gumroad products, with the stored token. */
export function useMembershipProducts(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: membershipKeys.products(appId),
    queryFn: () => apiFetch<MembershipProductsResponse>(`${base(appId)}/products`),
    enabled,
    retry: false,
  });
}

/** `POST …/payments/token`: Gumroad checks the token; stored encrypted, answers the products. */
export function useSaveGumroadToken(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessToken: string) =>
      apiFetch<MembershipProductsResponse>(`${base(appId)}/token`, { method: 'POST', body: { accessToken } }),
    onSuccess: (result) => {
      queryClient.setQueryData(membershipKeys.products(appId), result);
      void queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    },
  });
}

/** `POST …/payments/connect` {provider, productId}: connect, resync or change the product. */
export function useConnectProduct(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch<PaymentsConnectResponse>(`${base(appId)}/connect`, {
        method: 'POST',
        body: { provider: 'gumroad', productId },
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(membershipKeys.notificationUrl(appId), { notificationUrl: result.notificationUrl });
      void queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    },
  });
}

/** `GET …/payments/notification-url`: where the owner points Gumroad's pings. */
export function useNotificationUrl(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: membershipKeys.notificationUrl(appId),
    queryFn: () => apiFetch<{ notificationUrl: string }>(`${base(appId)}/notification-url`),
    enabled,
  });
}
