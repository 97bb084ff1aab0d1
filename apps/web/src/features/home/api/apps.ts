import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppListResponseSchema, SaveAppResponseSchema, type SaveAppRequest } from '@tessera/contracts';
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
