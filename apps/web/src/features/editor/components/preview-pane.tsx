import { useEffect, useRef, useState, type ReactNode } from 'react';
import { type AppLook } from '@tessera/contracts/apps';
import { PREVIEW_TOKEN_FRAGMENT, type AppErrorReport, type FrameMessageToPreview } from '@tessera/contracts/runtime';
import { Button, EmptyState, Spinner, cn } from '@tessera/ui';
import { Monitor, RefreshCw, Smartphone, Tablet, TriangleAlert, Wand2 } from 'lucide-react';
import { errorMessage } from '../../../shared/api';
import { usePreviewUrl } from '../api/editor';
import { dispatchPreviewMessage, parsePreviewMessage, previewOrigin, previewToken } from '../lib/frame-messages';

/** docs/product/editor-and-chat.md#screens-and-routes: preview viewports. */
export const VIEWPORTS = {
  desktop: { label: 'Desktop', width: null, height: null, icon: Monitor },
  tablet: { label: 'Tablet', width: 768, height: 1024, icon: Tablet },
  mobile: { label: 'Mobile', width: 375, height: 667, icon: Smartphone },
} as const;
export type Viewport = keyof typeof VIEWPORTS;

/** docs/product/editor-and-chat.md#limits: the refreshing indicator lasts 1 s. */
export const REFRESH_INDICATOR_MS = 1000;

export interface PreviewPaneProps {
  appId: string;
  /** The version to show; null when the app has none yet. */
  versionId: string | null;
  isLoadingVersions: boolean;
  /** The builder route's page segment: the page the frame opens first. */
  initialPage?: string;
  onAppError: (error: AppErrorReport) => void;
  /** The frame asked to send a chat message: it goes to the chat input, for the builder to send or not. */
  onSuggestChatMessage: (message: string) => void;
  /** A chat turn is running: its version replaces the one shown when it ends. */
  isBuilding: boolean;
  /** Overlaid at the bottom of the frame (the error panel). */
  overlay?: ReactNode;
  /** The App branding and App texts drafts: sent to the frame as they change (`look_changed`), before any save. */
  look?: AppLook;
}

/**
 * The preview frame (docs/product/editor-and-chat.md#screens-and-routes): the selected version on the app's own host through a signed
 * preview URL, three viewports, a refresh with its 1 s indicator, and the frame messages of
 * docs/product/editor-and-chat.md#calls — trusted only from the app host's origin and this frame, and only in known shapes.
 */
export function PreviewPane({
  appId,
  versionId,
  isLoadingVersions,
  initialPage,
  onAppError,
  onSuggestChatMessage,
  isBuilding,
  overlay,
  look,
}: PreviewPaneProps) {
  const [viewport, setViewport] = useState<Viewport>('desktop');
  const [nonce, setNonce] = useState(0);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [path, setPath] = useState<string | null>(null);
  const [isFrameLoading, setIsFrameLoading] = useState(true);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const preview = usePreviewUrl(appId, versionId, nonce);
  const url = preview.data?.url ?? null;
  const token = url ? previewToken(url, PREVIEW_TOKEN_FRAGMENT) : null;
  /** What the frame was loaded with: a ready frame switches versions in place (it keeps its page). */
  const [frame, setFrame] = useState<{ src: string; key: number } | null>(null);
  const isFrameReady = useRef(false);
  const needsReload = useRef(false);

  const latest = useRef({
    viewport,
    versionId: preview.data?.versionId ?? versionId,
    token,
    onAppError,
    onSuggestChatMessage,
    look,
  });
  useEffect(() => {
    latest.current = {
      viewport,
      versionId: preview.data?.versionId ?? versionId,
      token,
      onAppError,
      onSuggestChatMessage,
      look,
    };
  });

  // A new preview URL: the first one (or one after a refresh, or while the frame is not ready yet)
  // loads the frame; later ones tell the running app which version to show (docs/product/editor-and-chat.md#calls version_selected).
  useEffect(() => {
    if (!url || !preview.data) return;
    const target = previewOrigin(url);
    const win = frameRef.current?.contentWindow;
    if (frame && isFrameReady.current && !needsReload.current && win && target && token) {
      win.postMessage(
        { type: 'version_selected', versionId: preview.data.versionId, token } satisfies FrameMessageToPreview,
        target,
      );
      return;
    }
    needsReload.current = false;
    isFrameReady.current = false;
    setFrame((current) => ({
      src: initialPage && !current ? withPage(url, initialPage) : url,
      key: (current?.key ?? 0) + 1,
    }));
    // Each answer of the preview-url call decides once (a refresh may get the same URL back).
  }, [preview.data]);
  const src = frame?.src ?? null;
  // The app host the frame runs on: the only origin its messages are taken from and sent to.
  const origin = src ? previewOrigin(src) : null;

  useEffect(() => {
    if (!origin) return;
    const post = (message: FrameMessageToPreview) => frameRef.current?.contentWindow?.postMessage(message, origin);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return;
      const message = parsePreviewMessage(event.data);
      if (!message) return;
      const now = latest.current;
      dispatchPreviewMessage(message, {
        onReady() {
          isFrameReady.current = true;
          setIsFrameLoading(false);
          post({ type: 'preview_state_changed', state: { device: now.viewport } });
          if (now.versionId && now.token)
            post({ type: 'version_selected', versionId: now.versionId, token: now.token });
          if (now.look) post({ type: 'look_changed', look: now.look });
        },
        onAppError: now.onAppError,
        onSuggestChatMessage: now.onSuggestChatMessage,
        onUrlChanged: setPath,
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  // The builder's look edits reach the app at once (a frame not ready yet gets them when it is).
  useEffect(() => {
    if (origin && look && isFrameReady.current)
      frameRef.current?.contentWindow?.postMessage(
        { type: 'look_changed', look } satisfies FrameMessageToPreview,
        origin,
      );
  }, [look, origin]);

  // Tell the app which device it is shown on.
  useEffect(() => {
    if (origin)
      frameRef.current?.contentWindow?.postMessage(
        { type: 'preview_state_changed', state: { device: viewport } } satisfies FrameMessageToPreview,
        origin,
      );
  }, [viewport, origin]);

  useEffect(() => {
    setIsFrameLoading(true);
    setPath(null);
  }, [frame?.key]);

  useEffect(() => {
    if (!isRefreshing) return;
    const timer = setTimeout(() => setIsRefreshing(false), REFRESH_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [isRefreshing]);

  function handleRefresh() {
    needsReload.current = true;
    setIsRefreshing(true);
    setNonce((n) => n + 1);
  }

  const size = VIEWPORTS[viewport];
  // The app host lets only PUBLIC_URL's origin frame it: an editor opened at another address (127.0.0.1
  // for localhost) would show a frame the browser refuses, so it says where the preview works instead.
  const builderOrigin = preview.data?.builderOrigin;
  const isElsewhere = Boolean(builderOrigin && builderOrigin !== window.location.origin);
  let body: ReactNode;
  if (!versionId) {
    body = isLoadingVersions ? (
      <Spinner size={20} label="Loading" />
    ) : (
      <EmptyState
        icon={isBuilding ? <Spinner size={20} /> : <Wand2 />}
        title={isBuilding ? 'Building your app…' : 'Nothing to preview yet'}
        text={
          isBuilding
            ? 'The preview appears as soon as the first version is ready.'
            : 'Describe your app in the chat and the preview appears here.'
        }
      />
    );
  } else if (preview.isError) {
    body = (
      <EmptyState
        icon={<TriangleAlert />}
        title={errorMessage(preview.error)}
        action={
          <Button variant="secondary" onClick={handleRefresh}>
            Try again
          </Button>
        }
      />
    );
  } else if (isElsewhere) {
    body = (
      <EmptyState
        icon={<TriangleAlert />}
        title="The preview opens only at this install's own address"
        text={`This editor is open at ${window.location.host}, but the app's host accepts previews only inside ${builderOrigin}. Open the editor there (you may need to sign in again).`}
        action={
          <Button asChild variant="secondary">
            <a href={`${builderOrigin}${window.location.pathname}${window.location.search}`}>Open at {builderOrigin}</a>
          </Button>
        }
      />
    );
  } else if (!src) {
    body = <Spinner size={20} label="Loading preview" />;
  } else {
    body = (
      <div
        className={cn(
          'relative shrink-0 overflow-hidden bg-white',
          viewport === 'desktop' ? 'h-full w-full' : 'rounded-xl shadow-pop ring-1 ring-line',
        )}
        style={size.width ? { width: size.width, height: size.height } : undefined}
      >
        <iframe
          key={frame!.key}
          ref={frameRef}
          src={src}
          title="App preview"
          className="h-full w-full border-0"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads"
          allow="clipboard-write"
          onLoad={() => setTimeout(() => setIsFrameLoading(false), 1500)}
        />
        {isFrameLoading && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-white/60">
            <Spinner size={20} label="Loading preview" />
          </div>
        )}
      </div>
    );
  }

  return (
    <section aria-label="Preview" className="flex min-h-0 min-w-0 flex-1 flex-col bg-canvas">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line bg-surface px-3">
        <span
          className="min-w-0 flex-1 truncate font-mono text-xs text-ink-subtle"
          aria-label="Page path"
          title={path ?? undefined}
        >
          {path ?? '/'}
        </span>
        {isBuilding && versionId && (
          <span className="flex shrink-0 items-center gap-1.5 text-xs text-ink-subtle">
            <Spinner size={12} />
            <span className="hidden sm:inline">Updating when the answer is done</span>
          </span>
        )}
        <div role="group" aria-label="Viewport" className="hidden items-center rounded-lg bg-zinc-100 p-0.5 sm:flex">
          {(Object.keys(VIEWPORTS) as Viewport[]).map((key) => {
            const { label, icon: Icon } = VIEWPORTS[key];
            return (
              <button
                key={key}
                type="button"
                aria-pressed={viewport === key}
                aria-label={label}
                title={label}
                onClick={() => setViewport(key)}
                className={cn(
                  'flex size-7 items-center justify-center rounded-md text-ink-subtle hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500',
                  viewport === key && 'bg-surface text-ink shadow-xs',
                )}
              >
                <Icon className="size-4" aria-hidden />
              </button>
            );
          })}
        </div>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Refresh preview"
          title="Refresh preview"
          onClick={handleRefresh}
          disabled={!versionId}
          aria-busy={isRefreshing || undefined}
        >
          <RefreshCw className={cn(isRefreshing && 'animate-spin')} aria-hidden />
        </Button>
        {isRefreshing && (
          <span role="status" className="sr-only">
            Refreshing
          </span>
        )}
      </div>
      <div className="relative flex min-h-0 flex-1">
        <div
          className={cn(
            'flex min-h-0 flex-1 overflow-auto',
            viewport === 'desktop' || !src ? 'items-center justify-center' : 'items-start justify-center p-4 sm:p-6',
          )}
        >
          {body}
        </div>
        {overlay && <div className="pointer-events-none absolute inset-x-0 bottom-0 p-3">{overlay}</div>}
      </div>
    </section>
  );
}

/** The preview URL opened on a page: `/app/{slug}/{page}/` keeps the token fragment. */
function withPage(url: string, page: string): string {
  try {
    const parsed = new URL(url);
    parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}/${encodeURIComponent(page)}/`;
    return parsed.toString();
  } catch {
    return url;
  }
}
