import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tessera/contracts';
import { type VersionEntry } from '@tessera/contracts/chat';
import { toast } from '@tessera/ui';
import { editorKeys, restoreVersion, useVersions, type EditorMessage } from '../../editor';
import { isApiError } from '../../../shared/api';
import { appKeys } from '../api/app';

/**
 * The version the preview shows: the latest unless an older one was picked (which asks whether to
 * stay on it), and restoring an older one, which rewinds the chat to its message.
 */
export function useVersionSelection(appId: string, replaceMessages: (messages: EditorMessage[]) => void) {
  const queryClient = useQueryClient();
  const versions = useVersions(appId);
  const versionList = versions.data ?? [];
  const latest = versionList[0] ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = (selectedId && versionList.find((v) => v.id === selectedId)) || latest;
  const isOnLatest = !selected || selected.id === latest?.id;
  const [olderPrompt, setOlderPrompt] = useState<VersionEntry | null>(null);
  const [isRestoring, setIsRestoring] = useState(false);

  function select(version: VersionEntry) {
    if (version.id === latest?.id) {
      setSelectedId(null);
      return;
    }
    setSelectedId(version.id);
    setOlderPrompt(version);
  }

  function switchToLatest() {
    setSelectedId(null);
    setOlderPrompt(null);
  }

  async function restore(version: VersionEntry) {
    if (!version.messageId) {
      toast.error(MESSAGES.chat.noMessageForVersion);
      return;
    }
    setIsRestoring(true);
    try {
      const messages = await restoreVersion(appId, version.id, version.messageId);
      replaceMessages(messages);
      setSelectedId(null);
      await queryClient.invalidateQueries({ queryKey: editorKeys.versions(appId) });
      await queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    } catch (err) {
      // "Failed to restore version", unless the server names the missing message.
      if (!isApiError(err) || !err.isNetwork)
        toast.error(
          isApiError(err) && err.message === MESSAGES.chat.noMessageForVersion
            ? err.message
            : MESSAGES.chat.restoreFailed,
        );
    } finally {
      setIsRestoring(false);
    }
  }

  return {
    versionList,
    isLoadingVersions: versions.isPending,
    latest,
    selected,
    isOnLatest,
    olderPrompt,
    /** Asks again whether to stay on the older version shown (a message cannot go to an old one). */
    promptOlder: () => setOlderPrompt(selected),
    dismissOlderPrompt: () => setOlderPrompt(null),
    isRestoring,
    select,
    switchToLatest,
    restore,
  };
}
