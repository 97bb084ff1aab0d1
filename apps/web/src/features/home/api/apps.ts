import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AppListResponseSchema,
  AppSummarySchema,
  SaveAppResponseSchema,
  type CreateAppFromDescriptionRequest,
  type DuplicateAppRequest,
  type SaveAppRequest,
} from '@tessera/contracts/apps';
import { apiFetch } from '../../../shared/api';

export const appsKeys = {
  all: ['apps'] as const,
  list: () => [...appsKeys.all, 'list'] as const,
};

/** The signed-in builder's apps, newest first as the server orders them. */
export function useApps() {
  return useQuery({
    queryKey: appsKeys.list(),
    queryFn: async () => (await apiFetch('/api/apps', { schema: AppListResponseSchema })).apps,
  });
}

/** Creates an app from a whole definition (`POST /api/apps`). */
export function useImportApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveAppRequest) =>
      apiFetch('/api/apps', { method: 'POST', body: request, schema: SaveAppResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}

/** Creates an empty app named after a description; the editor sends the description as the first message. */
export function useCreateAppFromDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateAppFromDescriptionRequest) =>
      apiFetch('/api/apps/from-description', { method: 'POST', body: request, schema: SaveAppResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}

export function useRenameApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, name }: { appId: string; name: string }) =>
      apiFetch(`/api/apps/${encodeURIComponent(appId)}`, { method: 'PATCH', body: { name }, schema: AppSummarySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}

export function useDuplicateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, ...request }: DuplicateAppRequest & { appId: string }) =>
      apiFetch(`/api/apps/${encodeURIComponent(appId)}/duplicate`, {
        method: 'POST',
        body: request,
        schema: SaveAppResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => apiFetch(`/api/apps/${encodeURIComponent(appId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}
