import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@tessera/contracts/chat';
import { openEventStream, readSseEvents } from '../../../shared/api';
import { toEditorMessage, type EditorMessage } from '../lib/chat-messages';

/** Pause before reconnecting after the server closed a stream it should have kept open. */
const RECONNECT_MS = 2000;

/**
 * Follows `GET /api/apps/{appId}/chat/live` (docs/product/editor-and-chat.md#states-and-transitions Streaming) while `isFollowing`: the app's
 * last 2 messages, at once and after every change, so a reload or a second tab sees a running
 * turn. `onMessages` returns true when the turn is settled, which ends the stream. A network error
 * flags `hasStreamError`; the stream comes back when the tab is visible and online again.
 */
export function useLiveMessages(
  appId: string,
  isFollowing: boolean,
  onMessages: (messages: EditorMessage[]) => boolean,
) {
  const [hasStreamError, setHasStreamError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const handler = useRef(onMessages);
  useEffect(() => {
    handler.current = onMessages;
  });

  useEffect(() => {
    if (!isFollowing) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const response = await openEventStream(`/api/apps/${encodeURIComponent(appId)}/chat/live`, {
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
      setHasStreamError(false);
      for await (const event of readSseEvents(response.body)) {
        if (event.event !== 'messages') continue;
        let messages: ChatMessage[];
        try {
          messages = (JSON.parse(event.data) as { messages: ChatMessage[] }).messages;
        } catch {
          continue;
        }
        if (!Array.isArray(messages)) continue;
        if (handler.current(messages.map(toEditorMessage))) {
          controller.abort();
          return;
        }
      }
      // The server ended a stream we still need: try again shortly.
      if (!controller.signal.aborted) retry = setTimeout(() => setAttempt((n) => n + 1), RECONNECT_MS);
    })().catch(() => {
      if (!controller.signal.aborted) setHasStreamError(true);
    });
    return () => {
      clearTimeout(retry);
      controller.abort();
    };
  }, [appId, isFollowing, attempt]);

  // Resume after a stream error when the tab is visible (docs/product/editor-and-chat.md#states-and-transitions) or the network is back.
  useEffect(() => {
    if (!hasStreamError) return;
    const resume = () => {
      if (document.visibilityState === 'visible' && navigator.onLine !== false) {
        setHasStreamError(false);
        setAttempt((n) => n + 1);
      }
    };
    document.addEventListener('visibilitychange', resume);
    window.addEventListener('online', resume);
    return () => {
      document.removeEventListener('visibilitychange', resume);
      window.removeEventListener('online', resume);
    };
  }, [hasStreamError]);

  return { hasStreamError };
}
