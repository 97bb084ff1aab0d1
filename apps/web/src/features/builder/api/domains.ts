import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOMAIN_ROUTES } from '@tessera/contracts/domains';
import { callRoute } from '../../../shared/api';
import { appKeys } from './app';

const domainsKey = (appId: string) => ['apps', 'domains', appId] as const;

/** `GET /api/apps/{appId}/domains`: the app's custom domains with their DNS records and status. */
export function useCustomDomains(appId: string) {
  return useQuery({
    queryKey: domainsKey(appId),
    queryFn: () => callRoute(DOMAIN_ROUTES.listDomains, { appId }),
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
    mutationFn: (hostname: string) => callRoute(DOMAIN_ROUTES.addDomain, { appId }, { body: { hostname } }),
    onSuccess: refresh,
  });
}

/** Verify (or check again): the answer carries the new status and, when failed, the reason. */
export function useVerifyCustomDomain(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: (domainId: string) => callRoute(DOMAIN_ROUTES.verifyDomain, { appId, domainId }),
    onSuccess: refresh,
  });
}

export function useRemoveCustomDomain(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: (domainId: string) => callRoute(DOMAIN_ROUTES.deleteDomain, { appId, domainId }),
    onSuccess: refresh,
  });
}
