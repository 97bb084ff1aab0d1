/**
 * The tool builder's live preview (docs/product/tools.md#screens-and-routes): the real tool page,
 * fed the builder's unsaved draft by `postMessage`. Only messages from the builder's origin, sent by
 * the window that frames this one, are read; the page tells the builder it is ready on load.
 */
import { useEffect, useState } from 'react';
import type { ToolPageBoot, ToolPreviewToFrame, ToolPreviewToParent } from '@tessera/contracts/tool-page';
import { configureSdk } from '../sdk';
import { ToolPage } from './tool-page';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The draft a message carries, or null when it is not the builder's (wrong origin or sender) or not a draft. */
export function draftOf(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  parentOrigin: string,
  parent: unknown,
): { boot: ToolPageBoot; canRun: boolean } | null {
  if (event.origin !== parentOrigin || event.source !== parent) return null;
  const data = event.data as Partial<ToolPreviewToFrame> | null;
  if (!isObject(data) || data.type !== 'tool_preview_draft' || !isObject(data.boot)) return null;
  const boot = data.boot as Partial<ToolPageBoot>;
  const isPage =
    typeof boot.appId === 'string' &&
    typeof boot.name === 'string' &&
    isObject(boot.tool) &&
    isObject(boot.texts) &&
    isObject(boot.style) &&
    Array.isArray(boot.fields) &&
    Array.isArray(boot.steps) &&
    Array.isArray(boot.texts.examples);
  return isPage ? { boot: boot as ToolPageBoot, canRun: data.canRun === true } : null;
}

export function ToolPreviewHost({ parentOrigin }: { parentOrigin: string }) {
  const [draft, setDraft] = useState<{ boot: ToolPageBoot; canRun: boolean } | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = draftOf(event, parentOrigin, window.parent);
      if (!next) return;
      configureSdk({ appId: next.boot.appId, basePath: '' });
      setDraft(next);
    };
    window.addEventListener('message', onMessage);
    const ready: ToolPreviewToParent = { type: 'tool_preview_ready' };
    if (window.parent !== window) window.parent.postMessage(ready, parentOrigin);
    return () => window.removeEventListener('message', onMessage);
  }, [parentOrigin]);
  return draft ? <ToolPage boot={draft.boot} preview={{ canRun: draft.canRun }} /> : null;
}
