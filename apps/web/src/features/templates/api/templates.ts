import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AppTemplateSchema,
  TemplateCategoriesResponseSchema,
  TemplateListResponseSchema,
  UseTemplateResponseSchema,
  type SaveAppTemplateRequest,
} from '@tessera/contracts/templates';
import { apiFetch } from '../../../shared/api';

export const templateKeys = {
  all: ['templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  categories: () => [...templateKeys.all, 'categories'] as const,
  ofApp: (appId: string) => [...templateKeys.all, 'app', appId] as const,
};

/** The gallery: published templates and the categories (`GET /api/templates`). */
export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.list(),
    queryFn: () => apiFetch('/api/templates', { schema: TemplateListResponseSchema }),
  });
}

/** A copy of the template in the builder's own apps; the same key gives back the same copy. */
export function useUseTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, requestKey }: { templateId: string; requestKey: string }) =>
      apiFetch(`/api/templates/${encodeURIComponent(templateId)}/use`, {
        method: 'POST',
        body: { requestKey },
        schema: UseTemplateResponseSchema,
      }),
    // Home's app list (its query keys start with 'apps').
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

/** The managed category list (admins). */
export function useTemplateCategories(enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.categories(),
    queryFn: async () =>
      (await apiFetch('/api/templates/categories', { schema: TemplateCategoriesResponseSchema })).categories,
    enabled,
  });
}

export function useAddTemplateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch('/api/templates/categories', {
        method: 'POST',
        body: { name },
        schema: TemplateCategoriesResponseSchema,
      }),
    onSuccess: ({ categories }) => {
      queryClient.setQueryData(templateKeys.categories(), categories);
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}

/** One app's template settings (its admin owner). */
export function useAppTemplate(appId: string) {
  return useQuery({
    queryKey: templateKeys.ofApp(appId),
    queryFn: () => apiFetch(`/api/apps/${encodeURIComponent(appId)}/template`, { schema: AppTemplateSchema }),
  });
}

export function useSaveAppTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveAppTemplateRequest) =>
      apiFetch(`/api/apps/${encodeURIComponent(appId)}/template`, {
        method: 'POST',
        body: request,
        schema: AppTemplateSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.ofApp(appId), saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
