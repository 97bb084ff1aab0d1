/**
 * The app's chat assistant (docs/product/app-chat.md#screens-and-routes): a bubble in the corner of every
 * page of a generated app whose assistant is active (the shell's boot data says so; no request
 * otherwise). End users ask; the answer streams in with the sources it used. Styled by the app's
 * theme variables, with neutral fallbacks.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { APP_CHAT_MESSAGE_MAX_LENGTH, APP_CHAT_MESSAGES, type AppChatPublic } from '@tessera/contracts/app-chat';
import { type ToolRunSource } from '@tessera/contracts/tool-runs';
import { ApiError } from '../sdk';
import { Markdown } from '../tool/markdown';
import { streamEvents } from '../tool/tool-api';
import { CHAT_WIDGET_CSS } from './chat-styles';

interface Turn {
  id: number;
  question: string;
  answer: string;
  sources: ToolRunSource[];
  status: 'streaming' | 'done' | 'error';
  error?: string;
}

function installStyles(): void {
  if (document.getElementById('tsr-chat-styles')) return;
  const style = document.createElement('style');
  style.id = 'tsr-chat-styles';
  style.textContent = CHAT_WIDGET_CSS;
  document.head.appendChild(style);
}

/** The widget of an app whose assistant is on: the page's boot data carries its settings (null: no widget). */
export function ChatWidget({ config }: { config: AppChatPublic }) {
  const [isOpen, setIsOpen] = useState(false);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const abort = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const isBusy = turns.at(-1)?.status === 'streaming';

  useEffect(installStyles, []);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [turns]);

  const update = (id: number, change: (turn: Turn) => Turn) =>
    setTurns((all) => all.map((t) => (t.id === id ? change(t) : t)));

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const question = draft.trim();
    if (!question || isBusy) return;
    const id = Date.now();
    setDraft('');
    setTurns((all) => [...all, { id, question, answer: '', sources: [], status: 'streaming' }]);
    const controller = new AbortController();
    abort.current = controller;
    try {
      for await (const e of streamEvents('/live_api/chat/messages', { message: question }, controller.signal)) {
        if (e.type === 'delta') update(id, (t) => ({ ...t, answer: t.answer + e.text }));
        else if (e.type === 'sources') update(id, (t) => ({ ...t, sources: e.sources }));
        else if (e.type === 'done') update(id, (t) => ({ ...t, answer: e.result, sources: e.sources, status: 'done' }));
        else if (e.type === 'error') update(id, (t) => ({ ...t, status: 'error', error: e.message }));
      }
      update(id, (t) => (t.status === 'streaming' ? { ...t, status: 'done' } : t));
    } catch (err) {
      if (controller.signal.aborted) return;
      const message = err instanceof ApiError ? err.message : APP_CHAT_MESSAGES.failed;
      update(id, (t) => ({ ...t, status: 'error', error: message }));
    }
  }

  return (
    <div className="tsr-chat">
      {isOpen && (
        <section className="tsr-chat-panel" role="dialog" aria-label={config.name}>
          <header className="tsr-chat-head">
            <span className="tsr-chat-avatar" aria-hidden>
              {config.name.slice(0, 1).toUpperCase()}
            </span>
            <h2>{config.name}</h2>
            <button type="button" className="tsr-chat-close" aria-label="Close chat" onClick={() => setIsOpen(false)}>
              ×
            </button>
          </header>
          <ol className="tsr-chat-list" ref={listRef} aria-live="polite">
            {config.welcomeMessage && <li className="tsr-chat-msg tsr-chat-bot">{config.welcomeMessage}</li>}
            {turns.map((turn) => (
              <li key={turn.id} className="tsr-chat-turn">
                <p className="tsr-chat-msg tsr-chat-me">{turn.question}</p>
                <div
                  className="tsr-chat-msg tsr-chat-bot"
                  data-status={turn.status}
                  aria-busy={turn.status === 'streaming'}
                >
                  {turn.status === 'error' ? (
                    <p className="tsr-chat-error" role="alert">
                      {turn.error}
                    </p>
                  ) : turn.answer ? (
                    <Markdown source={turn.answer} />
                  ) : (
                    <span className="tsr-chat-typing" aria-label="Writing the answer">
                      <i />
                      <i />
                      <i />
                    </span>
                  )}
                  {turn.status === 'done' && turn.sources.length > 0 && (
                    <ul className="tsr-chat-sources" aria-label="Sources">
                      {turn.sources.map((s) => (
                        <li key={s.contextItemId} title={s.excerpt}>
                          {s.name}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ol>
          <form className="tsr-chat-form" onSubmit={(e) => void send(e)}>
            <textarea
              ref={inputRef}
              rows={1}
              value={draft}
              maxLength={APP_CHAT_MESSAGE_MAX_LENGTH}
              placeholder="Ask a question…"
              aria-label="Your question"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) void send(e);
              }}
            />
            <button type="submit" className="tsr-chat-send" disabled={isBusy || !draft.trim()}>
              Send
            </button>
          </form>
        </section>
      )}
      <button
        type="button"
        className="tsr-chat-bubble"
        aria-label={isOpen ? 'Hide chat' : `Chat with ${config.name}`}
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden>
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
          />
        </svg>
      </button>
    </div>
  );
}
