import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AdminBuilderSchema,
  AdminBuildersResponseSchema,
  type AdminBuilder,
  type AdminUpdateBuilder,
} from '@tessera/contracts/accounts';
import { apiFetch } from '../../../shared/api';

export const ADMIN_BUILDERS_QUERY_KEY = ['admin', 'builders'] as const;

/** `GET /api/admin/builders`: one page of builders with plan and usage. */
export function useAdminBuilders(q: string, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_BUILDERS_QUERY_KEY, q, offset],
    queryFn: () =>
      apiFetch(`/api/admin/builders?${new URLSearchParams({ q, offset: String(offset) })}`, {
        schema: AdminBuildersResponseSchema,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function updateBuilder(accountId: string, change: AdminUpdateBuilder): Promise<AdminBuilder> {
  return apiFetch(`/api/admin/builders/${encodeURIComponent(accountId)}`, {
    method: 'PATCH',
    body: change,
    schema: AdminBuilderSchema,
  });
}
