import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppKind } from '@tessera/contracts/apps';
import type { EntitySchema } from '@tessera/contracts/entities';
import { apiFetch } from '../../../shared/api';

/** `GET /api/apps/{appId}`: one app with its entity schemas. */
export interface AppDetails {
  appId: string;
  name: string;
  slug: string;
  appType: AppKind;
  updatedAt: string;
  entities: Record<string, EntitySchema>;
  /** The live version; null until the first publish. */
  publishedVersionId: string | null;
  /** The app's address on its own host. */
  appUrl: string;
  /** App settings (docs/product/editor-and-chat.md#data), saved as a whole. */
  settings: Record<string, unknown>;
  /** The app's custom hostnames (the operator's and its verified domains); sign-up may open before publishing with one. */
  customDomains: string[];
}

export const appKeys = {
  detail: (appId: string) => ['apps', 'detail', appId] as const,
};

/** The app the editor edits. */
export function useAppDetails(appId: string) {
  return useQuery({
    queryKey: appKeys.detail(appId),
    queryFn: () => apiFetch<AppDetails>(`/api/apps/${encodeURIComponent(appId)}`),
  });
}

/** `POST /api/apps/{appId}/settings`: replaces the app's settings (the server checks the sign-up rules). */
export function saveAppSettings(appId: string, appSettings: Record<string, unknown>): Promise<{ status: true }> {
  return apiFetch(`/api/apps/${encodeURIComponent(appId)}/settings`, { method: 'POST', body: { appSettings } });
}

/** Saves the app's settings; on success the cached app details hold what was saved. */
export function useSaveAppSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Record<string, unknown>) => saveAppSettings(appId, settings),
    onSuccess: (_result, settings) => {
      queryClient.setQueryData<AppDetails>(appKeys.detail(appId), (data) => (data ? { ...data, settings } : data));
    },
  });
}
