import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_ROUTES,
  type AdminBuilder,
  type AdminUpdateBuilder,
  type InstallSettings,
  type UpdateInstallSettings,
} from '@tessera/contracts/accounts';
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

export const INSTALL_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/** `GET /api/admin/settings`: the builders' default plan, the starters switch, the payment providers. */
export function useInstallSettings(enabled: boolean) {
  return useQuery({
    queryKey: INSTALL_SETTINGS_QUERY_KEY,
    queryFn: () => callRoute(ADMIN_ROUTES.getSettings, {}),
    enabled,
  });
}

export function updateInstallSettings(change: UpdateInstallSettings): Promise<InstallSettings> {
  return callRoute(ADMIN_ROUTES.updateSettings, {}, { body: change });
}
