import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ListContextItemsResponse } from '@tessera/contracts/context';
import { getToken } from '../../../shared/api';
import { startLiveConnection, type LiveMode } from '../lib/live-connection';
import type { SseEvent } from '../../../shared/api';
import { applyLiveEvent } from '../lib/live-events';
import { contextEventsUrl, contextKeys } from './context';

/**
 * Live statuses (docs/product/data-sources.md#states-and-transitions): while `isActive` (some item is unsynced, pending or running) a stream
 * of the app's item changes stays open and updates the cached list; a changed item count refreshes
 * the list. The stream closes once every item has settled; it reconnects when the tab becomes
 * visible or the network comes back, and falls back to polling when it keeps failing.
 */
export function useContextLiveUpdates(appId: string, isActive: boolean): LiveMode | 'idle' {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode | 'idle'>('idle');
  const queryClientRef = useRef(queryClient);
  queryClientRef.current = queryClient;

  useEffect(() => {
    if (!isActive || !appId) {
      setMode('idle');
      return;
    }
    const client = queryClientRef.current;
    const key = contextKeys.list(appId);
    const refresh = () => void client.invalidateQueries({ queryKey: key });

    function handleEvent(event: SseEvent) {
      const effect = applyLiveEvent(client.getQueryData<ListContextItemsResponse>(key), event);
      if (effect.kind === 'replace') client.setQueryData(key, effect.data);
      else if (effect.kind === 'refresh') refresh();
    }

    const connection = startLiveConnection({
      url: contextEventsUrl(appId),
      getToken,
      onEvent: handleEvent,
      onPoll: refresh,
      onModeChange: setMode,
    });
    const handleVisible = () => {
      if (document.visibilityState === 'visible') connection.retryNow();
    };
    const handleOnline = () => connection.retryNow();
    document.addEventListener('visibilitychange', handleVisible);
    window.addEventListener('online', handleOnline);
    return () => {
      document.removeEventListener('visibilitychange', handleVisible);
      window.removeEventListener('online', handleOnline);
      connection.stop();
    };
  }, [appId, isActive]);

  return mode;
}
