import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ContextCountEventSchema, ContextItemEventSchema, type ListContextItemsResponse } from '@tessera/contracts';
import { getToken } from '../../../shared/api';
import { startLiveConnection, type LiveMode } from '../lib/live-connection';
import type { SseEvent } from '../lib/sse';
import { contextEventsUrl, contextKeys, mergeContextItem } from './context';

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * Live statuses (spec 1 §4): while `isActive` (some item is unsynced, pending or running) a stream
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
      if (event.event === 'ready') {
        // Whatever changed between the list fetch and the subscription.
        refresh();
      } else if (event.event === 'item') {
        const parsed = ContextItemEventSchema.safeParse(parseJson(event.data));
        if (!parsed.success) return;
        const data = client.getQueryData<ListContextItemsResponse>(key);
        if (data?.contextItems.some((item) => item.id === parsed.data.contextItem.id)) mergeContextItem(client, appId, parsed.data.contextItem);
        else refresh();
      } else if (event.event === 'count') {
        const parsed = ContextCountEventSchema.safeParse(parseJson(event.data));
        const data = client.getQueryData<ListContextItemsResponse>(key);
        if (parsed.success && parsed.data.count !== data?.contextItems.length) refresh();
      }
    }

    const connection = startLiveConnection({ url: contextEventsUrl(appId), getToken, onEvent: handleEvent, onPoll: refresh, onModeChange: setMode });
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
