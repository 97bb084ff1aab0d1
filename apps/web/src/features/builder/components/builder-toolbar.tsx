import { Link } from 'react-router';
import { ArrowLeft, BarChart3, Code2, Database, Eye, GitCompare, Menu as MenuIcon, MessageSquare } from 'lucide-react';
import type { VersionEntry } from '@tessera/contracts/chat';
import { Badge, Button, Logo } from '@tessera/ui';
import { VersionsMenu } from '../../editor';
import type { AppDetails } from '../api/app';
import type { BuilderLayout } from '../hooks/use-builder-layout';
import { PublishButton } from './publish-button';

export const KIND_LABELS: Record<AppDetails['appType'], string> = { generated: 'App', tool: 'Tool', space: 'Space' };

/** Back to the list of apps. */
export function BackLink() {
  return (
    <Link
      to="/home"
      className="flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-ink-muted hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
      aria-label="Back to apps"
    >
      <ArrowLeft className="size-4" aria-hidden />
      <span className="hidden lg:inline">Apps</span>
    </Link>
  );
}

interface BuilderToolbarProps {
  app: AppDetails;
  layout: BuilderLayout;
  versions: VersionEntry[];
  selected: VersionEntry | null;
  latest: VersionEntry | null;
  onSelectVersion: (version: VersionEntry) => void;
  onOpenDiff: () => void;
  errorCount: number;
  isChatBusy: boolean;
  onPublished: (versionId: string) => void;
  /** The builder may open the code editor (a generated app's builder, admins on space apps). */
  canEditCode: boolean;
}

/** The editor's top bar: menu or back, the app's name, versions and changes, and the view and publish buttons. */
export function BuilderToolbar({
  app,
  layout,
  versions,
  selected,
  latest,
  onSelectVersion,
  onOpenDiff,
  errorCount,
  isChatBusy,
  onPublished,
  canEditCode,
}: BuilderToolbarProps) {
  const { isMobile, isNarrow, mobileView, setMobileView, panel, openPanel } = layout;
  const appId = app.appId;
  return (
    <header className="flex h-14 shrink-0 items-center gap-1.5 border-b border-line bg-surface px-2 sm:gap-2 sm:px-3">
      {isMobile ? (
        <Button
          size="icon"
          variant="ghost"
          aria-label="Open menu"
          aria-expanded={layout.isDrawerOpen}
          onClick={() => layout.setIsDrawerOpen(true)}
        >
          <MenuIcon aria-hidden />
        </Button>
      ) : (
        <BackLink />
      )}
      <span className="hidden h-5 w-px bg-line sm:block" aria-hidden />
      <Logo size={22} markOnly className="hidden sm:inline-flex" />
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-[15px] font-semibold tracking-tight text-ink">{app.name}</h1>
        <span className="hidden xl:inline">
          <Badge>{KIND_LABELS[app.appType]}</Badge>
        </span>
      </div>
      {app.appType === 'generated' && (
        <div className="ml-1 flex items-center gap-1.5">
          <VersionsMenu versions={versions} selectedId={selected?.id ?? null} onSelect={onSelectVersion} />
          <Button
            size="sm"
            variant="ghost"
            onClick={onOpenDiff}
            disabled={!selected}
            aria-label="All Changes"
            className="max-sm:px-2"
          >
            <GitCompare aria-hidden />
            <span className="hidden lg:inline">All Changes</span>
          </Button>
        </div>
      )}
      <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
        {panel === 'code' && isNarrow ? null : isNarrow && app.appType === 'generated' ? (
          mobileView === 'chat' ? (
            <span className="relative">
              <Button
                size="icon"
                variant="secondary"
                className="size-8"
                aria-label="Preview"
                aria-describedby={errorCount ? 'preview-error-count' : undefined}
                onClick={() => setMobileView('preview')}
              >
                <Eye aria-hidden />
              </Button>
              {errorCount > 0 && (
                <span
                  id="preview-error-count"
                  className="pointer-events-none absolute -top-1.5 -right-1.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
                >
                  {errorCount}
                  <span className="sr-only"> {errorCount === 1 ? 'error' : 'errors'} in the app</span>
                </span>
              )}
            </span>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setMobileView('chat')}>
              Done
            </Button>
          )
        ) : app.appType !== 'generated' ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={layout.isChatOpen && panel !== 'code'}
            onClick={() => {
              // From the code editor, Chat goes back to the chat and the preview.
              if (panel === 'code') {
                openPanel(null);
                if (!layout.isChatOpen) layout.toggleChat();
              } else layout.toggleChat();
            }}
            title={layout.isChatOpen ? 'Hide chat' : 'Show chat'}
          >
            <MessageSquare aria-hidden />
            <span className="hidden lg:inline">Chat</span>
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={panel === 'database'}
          aria-label="Database"
          onClick={() => openPanel(panel === 'database' ? null : 'database')}
          className="max-sm:hidden"
        >
          <Database aria-hidden />
          <span className="hidden lg:inline">Database</span>
        </Button>
        {app.appType === 'generated' && (
          <Button asChild size="sm" variant="ghost" className="max-sm:hidden">
            <Link to={`/analytics/app/${appId}`} aria-label="Analytics">
              <BarChart3 aria-hidden />
              <span className="hidden lg:inline">Analytics</span>
            </Link>
          </Button>
        )}
        {canEditCode && (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={panel === 'code'}
            aria-label="Edit code"
            onClick={() => openPanel(panel === 'code' ? null : 'code')}
            className="max-md:hidden"
          >
            <Code2 aria-hidden />
            <span className="hidden lg:inline">Edit code</span>
          </Button>
        )}
        <PublishButton
          appId={appId}
          disabled={!latest || isChatBusy}
          appUrl={app.appUrl}
          onPublished={onPublished}
          compact={isMobile}
        />
      </div>
    </header>
  );
}
