import { useQuery } from '@tanstack/react-query';
import type { ChatMessage, ChatModelOption, VersionDiffFile, VersionEntry } from '@tessera/contracts/chat';
import type { PreviewUrlResponse } from '@tessera/contracts/runtime';
import { apiFetch } from '../../../shared/api';
import { toEditorMessage, type EditorMessage } from '../lib/chat-messages';

const app = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

export const editorKeys = {
  all: (appId: string) => ['editor', appId] as const,
  messages: (appId: string) => ['editor', appId, 'messages'] as const,
  versions: (appId: string) => ['editor', appId, 'versions'] as const,
  changes: (appId: string, versionId: string, base: string | null) =>
    ['editor', appId, 'changes', versionId, base] as const,
  preview: (appId: string, versionId: string | null, nonce: number) =>
    ['editor', appId, 'preview', versionId, nonce] as const,
  models: ['chat', 'models'] as const,
};

/** `GET /api/apps/{appId}/chat/messages`, as UI messages. */
export async function fetchChatMessages(appId: string): Promise<EditorMessage[]> {
  const { messages } = await apiFetch<{ messages: ChatMessage[] }>(`${app(appId)}/chat/messages`);
  return messages.map(toEditorMessage);
}

/** The chat as stored, loaded once when the editor opens (the live stream keeps it current). */
export function useChatHistory(appId: string) {
  return useQuery({
    queryKey: editorKeys.messages(appId),
    queryFn: () => fetchChatMessages(appId),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The newest 10 versions, newest first (docs/product/editor-and-chat.md#states-and-transitions). */
export function useVersions(appId: string) {
  return useQuery({
    queryKey: editorKeys.versions(appId),
    queryFn: async () => (await apiFetch<{ versions: VersionEntry[] }>(`${app(appId)}/versions`)).versions,
  });
}

/** What a version changed, against `base` or the version before it. */
export function useVersionChanges(appId: string, versionId: string | null, base: string | null, enabled: boolean) {
  return useQuery({
    queryKey: editorKeys.changes(appId, versionId ?? '', base),
    queryFn: async () => {
      const query = base ? `?${new URLSearchParams({ base })}` : '';
      return (
        await apiFetch<{ files: VersionDiffFile[] }>(
          `${app(appId)}/versions/${encodeURIComponent(versionId!)}/changes${query}`,
        )
      ).files;
    },
    enabled: enabled && Boolean(versionId),
    staleTime: Infinity,
  });
}

/**
 * A signed preview URL of one version on the app's own host. `nonce` changes on each refresh so
 * the frame always gets a fresh token (they expire).
 */
export function usePreviewUrl(appId: string, versionId: string | null, nonce: number) {
  return useQuery({
    queryKey: editorKeys.preview(appId, versionId, nonce),
    queryFn: () =>
      apiFetch<PreviewUrlResponse>(`${app(appId)}/preview-url`, {
        method: 'POST',
        body: versionId ? { versionId } : {},
      }),
    enabled: Boolean(versionId),
    staleTime: 30 * 60_000,
    gcTime: 0,
    retry: 1,
  });
}

/** The models the chat may use (admins get all of them). */
export function useChatModels(enabled: boolean) {
  return useQuery({
    queryKey: editorKeys.models,
    queryFn: async () => (await apiFetch<{ models: ChatModelOption[] }>('/api/chat/models')).models,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** `POST .../versions/{versionId}/restore`: a new version equal to the old one; the chat's messages. */
export async function restoreVersion(
  appId: string,
  versionId: string,
  messageId: string | null,
): Promise<EditorMessage[]> {
  const { messages } = await apiFetch<{ messages: ChatMessage[] }>(
    `${app(appId)}/versions/${encodeURIComponent(versionId)}/restore`,
    { body: { messageId } },
  );
  return messages.map(toEditorMessage);
}

/** `POST .../chat/messages/{messageId}/revert`: the message and later ones go; the app steps back. */
export async function revertMessage(
  appId: string,
  messageId: string,
): Promise<{ messages: EditorMessage[]; versionId: string | null }> {
  const result = await apiFetch<{ messages: ChatMessage[]; versionId: string | null }>(
    `${app(appId)}/chat/messages/${encodeURIComponent(messageId)}/revert`,
    { method: 'POST' },
  );
  return { messages: result.messages.map(toEditorMessage), versionId: result.versionId };
}
