import { parseAppStyle, parseAppTexts } from '@tessera/contracts/apps';
import { type FrameMessageToParent, type FrameMessageToPreview } from '@tessera/contracts/runtime';

/**
 * The preview's side of docs/product/runtime.md#calls frame messages. Only the builder's origin (given by the shell)
 * is ever written to or listened to, and every incoming message is checked field by field.
 */
export function createFrameBridge(parentOrigin: string) {
  const isFramed = typeof window !== 'undefined' && window.parent !== window;

  function send(message: FrameMessageToParent): void {
    if (isFramed && parentOrigin) window.parent.postMessage(message, parentOrigin);
  }

  function listen(handler: (message: FrameMessageToPreview) => void): () => void {
    const onMessage = (event: MessageEvent) => {
      if (!isFramed || event.source !== window.parent || event.origin !== parentOrigin) return;
      const message = parseParentMessage(event.data);
      if (message) handler(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }

  return { isFramed, send, listen };
}

const isText = (v: unknown, max = 2000): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** A message from the parent if it has one of the known shapes, otherwise null. */
export function parseParentMessage(data: unknown): FrameMessageToPreview | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'preview_state_changed': {
      const state = (typeof m.state === 'object' && m.state !== null ? m.state : {}) as Record<string, unknown>;
      const device =
        state.device === 'desktop' || state.device === 'tablet' || state.device === 'mobile' ? state.device : undefined;
      return {
        type: 'preview_state_changed',
        state: {
          ...(device ? { device } : {}),
          ...(typeof state.isDebugLogOpen === 'boolean' ? { isDebugLogOpen: state.isDebugLogOpen } : {}),
        },
      };
    }
    case 'version_selected':
      return isText(m.versionId, 100) && isText(m.token)
        ? { type: 'version_selected', versionId: m.versionId, token: m.token }
        : null;
    case 'file_changed':
      return isText(m.versionId, 100) && isText(m.token)
        ? {
            type: 'file_changed',
            versionId: m.versionId,
            token: m.token,
            ...(isText(m.path, 300) ? { path: m.path } : {}),
          }
        : null;
    case 'look_changed': {
      // The same checks as the server's: nothing unchecked reaches the page's stylesheet.
      const look = (typeof m.look === 'object' && m.look !== null ? m.look : {}) as Record<string, unknown>;
      const style = parseAppStyle(look.style);
      const texts = parseAppTexts(look.texts);
      if (!style.ok || !texts.ok || typeof look.showWatermark !== 'boolean') return null;
      return {
        type: 'look_changed',
        look: { style: style.value, texts: texts.value, showWatermark: look.showWatermark },
      };
    }
    default:
      return null;
  }
}
