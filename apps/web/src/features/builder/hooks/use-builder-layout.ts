import { useState } from 'react';
import { useMatch, useNavigate, useSearchParams } from 'react-router';
import type { OpenPanel } from '../components/side-panel';
import { useMediaQuery } from '../../../shared/hooks';
import { useSidebar } from './use-sidebar';

/**
 * What the editor shows: the open panel (`?panel=`, App tools at `/build/app/{appId}/tools`), the
 * sidebar (a drawer under 768 px, closed until asked for; the cookie is the desktop choice), and
 * the chat and preview, which take turns under 1024 px.
 */
export function useBuilderLayout(appId: string) {
  const [params, setParams] = useSearchParams();
  const isMobile = useMediaQuery('(max-width: 767px)');
  const isNarrow = useMediaQuery('(max-width: 1023px)');
  const sidebar = useSidebar();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isChatOpen, setIsChatOpen] = useState(true);
  const [mobileView, setMobileView] = useState<'chat' | 'preview'>('chat');
  const navigate = useNavigate();
  // App tools has an address of its own (docs/product/editor-and-chat.md#screens-and-routes).
  const toolsMatch = useMatch('/build/app/:appId/tools');
  const panelParam = params.get('panel');
  const panel: OpenPanel | null = toolsMatch
    ? 'tools'
    : panelParam === 'database' ||
        panelParam === 'settings' ||
        panelParam === 'chat' ||
        panelParam === 'code' ||
        panelParam === 'texts' ||
        panelParam === 'branding' ||
        panelParam === 'details'
      ? panelParam
      : null;

  function openPanel(next: OpenPanel | null) {
    if (next === 'tools' || toolsMatch) {
      // App tools is /build/app/{appId}/tools; any other choice goes back to /build/app/{appId}.
      const base = `/build/app/${encodeURIComponent(appId)}`;
      navigate(next === 'tools' ? `${base}/tools` : next ? `${base}?panel=${next}` : base);
    } else {
      const nextParams = new URLSearchParams(params);
      if (next) nextParams.set('panel', next);
      else {
        nextParams.delete('panel');
        nextParams.delete('entity');
      }
      setParams(nextParams, { replace: false });
    }
    setIsDrawerOpen(false);
    // App settings and App tools live in the sidebar on wide screens: a collapsed one opens to show them.
    if ((next === 'settings' || next === 'tools') && !isMobile && !sidebar.isOpen) sidebar.setOpen(true);
    // The code editor needs the width for the files, the code and the preview: the menu folds to its icons.
    if (next === 'code' && !isMobile && sidebar.isOpen) sidebar.setOpen(false);
  }

  /** On narrow screens the chat comes to the front (a message was sent or suggested). */
  function showChatIfNarrow() {
    if (isNarrow) setMobileView('chat');
  }

  return {
    panel,
    openPanel,
    isMobile,
    isNarrow,
    sidebar,
    isDrawerOpen,
    setIsDrawerOpen,
    isChatOpen,
    toggleChat: () => setIsChatOpen((open) => !open),
    mobileView,
    setMobileView,
    showChatIfNarrow,
    showChat: isNarrow ? mobileView === 'chat' : isChatOpen,
    showPreview: !isNarrow || mobileView === 'preview',
  };
}

export type BuilderLayout = ReturnType<typeof useBuilderLayout>;
