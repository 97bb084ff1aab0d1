import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  BarChart3,
  Database,
  Eye,
  GitCompare,
  Menu as MenuIcon,
  MessageSquare,
  PanelLeft,
  Settings,
  TriangleAlert,
} from 'lucide-react';
import {
  MESSAGES,
  canEditAppSettings,
  type AppErrorReport,
  type EntitySchema,
  type VersionEntry,
} from '@tessera/contracts';
import { Badge, Button, EmptyState, Logo, Skeleton, Spinner, cn, toast } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { DatabaseEntityList, DatabaseWorkspace } from '../../database';
import {
  ChatPanel,
  DiffDialog,
  ErrorPanel,
  INITIAL_ERROR_PANEL,
  OlderVersionDialog,
  PreviewPane,
  VersionsMenu,
  buildFixErrorsPrompt,
  editorKeys,
  errorPanelReducer,
  restoreVersion,
  useChatHistory,
  useChatModels,
  useEditorChat,
  useVersions,
  versionLabel,
  visibleErrors,
  type EditorMessage,
} from '../../editor';
import { errorMessage, isApiError } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { appKeys, useAppDetails, type AppDetails } from '../api/app';
import { PublishButton } from '../components/publish-button';
import { AppSettingsPanel } from '../components/app-settings-panel';
import { PanelHeader, SidePanel, type OpenPanel } from '../components/side-panel';
import { useLeavePrompt } from '../hooks/use-leave-prompt';
import { useMediaQuery } from '../hooks/use-media-query';
import { useSidebar } from '../hooks/use-sidebar';

const KIND_LABELS: Record<AppDetails['appType'], string> = { generated: 'App', tool: 'Tool', space: 'Space' };

/**
 * `/build/app/{appId}` (and `/{pageName}`): the editor. A toolbar (spec 1 §2), the sidebar with
 * the menu of the app's kind, the chat (at most 350 px wide) and the preview frame, or the open
 * panel's workspace. Under 768 px the chat and the preview take turns.
 */
export function BuilderPage() {
  const { appId = '' } = useParams();
  const app = useAppDetails(appId);
  const history = useChatHistory(appId);
  useDocumentTitle(app.data ? `${app.data.name} · Builder` : 'Builder');

  if (app.isError || history.isError) {
    return (
      <div className="flex h-dvh flex-col bg-canvas">
        <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-surface px-3 sm:px-4">
          <BackLink />
        </header>
        <div className="mx-auto w-full max-w-lg px-4 py-16">
          <EmptyState
            icon={<TriangleAlert />}
            title={errorMessage(app.error ?? history.error)}
            text="It may have been deleted, or it belongs to another account."
            action={
              <Button asChild variant="secondary">
                <Link to="/home">Back to your apps</Link>
              </Button>
            }
          />
        </div>
      </div>
    );
  }
  if (!app.data || !history.data) {
    return (
      <div className="flex h-dvh flex-col bg-canvas" aria-busy>
        <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-surface px-3 sm:px-4">
          <BackLink />
          <Skeleton className="h-5 w-40" />
        </header>
        <div className="flex flex-1 items-center justify-center">
          <Spinner size={20} label="Loading the editor" />
        </div>
      </div>
    );
  }
  return <Editor key={appId} app={app.data} initialMessages={history.data} />;
}

function BackLink() {
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

function Editor({ app, initialMessages }: { app: AppDetails; initialMessages: EditorMessage[] }) {
  const appId = app.appId;
  const { pageName } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const account = useCurrentAccount();
  const isAdmin = account.data?.isAdmin ?? false;
  // Everyone gets the list (non-admins only the default): it names the model that answered.
  const models = useChatModels(true);
  const [model, setModel] = useState<string | undefined>(undefined);
  const chat = useEditorChat({ appId, initialMessages, model });
  const versions = useVersions(appId);
  const versionList = versions.data ?? [];
  const latest = versionList[0] ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = (selectedId && versionList.find((v) => v.id === selectedId)) || latest;
  const isOnLatest = !selected || selected.id === latest?.id;
  const [olderPrompt, setOlderPrompt] = useState<VersionEntry | null>(null);
  const [isRestoring, setIsRestoring] = useState(false);
  const [isDiffOpen, setIsDiffOpen] = useState(false);
  const [isChatOpen, setIsChatOpen] = useState(true);
  const [mobileView, setMobileView] = useState<'chat' | 'preview'>('chat');
  const [publishedVersionId, setPublishedVersionId] = useState<string | null>(app.publishedVersionId);
  const [errors, dispatchErrors] = useReducer(errorPanelReducer, INITIAL_ERROR_PANEL);
  const [isResolving, setIsResolving] = useState(false);
  const sawResolveTurn = useRef(false);
  // Spec 3 §2: the sidebar is a drawer under 768 px; spec 2 §2: the chat view's breakpoint is
  // 1024 px, under which the chat and the preview take turns.
  const isMobile = useMediaQuery('(max-width: 767px)');
  const isNarrow = useMediaQuery('(max-width: 1023px)');
  const sidebar = useSidebar();
  // Under 768 px the sidebar is a drawer, closed until asked for (the cookie is the desktop choice).
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const panelParam = params.get('panel');
  const panel: OpenPanel | null = panelParam === 'database' || panelParam === 'settings' ? panelParam : null;
  useLeavePrompt(chat.isBusy);

  // Errors of the old version are not the new one's: a new preview starts clean (suppressions stay).
  const previewVersionId = selected?.id ?? null;
  useEffect(() => {
    dispatchErrors({ type: 'clear' });
  }, [previewVersionId]);

  // "Resolve with AI" clears the errors once its turn has ended (spec 2 §4).
  useEffect(() => {
    if (!isResolving) return;
    if (chat.isBusy) sawResolveTurn.current = true;
    else if (sawResolveTurn.current) {
      sawResolveTurn.current = false;
      setIsResolving(false);
      dispatchErrors({ type: 'clear' });
    }
  }, [chat.isBusy, isResolving]);

  function openPanel(next: OpenPanel | null) {
    const nextParams = new URLSearchParams(params);
    if (next) nextParams.set('panel', next);
    else {
      nextParams.delete('panel');
      nextParams.delete('entity');
    }
    setParams(nextParams, { replace: false });
    setIsDrawerOpen(false);
    // App settings live in the sidebar on wide screens: a collapsed one opens to show them.
    if (next === 'settings' && !isMobile && !sidebar.isOpen) sidebar.setOpen(true);
  }

  function handleSchemaSaved(name: string, schema: EntitySchema) {
    queryClient.setQueryData<AppDetails>(appKeys.detail(appId), (data) =>
      data ? { ...data, entities: { ...data.entities, [name]: schema } } : data,
    );
  }

  function handleSelectVersion(version: VersionEntry) {
    if (version.id === latest?.id) {
      setSelectedId(null);
      return;
    }
    setSelectedId(version.id);
    setOlderPrompt(version);
  }

  function switchToLatest() {
    setSelectedId(null);
    setOlderPrompt(null);
  }

  async function handleRestore(version: VersionEntry) {
    if (!version.messageId) {
      toast.error(MESSAGES.chat.noMessageForVersion);
      return;
    }
    setIsRestoring(true);
    try {
      const messages = await restoreVersion(appId, version.id, version.messageId);
      chat.replaceMessages(messages);
      setSelectedId(null);
      await queryClient.invalidateQueries({ queryKey: editorKeys.versions(appId) });
      await queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
    } catch (err) {
      // Spec 3 §8: "Failed to restore version", unless the server names the missing message.
      if (!isApiError(err) || !err.isNetwork)
        toast.error(
          isApiError(err) && err.message === MESSAGES.chat.noMessageForVersion
            ? err.message
            : MESSAGES.chat.restoreFailed,
        );
    } finally {
      setIsRestoring(false);
    }
  }

  function sendToChat(text: string) {
    if (!isOnLatest) {
      setOlderPrompt(selected);
      return false;
    }
    const sent = chat.send(text);
    if (sent && isNarrow) setMobileView('chat');
    return sent;
  }

  /** A message the preview asked to send: into the chat input only, never sent without the builder. */
  function suggestToChat(text: string) {
    chat.suggest(text);
    if (isNarrow) setMobileView('chat');
  }

  /** The Database panel's access change: a chat request, refused while a turn runs; the chat shows it. */
  const accessChat = {
    isChatBusy: chat.isBusy,
    onRequestChange(request: string) {
      if (chat.limitFailure) {
        toast.error(chat.limitFailure.message);
        return false;
      }
      const sent = sendToChat(request);
      if (sent) openPanel(null);
      return sent;
    },
  };

  function handleResolve() {
    const shown = visibleErrors(errors);
    if (!shown.length) return;
    if (sendToChat(buildFixErrorsPrompt(shown))) {
      sawResolveTurn.current = false;
      setIsResolving(true);
    }
  }

  function handleAppError(error: AppErrorReport) {
    dispatchErrors({ type: 'report', error });
  }

  const isPublished = publishedVersionId !== null;
  const errorCount = visibleErrors(errors).length;
  const showChat = isNarrow ? mobileView === 'chat' : isChatOpen;
  const showPreview = !isNarrow || mobileView === 'preview';
  const menu = { kind: app.appType, isAdmin, plan: account.data?.plan ?? 'lite', hasTool: false } as const;
  const canEditSettings = account.isPending ? null : canEditAppSettings(menu);

  return (
    <div className="flex h-dvh flex-col bg-canvas">
      <header className="flex h-14 shrink-0 items-center gap-1.5 border-b border-line bg-surface px-2 sm:gap-2 sm:px-3">
        {isMobile ? (
          <Button
            size="icon"
            variant="ghost"
            aria-label="Open menu"
            aria-expanded={isDrawerOpen}
            onClick={() => setIsDrawerOpen(true)}
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
            <VersionsMenu versions={versionList} selectedId={selected?.id ?? null} onSelect={handleSelectVersion} />
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setIsDiffOpen(true)}
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
          {isNarrow && app.appType === 'generated' ? (
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
              aria-pressed={isChatOpen}
              onClick={() => setIsChatOpen((open) => !open)}
              title={isChatOpen ? 'Hide chat' : 'Show chat'}
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
          <AnalyticsButton appId={appId} isPublished={isPublished} />
          <PublishButton
            appId={appId}
            disabled={!latest || chat.isBusy}
            appUrl={app.appUrl}
            onPublished={setPublishedVersionId}
            compact={isMobile}
          />
        </div>
      </header>

      <div className="relative flex min-h-0 flex-1">
        <SidePanel
          appId={appId}
          menu={menu}
          panel={panel}
          onOpenPanel={openPanel}
          entities={app.entities}
          isOpen={isMobile ? isDrawerOpen : sidebar.isOpen}
          onToggle={isMobile ? () => setIsDrawerOpen((open) => !open) : sidebar.toggle}
          isMobile={isMobile}
          isPublished={isPublished}
          canEditSettings={canEditSettings}
        />
        {panel === 'settings' && isMobile ? (
          // The sidebar is a closed drawer here: the panel takes the editor's place, with its Done.
          <main className="flex min-w-0 flex-1 flex-col bg-surface">
            <PanelHeader
              icon={<Settings className="size-4 text-brand-600" aria-hidden />}
              title="App settings"
              onDone={() => openPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-4">
              <AppSettingsPanel appId={appId} isPublished={isPublished} canEdit={canEditSettings} />
            </div>
          </main>
        ) : panel === 'database' ? (
          <main className="min-w-0 flex-1 overflow-y-auto p-4 sm:p-6">
            {isMobile && (
              <div className="mb-4 space-y-3">
                <div className="flex items-center justify-between">
                  <h2 className="text-sm font-semibold text-ink">Database</h2>
                  <Button size="sm" variant="secondary" onClick={() => openPanel(null)}>
                    Done
                  </Button>
                </div>
                {/* The sidebar is a closed drawer here: the table picker comes along (its dropdown form). */}
                <DatabaseEntityList entities={app.entities} />
              </div>
            )}
            <DatabaseWorkspace
              appId={appId}
              entities={app.entities}
              onSchemaSaved={handleSchemaSaved}
              chat={accessChat}
            />
          </main>
        ) : app.appType !== 'generated' ? (
          <main className="min-w-0 flex-1 overflow-y-auto p-4 sm:p-8">
            <EmptyState
              icon={<PanelLeft />}
              title={`Edit your ${KIND_LABELS[app.appType].toLowerCase()} from the menu`}
              text="The chat and the live preview are for generated apps; this app's panels are in the menu."
              action={
                isMobile ? (
                  <Button variant="secondary" onClick={() => setIsDrawerOpen(true)}>
                    Open menu
                  </Button>
                ) : undefined
              }
            />
          </main>
        ) : (
          <main className="flex min-w-0 flex-1">
            {(showChat || isNarrow) && (
              <ChatPanel
                appId={appId}
                chat={chat}
                isAdmin={isAdmin}
                models={models.data ?? []}
                model={model}
                onModelChange={setModel}
                isOnLatest={isOnLatest}
                onSwitchToLatest={switchToLatest}
                className={cn(
                  'min-w-0',
                  isNarrow ? 'flex-1' : 'w-[350px] max-w-[350px] shrink-0 border-r border-line',
                  !showChat && 'hidden',
                )}
              />
            )}
            {/* Kept mounted on mobile while the chat shows: the app keeps running and reporting errors. */}
            <div className={cn('min-w-0 flex-1 flex-col', showPreview ? 'flex' : 'hidden')}>
              {!isOnLatest && selected && (
                <div
                  role="status"
                  className="flex flex-wrap items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-[13px] text-amber-900"
                >
                  <span className="mr-auto">Viewing {versionLabel(selected)}, an older version.</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={isRestoring}
                    disabled={chat.isBusy}
                    onClick={() => handleRestore(selected)}
                  >
                    Restore this version
                  </Button>
                  <Button size="sm" onClick={switchToLatest}>
                    {MESSAGES.chat.switchToLatest}
                  </Button>
                </div>
              )}
              <PreviewPane
                appId={appId}
                versionId={selected?.id ?? null}
                isLoadingVersions={versions.isPending}
                initialPage={pageName && pageName.toLowerCase() !== 'tools' ? pageName : undefined}
                onAppError={handleAppError}
                onSuggestChatMessage={suggestToChat}
                isBuilding={chat.isBusy}
                overlay={
                  <ErrorPanel
                    state={errors}
                    dispatch={dispatchErrors}
                    onResolve={handleResolve}
                    isResolving={isResolving}
                    canResolve={!chat.isBusy && !chat.limitFailure}
                  />
                }
              />
            </div>
          </main>
        )}
      </div>

      <OlderVersionDialog version={olderPrompt} onSwitchToLatest={switchToLatest} onStay={() => setOlderPrompt(null)} />
      <DiffDialog
        appId={appId}
        open={isDiffOpen}
        onOpenChange={setIsDiffOpen}
        versionId={selected?.id ?? null}
        isStreaming={chat.isBusy}
      />
    </div>
  );
}

/** Analytics needs a published app (spec 1 §2); until then it says so. */
function AnalyticsButton({ appId, isPublished }: { appId: string; isPublished: boolean }) {
  if (isPublished) {
    return (
      <Button size="sm" variant="ghost" asChild className="max-sm:hidden">
        <Link to={`/analytics/app/${encodeURIComponent(appId)}`} aria-label="Analytics">
          <BarChart3 aria-hidden />
          <span className="hidden lg:inline">Analytics</span>
        </Link>
      </Button>
    );
  }
  return (
    <span title={MESSAGES.chat.analyticsUnpublished} className="max-sm:hidden">
      <Button size="sm" variant="ghost" disabled aria-label="Analytics" aria-describedby="analytics-unpublished">
        <BarChart3 aria-hidden />
        <span className="hidden lg:inline">Analytics</span>
      </Button>
      <span id="analytics-unpublished" className="sr-only">
        {MESSAGES.chat.analyticsUnpublished}
      </span>
    </span>
  );
}
