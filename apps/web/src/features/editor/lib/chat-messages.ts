import type { UIMessage } from 'ai';
import { MESSAGES } from '@tessera/contracts';
import { CHAT_REPAIR_PART, type ChatAnnotation, type ChatMessage, type ChatRepairStep } from '@tessera/contracts/chat';
import { type AppErrorReport } from '@tessera/contracts/runtime';

/** What the editor keeps beside each message: the annotation of docs/product/editor-and-chat.md#data, plus its status and time. */
export type EditorMessageMeta = ChatAnnotation & { createdAt?: string };
/** A chat message as the AI SDK's `useChat` holds it; `metadata` is the server's annotation. */
export type EditorMessage = UIMessage<EditorMessageMeta>;

/** A stored message (`GET .../chat/messages`, the live stream) as a UI message. */
export function toEditorMessage(message: ChatMessage): EditorMessage {
  const annotation = message.annotations[0] ?? {};
  const parts = message.parts.filter(
    (p) => (p.type === 'text' && typeof p.text === 'string') || p.type === CHAT_REPAIR_PART,
  ) as EditorMessage['parts'];
  return {
    id: message.id,
    role: message.role,
    parts,
    metadata: {
      ...annotation,
      status: message.status === 'streaming' ? 'streaming' : (annotation.status ?? message.status),
      createdAt: message.createdAt,
    },
  };
}

/** The text of a message (its text parts, joined). */
export function messageText(message: Pick<EditorMessage, 'parts'>): string {
  let text = '';
  for (const part of message.parts) if (part.type === 'text') text += part.text;
  return text;
}

/** One model call of an answer: its text, and for a repair step the problems it was asked to fix. */
export interface AnswerStep {
  text: string;
  repair: ChatRepairStep | null;
}

/** An answer's steps: the first call's text, then each repair step with the text it wrote. */
export function stepsOf(message: Pick<EditorMessage, 'parts'>): AnswerStep[] {
  const steps: AnswerStep[] = [{ text: '', repair: null }];
  for (const part of message.parts) {
    if (part.type === 'text') steps.at(-1)!.text += part.text;
    else if (part.type === CHAT_REPAIR_PART) steps.push({ text: '', repair: (part as { data: ChatRepairStep }).data });
  }
  return steps;
}

/**
 * Folds messages from the live stream into the list: a known id is replaced, a new one appended.
 * Returns the same array when nothing changed, so React skips the render.
 */
export function mergeMessages(current: EditorMessage[], incoming: EditorMessage[]): EditorMessage[] {
  let next = current;
  for (const message of incoming) {
    const index = next.findIndex((m) => m.id === message.id);
    if (index === -1) {
      next = [...next, message];
    } else if (!sameMessage(next[index]!, message)) {
      next = next.slice();
      next[index] = message;
    }
  }
  return next;
}

function sameMessage(a: EditorMessage, b: EditorMessage): boolean {
  return (
    a.role === b.role &&
    messageText(a) === messageText(b) &&
    stepsOf(a).length === stepsOf(b).length &&
    JSON.stringify(a.metadata ?? null) === JSON.stringify(b.metadata ?? null)
  );
}

/** True while the last assistant message is still being written (by this tab or another). */
export function isTurnRunning(messages: EditorMessage[]): boolean {
  const last = messages.at(-1);
  return last?.role === 'assistant' && last.metadata?.status === 'streaming';
}

/**
 * The live stream may stop (docs/product/editor-and-chat.md#states-and-transitions Streaming): the last message is an assistant message that
 * is finished — complete (with its versionId when the turn made one), or ended by an error. A
 * finished message never changes again, so waiting on for a versionId it will not get is useless.
 */
export function isTurnSettled(messages: EditorMessage[]): boolean {
  const last = messages.at(-1);
  if (!last) return true;
  return last.role === 'assistant' && (last.metadata?.status === 'complete' || last.metadata?.status === 'error');
}

/** The newest version id any message names (a finished turn, a restore), or null. */
export function latestMessageVersionId(messages: EditorMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const id = messages[i]!.metadata?.versionId;
    if (id) return id;
  }
  return null;
}

/** Why a chat call failed, in the words to show. `isLimit` blocks the composer (docs/product/editor-and-chat.md#rules-and-messages). */
export interface ChatFailure {
  code: string | null;
  message: string;
  isLimit: boolean;
  isNetwork: boolean;
}

const LIMIT_CODES = new Set(['builder-chat-messages-limit-reached', 'daily-chat-messages-limit-reached']);

/**
 * Reads an error of the chat transport: an HTTP error carries our `{ error: { code, message } }`
 * body (the spec's text), a stream `error` chunk carries the text itself, a failed fetch is a
 * network error (retried when the tab comes back).
 */
export function chatFailureOf(error: unknown): ChatFailure {
  const err = error as { statusCode?: unknown; responseBody?: unknown; message?: unknown; name?: unknown } | null;
  const status = typeof err?.statusCode === 'number' ? err.statusCode : null;
  const body = typeof err?.responseBody === 'string' ? err.responseBody : null;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
      const code = typeof parsed.error?.code === 'string' ? parsed.error.code : null;
      const message = typeof parsed.error?.message === 'string' && parsed.error.message ? parsed.error.message : null;
      if (code || message) {
        return {
          code,
          message: message ?? (status === 429 ? MESSAGES.chat.rateLimited : MESSAGES.chat.failed),
          isLimit: code !== null && LIMIT_CODES.has(code),
          isNetwork: false,
        };
      }
    } catch {
      // not our error body: fall through
    }
  }
  if (status === 429)
    return { code: 'RATE_LIMITED', message: MESSAGES.chat.rateLimited, isLimit: false, isNetwork: false };
  if (status !== null) return { code: null, message: MESSAGES.chat.failed, isLimit: false, isNetwork: false };
  const text = typeof err?.message === 'string' ? err.message : '';
  if (err?.name === 'TypeError' || err?.name === 'AbortError' || /network|fetch|load failed|aborted/i.test(text)) {
    return { code: 'NETWORK', message: MESSAGES.chat.failed, isLimit: false, isNetwork: true };
  }
  // A stream error chunk: the server put the spec's text in it.
  const known: string[] = [MESSAGES.chat.failed, MESSAGES.chat.rateLimited, MESSAGES.chat.builderLimit];
  if (known.includes(text) || text.startsWith('You have reached your daily limit')) {
    return {
      code: null,
      message: text,
      isLimit: text === MESSAGES.chat.builderLimit || text.startsWith('You have reached your daily limit'),
      isNetwork: false,
    };
  }
  return { code: null, message: MESSAGES.chat.failed, isLimit: false, isNetwork: false };
}

/** The chat message "Resolve with AI" sends (docs/product/editor-and-chat.md#rules-and-messages): each error's title, details and component. */
export function buildFixErrorsPrompt(
  errors: ReadonlyArray<Pick<AppErrorReport, 'title' | 'details' | 'componentName'>>,
): string {
  const blocks = errors.map((e, i) => {
    const lines = [`${errors.length > 1 ? `${i + 1}. ` : ''}${e.title}`];
    if (e.componentName) lines.push(`Component: ${e.componentName}`);
    if (e.details.trim()) lines.push(e.details.trim());
    return lines.join('\n');
  });
  return `${errors.length === 1 ? 'The app shows this error:' : `The app shows these ${errors.length} errors:`}\n\n${blocks.join('\n\n')}\n\n${MESSAGES.chat.fixErrorsSuffix}`;
}
