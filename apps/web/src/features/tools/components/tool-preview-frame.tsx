import { useEffect, useRef, useState } from 'react';
import {
  TOOL_PREVIEW_PATH,
  type ToolPageBoot,
  type ToolPreviewToFrame,
  type ToolPreviewToParent,
} from '@tessera/contracts/tool-page';
import { Spinner, cn } from '@tessera/ui';

export interface ToolPreviewFrameProps {
  /** The app's own host (`details.appUrl`): the frame's origin, the only one spoken to and heard. */
  appUrl: string;
  /** The public page of the builder's unsaved draft. */
  boot: ToolPageBoot;
  /** Generate in the preview runs the saved tool: only while it is live. */
  canRun: boolean;
  /** A desktop window, a phone (375 px), or the whole area (the builder on a phone). */
  device: 'desktop' | 'mobile' | 'fill';
}

/**
 * The live preview (docs/product/tools.md#screens-and-routes): the real public tool page, loaded from
 * the app's own host in a frame and handed the draft by `postMessage` on every edit, nothing saved.
 * Messages are sent to and read from the app host's origin and this frame only.
 */
export function ToolPreviewFrame({ appUrl, boot, canRun, device }: ToolPreviewFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  /** How many times the page said it is ready (each load says so once): each time it gets the draft. */
  const [readyCount, setReadyCount] = useState(0);
  const origin = new URL(appUrl).origin;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return;
      if ((event.data as Partial<ToolPreviewToParent> | null)?.type === 'tool_preview_ready')
        setReadyCount((n) => n + 1);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  // Every edit reaches the page at once; a frame that (re)loads says it is ready and gets the newest.
  useEffect(() => {
    if (readyCount === 0) return;
    const message: ToolPreviewToFrame = { type: 'tool_preview_draft', boot, canRun };
    frameRef.current?.contentWindow?.postMessage(message, origin);
  }, [readyCount, boot, canRun, origin]);

  return (
    <div
      className={cn(
        'relative mx-auto h-full overflow-hidden bg-surface',
        device === 'mobile' && 'w-[375px] rounded-[28px] ring-8 ring-zinc-900/90',
        device === 'desktop' && 'w-full rounded-xl shadow-card ring-1 ring-line',
        device === 'fill' && 'w-full',
      )}
    >
      <iframe
        ref={frameRef}
        src={`${origin}${TOOL_PREVIEW_PATH}`}
        title="Live preview"
        className="h-full w-full border-0"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
      {readyCount === 0 && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-surface/60">
          <Spinner size={20} label="Loading preview" />
        </div>
      )}
    </div>
  );
}
