import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tessera/contracts';
import { type ChatModelOption } from '@tessera/contracts/chat';
import { Alert, Button, Dialog, DialogClose, DialogContent, Select, Spinner, Textarea, cn, toast } from '@tessera/ui';
import { ArrowUp, MessageSquare, WifiOff } from 'lucide-react';
import { errorMessage } from '../../../shared/api';
import { editorKeys, revertMessage } from '../api/editor';
import type { EditorChat } from '../hooks/use-editor-chat';
import { messageText, type EditorMessage } from '../lib/chat-messages';
import { RELATIVE_TIME_MIN_PERIOD_MS } from '../../../shared/time';
import { ChatMessageView } from './chat-message';

export interface ChatPanelProps {
  appId: string;
  chat: EditorChat;
  isAdmin: boolean;
  models: ChatModelOption[];
  model: string | undefined;
  onModelChange: (model: string) => void;
  /** False while an older version is selected: messages go only to the latest (docs/product/editor-and-chat.md#states-and-transitions). */
  isOnLatest: boolean;
  onSwitchToLatest: () => void;
  className?: string;
}

const STATUS_TEXT = { submitted: 'Sending…', streaming: 'Writing…', ready: 'Ready' } as const;

/**
 * The builder chat (docs/product/editor-and-chat.md#screens-and-routes Chat view): the messages, submitted/streaming/ready, the composer
 * (blocked while a turn runs, on an older version, and after a limit error), and for admins the
 * model selector.
 */
export function ChatPanel({
  appId,
  chat,
  isAdmin,
  models,
  model,
  onModelChange,
  isOnLatest,
  onSwitchToLatest,
  className,
}: ChatPanelProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [toRevert, setToRevert] = useState<EditorMessage | null>(null);
  const [isReverting, setIsReverting] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const inputId = useId();
  const modelId = useId();
  const { messages, status, isBusy, limitFailure, failure, hasStreamError, restoredDraft, suggestedDraft } = chat;

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_TIME_MIN_PERIOD_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (restoredDraft) setDraft((current) => current || restoredDraft.text);
  }, [restoredDraft]);

  // What the preview asked to send waits in the input for the builder's own Send.
  useEffect(() => {
    if (!suggestedDraft) return;
    setDraft(suggestedDraft.text);
    document.getElementById(inputId)?.focus();
  }, [suggestedDraft, inputId]);

  // Follow the stream while the reader is at the bottom; leave them alone once they scroll up.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  function handleScroll() {
    const list = listRef.current;
    if (list) stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  }

  const isBlocked = isBusy || Boolean(limitFailure) || !isOnLatest;

  function submit() {
    if (isBlocked) return;
    stickToBottom.current = true;
    if (chat.send(draft)) setDraft('');
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  async function handleRevert() {
    if (!toRevert) return;
    setIsReverting(true);
    try {
      const result = await revertMessage(appId, toRevert.id);
      chat.replaceMessages(result.messages);
      setDraft((current) => current || messageText(toRevert));
      await queryClient.invalidateQueries({ queryKey: editorKeys.versions(appId) });
      await queryClient.invalidateQueries({ queryKey: ['apps', 'detail', appId] });
      setToRevert(null);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setIsReverting(false);
    }
  }

  return (
    <section aria-label="Chat" className={cn('flex min-h-0 flex-col bg-surface', className)}>
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line px-3">
        <h2 className="text-sm font-semibold text-ink">Chat</h2>
        <span
          role="status"
          aria-live="polite"
          data-status={status}
          className="flex items-center gap-1.5 text-xs text-ink-subtle"
        >
          {status !== 'ready' && <Spinner size={12} />}
          {STATUS_TEXT[status]}
        </span>
        {isAdmin && models.length > 0 && (
          // As wide as the longest model name (a fixed width cut names off), up to 60 % of the bar.
          <div className="ml-auto min-w-40 max-w-[60%]">
            <label htmlFor={modelId} className="sr-only">
              Model
            </label>
            <Select
              id={modelId}
              controlSize="sm"
              value={model ?? models.find((m) => m.isDefault)?.id ?? ''}
              onChange={(e) => onModelChange(e.target.value)}
            >
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>

      <div
        ref={listRef}
        onScroll={handleScroll}
        className="relative min-h-0 flex-1 overflow-y-auto px-3 py-4"
        aria-label="Messages"
        role="log"
      >
        {messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <MessageSquare className="size-5" aria-hidden />
            </span>
            <p className="text-[15px] font-semibold text-ink">{MESSAGES.chat.emptyTitle}</p>
            <p className="max-w-56 text-[13px] leading-relaxed text-ink-subtle">{MESSAGES.chat.emptyHint}</p>
          </div>
        ) : (
          <ol className="space-y-5">
            {messages.map((message, i) => (
              <ChatMessageView
                key={message.id}
                message={message}
                isLast={i === messages.length - 1}
                isAdmin={isAdmin}
                isBusy={isBlocked}
                models={models}
                now={now}
                onContinue={() => chat.send('Continue')}
                onRevert={setToRevert}
              />
            ))}
          </ol>
        )}
        {failure &&
          !failure.isLimit &&
          !failure.isNetwork &&
          status === 'ready' &&
          messages.at(-1)?.metadata?.systemActionInfo?.type !== 'error' && (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-800"
            >
              {failure.message}
            </p>
          )}
        {hasStreamError && (
          <p className="mt-4 flex items-center gap-1.5 text-xs text-ink-subtle">
            <WifiOff className="size-3.5" aria-hidden />
            Connection lost. The chat reconnects when you come back online.
          </p>
        )}
      </div>

      <form onSubmit={handleSubmit} className="shrink-0 space-y-2 border-t border-line p-3">
        {limitFailure && <Alert tone="error">{limitFailure.message}</Alert>}
        {!isOnLatest && !limitFailure && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-[13px] text-amber-900 ring-1 ring-amber-200 ring-inset">
            <span>You are viewing an older version.</span>
            <Button size="sm" variant="secondary" onClick={onSwitchToLatest}>
              {MESSAGES.chat.switchToLatest}
            </Button>
          </div>
        )}
        <div className="relative">
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <Textarea
            id={inputId}
            rows={3}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={handleKeyDown}
            disabled={Boolean(limitFailure)}
            placeholder="Describe a change…"
            maxLength={20_000}
            className="resize-none pr-12"
          />
          <span className="absolute right-2 bottom-2">
            <Button
              type="submit"
              size="icon"
              aria-label="Send"
              disabled={isBlocked || !draft.trim()}
              className="size-8"
            >
              {isBusy ? <Spinner size={14} /> : <ArrowUp aria-hidden />}
            </Button>
          </span>
        </div>
      </form>

      <Dialog open={toRevert !== null} onOpenChange={(open) => !open && !isReverting && setToRevert(null)}>
        <DialogContent
          title="Revert to before this message?"
          description="This message and every later message are removed, and the app goes back to how it was before it. Older versions stay in the version list."
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" disabled={isReverting}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="danger" loading={isReverting} onClick={handleRevert}>
                Revert
              </Button>
            </>
          }
        >
          {toRevert && (
            <blockquote className="line-clamp-4 border-l-2 border-line-strong pl-3 text-sm text-ink-muted">
              {messageText(toRevert)}
            </blockquote>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
