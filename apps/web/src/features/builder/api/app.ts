import { useQuery } from '@tanstack/react-query';
import type { AppKind, EntitySchema } from '@tessera/contracts';
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
