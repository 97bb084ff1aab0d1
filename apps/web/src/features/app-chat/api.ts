import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppChatActivateResponse, AppChatSettings, AppChatSettingsUpdate } from '@tessera/contracts/app-chat';
import { apiFetch } from '../../shared/api';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/chat`;
export const appChatKeys = { settings: (appId: string) => ['app-chat', appId] as const };

/** `GET /api/apps/{appId}/chat/assistant`: the assistant's status, chatAppId and settings. */
export function useChatAssistant(appId: string) {
  return useQuery({
    queryKey: appChatKeys.settings(appId),
    queryFn: () => apiFetch<AppChatSettings>(`${base(appId)}/assistant`),
  });
}

/** `PUT /api/apps/{appId}/chat/assistant`: saves its settings; the cache holds what the server kept. */
export function useSaveChatAssistant(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AppChatSettingsUpdate) =>
      apiFetch<AppChatSettings>(`${base(appId)}/assistant`, { method: 'PUT', body: update }),
    onSuccess: (saved) => queryClient.setQueryData(appChatKeys.settings(appId), saved),
  });
}

/**
 * `POST /api/apps/{appId}/chat/activate`: the status changes in the cache at once and goes back if
 * the call fails (docs/product/app-chat.md#states-and-transitions); the answer's chatAppId is kept.
 */
export function useActivateChatAssistant(appId: string) {
  const queryClient = useQueryClient();
  const key = appChatKeys.settings(appId);
  return useMutation({
    mutationFn: (isActive: boolean) =>
      apiFetch<AppChatActivateResponse>(`${base(appId)}/activate`, { method: 'POST', body: { isActive } }),
    onMutate: async (isActive) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AppChatSettings>(key);
      if (before) queryClient.setQueryData<AppChatSettings>(key, { ...before, status: isActive ? 'active' : 'draft' });
      return { before };
    },
    onError: (_err, _isActive, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<AppChatSettings>(key, (data) => (data ? { ...data, ...answer } : data));
    },
  });
}
