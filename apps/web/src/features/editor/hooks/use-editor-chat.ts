import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Chat, useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { CHAT_MESSAGES_PER_CALL } from '@tessera/contracts/chat';
import { toast } from '@tessera/ui';
import { getToken } from '../../../shared/api';
import { editorKeys } from '../api/editor';
import {
  chatFailureOf,
  isTurnRunning,
  isTurnSettled,
  latestMessageVersionId,
  mergeMessages,
  messageText,
  type ChatFailure,
  type EditorMessage,
} from '../lib/chat-messages';
import { useLiveMessages } from './use-live-messages';

/** Submitted, streaming or ready (docs/product/editor-and-chat.md#states-and-transitions Chat status). */
export type EditorChatStatus = 'submitted' | 'streaming' | 'ready';

export interface UseEditorChatOptions {
  appId: string;
  initialMessages: EditorMessage[];
  /** The model an admin picked; undefined sends none (the server's default). */
  model: string | undefined;
}

/**
 * The builder chat: the AI SDK `useChat` over `POST /api/apps/{appId}/chat` (last 3 messages and
 * the id, bearer token), plus the live stream that shows turns started elsewhere. Limit errors
 * block sending (docs/product/editor-and-chat.md#rules-and-messages); other failures show the spec's text.
 */
export function useEditorChat({ appId, initialMessages, model }: UseEditorChatOptions) {
  const queryClient = useQueryClient();
  const modelRef = useRef(model);
  useEffect(() => {
    modelRef.current = model;
  }, [model]);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const [limitFailure, setLimitFailure] = useState<ChatFailure | null>(null);
  const [restoredDraft, setRestoredDraft] = useState<{ text: string; at: number } | null>(null);
  // A message the preview asked to send: shown in the input, sent only by the builder.
  const [suggestedDraft, setSuggestedDraft] = useState<{ text: string; at: number } | null>(null);
  const [isFollowing, setIsFollowing] = useState(true);
  // Told when the message just sent was refused before any answer began (the Database panel's access change).
  const onRefusedRef = useRef<((reason: string) => void) | null>(null);

  const chat = useMemo(
    () =>
      new Chat<EditorMessage>({
        id: appId,
        messages: initialMessages,
        transport: new DefaultChatTransport<EditorMessage>({
          api: `/api/apps/${encodeURIComponent(appId)}/chat`,
          credentials: 'omit',
          prepareSendMessagesRequest: ({ id, messages }) => {
            const token = getToken();
            return {
              body: {
                id,
                messages: messages
                  .slice(-CHAT_MESSAGES_PER_CALL)
                  .map(({ id: messageId, role, parts }) => ({ id: messageId, role, parts })),
                ...(modelRef.current ? { model: modelRef.current } : {}),
              },
              headers: token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>),
            };
          },
        }),
        // Pick up the stored copies (the user message's annotation, the answer's time) once the turn ends.
        onFinish: ({ isError }) => {
          if (isError) return;
          onRefusedRef.current = null;
          setIsFollowing(true);
        },
        onError: (error) => {
          const found = chatFailureOf(error);
          setFailure(found);
          if (found.isLimit) setLimitFailure(found);
          if (!found.isNetwork) toast.error(found.message, { id: 'chat-error' });
          // No answer began (a limit, the rate limit, a turn already running, the network): the
          // message goes back into the composer. If the server did keep it, the live stream brings it back.
          const last = chat.messages.at(-1);
          if (last?.role === 'user') {
            chat.messages = chat.messages.slice(0, -1);
            setRestoredDraft({ text: messageText(last), at: Date.now() });
            if (!found.isNetwork && found.code !== 'CONFLICT') onRefusedRef.current?.(found.message);
          }
          onRefusedRef.current = null;
          // The turn goes on on the server: follow it there (once the network is back).
          if (found.isNetwork || found.code === 'CONFLICT') setIsFollowing(true);
          // The server ended the turn with an error chunk: the answer is over, not still streaming.
          else if (last?.role === 'assistant' && last.metadata?.status === 'streaming') {
            setTimeout(() => {
              chat.messages = chat.messages.map((m) =>
                m.id === last.id
                  ? {
                      ...m,
                      metadata: {
                        ...m.metadata,
                        status: 'error',
                        systemActionInfo: { type: 'error', message: found.message },
                      },
                    }
                  : m,
              );
            }, 0);
          }
        },
      }),
    // The chat is made once per app, with the history it starts from.
    [appId],
  );
  const { messages, status, sendMessage, setMessages, clearError } = useChat<EditorMessage>({ chat, throttle: 50 });

  const isOwnRequest = status === 'submitted' || status === 'streaming';
  const { hasStreamError } = useLiveMessages(appId, isFollowing && !isOwnRequest, (incoming) => {
    if (chat.status === 'submitted' || chat.status === 'streaming') return false;
    chat.messages = mergeMessages(chat.messages, incoming);
    const settled = isTurnSettled(incoming);
    if (settled) setIsFollowing(false);
    return settled;
  });

  // Coming back to the tab: look once more, another tab may have started a turn meanwhile.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setIsFollowing(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // A new version from any path (this tab's turn, another tab, restore, revert): refresh what shows it.
  const versionId = latestMessageVersionId(messages);
  useEffect(() => {
    if (!versionId) return;
    void queryClient.invalidateQueries({ queryKey: editorKeys.versions(appId) });
    void queryClient.invalidateQueries({ queryKey: ['apps', 'detail', appId] });
  }, [appId, versionId, queryClient]);

  const isRunningElsewhere = !isOwnRequest && isTurnRunning(messages);
  const chatStatus: EditorChatStatus =
    status === 'submitted' ? 'submitted' : status === 'streaming' || isRunningElsewhere ? 'streaming' : 'ready';
  const isBusy = chatStatus !== 'ready';

  /** Sends `text`; `onRefused` hears why when the server refuses it before any answer begins. */
  const send = useCallback(
    (text: string, onRefused?: (reason: string) => void) => {
      const trimmed = text.trim();
      if (!trimmed || isBusy || limitFailure) return false;
      onRefusedRef.current = onRefused ?? null;
      setFailure(null);
      if (chat.status === 'error') clearError();
      void sendMessage({ text: trimmed });
      return true;
    },
    [chat, clearError, isBusy, limitFailure, sendMessage],
  );

  // A description typed on Home arrives as router state: sent once as the app's first message. The
  // state is cleared at once, so a reload or going back never sends it again.
  const location = useLocation();
  const navigate = useNavigate();
  const firstMessage = (location.state as { firstMessage?: unknown } | null)?.firstMessage;
  const hasSentFirst = useRef(false);
  useEffect(() => {
    if (typeof firstMessage !== 'string' || hasSentFirst.current) return;
    hasSentFirst.current = true;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    if (initialMessages.length === 0) send(firstMessage);
  }, [firstMessage, initialMessages.length, location.pathname, location.search, navigate, send]);

  /** Puts `text` in the chat input for the builder to read, edit and send (never sends it). */
  const suggest = useCallback((text: string) => setSuggestedDraft({ text, at: Date.now() }), []);

  /** Replaces the whole list (restore and revert answer with the chat's messages). */
  const replaceMessages = useCallback((next: EditorMessage[]) => setMessages(next), [setMessages]);

  return {
    messages,
    status: chatStatus,
    isBusy,
    failure,
    limitFailure,
    hasStreamError,
    restoredDraft,
    suggestedDraft,
    send,
    suggest,
    replaceMessages,
  };
}

export type EditorChat = ReturnType<typeof useEditorChat>;
