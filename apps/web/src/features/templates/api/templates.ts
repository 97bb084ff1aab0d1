import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_ROUTES, type SaveAppTemplateRequest } from '@tessera/contracts/templates';
import { callRoute } from '../../../shared/api';

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
    queryFn: () => callRoute(TEMPLATE_ROUTES.listTemplates, {}),
  });
}

/** A copy of the template in the builder's own apps; the same key gives back the same copy. */
export function useUseTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, requestKey }: { templateId: string; requestKey: string }) =>
      callRoute(TEMPLATE_ROUTES.useTemplate, { templateId }, { body: { requestKey } }),
    // Home's app list (its query keys start with 'apps').
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

/** The managed category list (admins). */
export function useTemplateCategories(enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.categories(),
    queryFn: async () => (await callRoute(TEMPLATE_ROUTES.listCategories, {})).categories,
    enabled,
  });
}

export function useAddTemplateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callRoute(TEMPLATE_ROUTES.addCategory, {}, { body: { name } }),
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
    queryFn: () => callRoute(TEMPLATE_ROUTES.getAppTemplate, { appId }),
  });
}

export function useSaveAppTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveAppTemplateRequest) =>
      callRoute(TEMPLATE_ROUTES.saveAppTemplate, { appId }, { body: request }),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.ofApp(appId), saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}
