import type { AppErrorReport, FrameMessageToParent } from '@tessera/contracts/runtime';

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const clip = (v: string, max: number) => (v.length > max ? `${v.slice(0, max)}…` : v);

/**
 * A message from the preview frame (docs/product/editor-and-chat.md#calls) if it has one of the known shapes, otherwise
 * null. Only call it for events whose origin is the app host's and whose source is the frame.
 */
export function parsePreviewMessage(data: unknown): FrameMessageToParent | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'ready_to_receive_messages':
      return { type: 'ready_to_receive_messages', versionId: isText(m.versionId, 100) ? m.versionId : null };
    case 'app_error': {
      const e = (typeof m.error === 'object' && m.error !== null ? m.error : null) as Record<string, unknown> | null;
      if (!e || !isText(e.title, 10_000) || !e.title.trim()) return null;
      const error: AppErrorReport = {
        title: clip(e.title, 300),
        details: typeof e.details === 'string' ? clip(e.details, 4000) : '',
        componentName: isText(e.componentName, 200) && e.componentName ? e.componentName : null,
        scope: e.scope === 'page' ? 'page' : 'component',
      };
      return { type: 'app_error', error };
    }
    case 'send_chat_message':
      return isText(m.message, 20_000) && m.message.trim() ? { type: 'send_chat_message', message: m.message } : null;
    case 'app_changed_url':
      if (!isText(m.url, 2000) || !isText(m.path, 2000)) return null;
      return {
        type: 'app_changed_url',
        url: m.url,
        path: m.path,
        pageName: isText(m.pageName, 200) && m.pageName ? m.pageName : null,
      };
    default:
      return null;
  }
}

/** What the editor does with each message of its preview frame. */
export interface PreviewMessageHandlers {
  onReady: () => void;
  onAppError: (error: AppErrorReport) => void;
  /**
   * The preview's "send chat message" only fills the chat input: the frame runs the app's own code,
   * which a prompt could have written, and a message sent without the builder's click could change
   * the app (its access rules too).
   */
  onSuggestChatMessage: (message: string) => void;
  onUrlChanged: (path: string) => void;
}

/** Hands a parsed preview message to its handler. */
export function dispatchPreviewMessage(message: FrameMessageToParent, handlers: PreviewMessageHandlers): void {
  switch (message.type) {
    case 'ready_to_receive_messages':
      return handlers.onReady();
    case 'app_error':
      return handlers.onAppError(message.error);
    case 'send_chat_message':
      return handlers.onSuggestChatMessage(message.message);
    case 'app_changed_url':
      return handlers.onUrlChanged(message.path);
  }
}

/** The origin a preview URL is served from (the app host), or null for a URL that is not http(s). */
export function previewOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The preview token a preview URL carries in its fragment (`#tessera-preview=...`). */
export function previewToken(url: string, fragmentName: string): string | null {
  try {
    const hash = new URL(url).hash.replace(/^#/, '');
    return new URLSearchParams(hash).get(fragmentName);
  } catch {
    return null;
  }
}
