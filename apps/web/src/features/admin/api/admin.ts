import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_ROUTES, type AdminBuilder, type AdminUpdateBuilder } from '@tessera/contracts/accounts';
import { callRoute } from '../../../shared/api';

export const ADMIN_BUILDERS_QUERY_KEY = ['admin', 'builders'] as const;

/** `GET /api/admin/builders`: one page of builders with plan and usage. */
export function useAdminBuilders(q: string, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_BUILDERS_QUERY_KEY, q, offset],
    queryFn: () => callRoute(ADMIN_ROUTES.listBuilders, {}, { query: { q, offset: String(offset) } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function updateBuilder(accountId: string, change: AdminUpdateBuilder): Promise<AdminBuilder> {
  return callRoute(ADMIN_ROUTES.updateBuilder, { accountId }, { body: change });
}
