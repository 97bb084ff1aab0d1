import { useQuery } from '@tanstack/react-query';
import type { AppLookResponse, AppStyle, AppTexts } from '@tessera/contracts/apps';
import { apiFetch } from '../../../shared/api';

export const lookKeys = {
  detail: (appId: string) => ['apps', 'look', appId] as const,
};

/** `GET /api/apps/{appId}/look`: the saved style and texts, and whether the plan may hide the badge. */
export function useAppLookQuery(appId: string) {
  return useQuery({
    queryKey: lookKeys.detail(appId),
    queryFn: () => apiFetch<AppLookResponse>(`/api/apps/${encodeURIComponent(appId)}/look`),
  });
}

/** `POST /api/apps/{appId}/style`: replaces the style (the server checks every field). */
export const saveAppStyle = (appId: string, appStyle: AppStyle) =>
  apiFetch<{ status: true }>(`/api/apps/${encodeURIComponent(appId)}/style`, {
    method: 'POST',
    body: { appStyle },
  });

/** `POST /api/apps/{appId}/texts`: replaces the texts. */
export const saveAppTexts = (appId: string, appTexts: AppTexts) =>
  apiFetch<{ status: true }>(`/api/apps/${encodeURIComponent(appId)}/texts`, {
    method: 'POST',
    body: { appTexts },
  });

/** `PATCH /api/apps/{appId}`: the app's display name (its address stays). */
export const renameApp = (appId: string, name: string) =>
  apiFetch<{ name: string }>(`/api/apps/${encodeURIComponent(appId)}`, { method: 'PATCH', body: { name } });

/** `POST /api/apps/{appId}/slug`: the app's new address (409 when another app has or had it). */
export const changeAppSlug = (appId: string, slug: string) =>
  apiFetch<{ slug: string }>(`/api/apps/${encodeURIComponent(appId)}/slug`, { method: 'POST', body: { slug } });
