import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomDomain, CustomDomainsResponse } from '@tessera/contracts/domains';
import { apiFetch } from '../../../shared/api';
import { appKeys } from './app';

const domainsKey = (appId: string) => ['apps', 'domains', appId] as const;
const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/domains`;

/** `GET /api/apps/{appId}/domains`: the app's custom domains with their DNS records and status. */
export function useCustomDomains(appId: string) {
  return useQuery({
    queryKey: domainsKey(appId),
    queryFn: () => apiFetch<CustomDomainsResponse>(base(appId)),
  });
}

/** After a change: the list, and the app details (whose custom domains free the sign-up switch). */
function useRefresh(appId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: domainsKey(appId) }),
      queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) }),
    ]);
}

export function useAddCustomDomain(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: (hostname: string) => apiFetch<CustomDomain>(base(appId), { method: 'POST', body: { hostname } }),
    onSuccess: refresh,
  });
}

/** Verify (or check again): the answer carries the new status and, when failed, the reason. */
export function useVerifyCustomDomain(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: (domainId: string) =>
      apiFetch<CustomDomain>(`${base(appId)}/${encodeURIComponent(domainId)}/verify`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useRemoveCustomDomain(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: (domainId: string) =>
      apiFetch<{ status: true }>(`${base(appId)}/${encodeURIComponent(domainId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
