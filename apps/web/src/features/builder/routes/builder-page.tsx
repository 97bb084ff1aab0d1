import { useState } from 'react';
import { Link, Navigate, useMatch, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, PanelLeft, Settings, TriangleAlert, Wrench } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { type EntitySchema } from '@tessera/contracts/entities';
import { canEditAppSettings } from '@tessera/contracts/plans';
import { type ToolSummary } from '@tessera/contracts/tools';
import { Button, EmptyState, Skeleton, Spinner, toast } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { AppChatPanel } from '../../app-chat';
import { CodeEditorWorkspace, canEditCode } from '../../code-editor';
import { AppToolsPanel, ToolsPage } from '../../tools';
import { DatabaseEntityList, DatabaseWorkspace } from '../../database';
import {
  DiffDialog,
  OlderVersionDialog,
  PreviewPane,
  editorKeys,
  useChatHistory,
  useChatModels,
  useEditorChat,
  type EditorMessage,
} from '../../editor';
import { errorMessage } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { appKeys, useAppDetails, type AppDetails } from '../api/app';
import { AppSettingsPanel } from '../components/app-settings-panel';
import { useAppLookQuery } from '../api/look';
import { useLookEditor } from '../hooks/use-look-editor';
import { BackLink, BuilderToolbar, KIND_LABELS } from '../components/builder-toolbar';
import { EditorView } from '../components/editor-view';
import { isLookPanel, LOOK_PANEL_TITLES, LookPanel, LookPanelIcon, SidePanel } from '../components/side-panel';
import { PanelHeader } from '../../../shared/panels';
import { useBuilderLayout } from '../hooks/use-builder-layout';
import { useErrorResolution } from '../hooks/use-error-resolution';
import { useLeavePrompt } from '../hooks/use-leave-prompt';
import { useVersionSelection } from '../hooks/use-version-selection';

/**
 * `/build/app/{appId}` (and `/{pageName}`): the editor. A toolbar (docs/product/editor-and-chat.md#screens-and-routes), the sidebar with
 * the menu of the app's kind, the chat (at most 350 px wide) and the preview frame, or the open
 * panel's workspace. Under 768 px the chat and the preview take turns.
 */
export function BuilderPage() {
  const { appId = '' } = useParams();
  const app = useAppDetails(appId);
  const history = useChatHistory(appId);
  // `/tools` is a single tool's tools page, or a generated app's editor with App tools open.
  const isToolsPath = useMatch('/build/app/:appId/tools') !== null;
  useDocumentTitle(app.data ? `${app.data.name} · ${app.data.appType === 'tool' ? 'Tools' : 'Builder'}` : 'Builder');

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
  // A single tool is built in its own builder (docs/product/tools.md#screens-and-routes): the tools page lists them.
  if (app.data.appType === 'tool')
    return isToolsPath ? <ToolsPage /> : <Navigate to={`/build/app/${appId}/tools`} replace />;
  // App tools are a generated app's; a space app has none.
  if (app.data.appType === 'space' && isToolsPath) return <Navigate to={`/build/app/${appId}`} replace />;
  return <Editor key={appId} app={app.data} initialMessages={history.data} />;
}

function Editor({ app, initialMessages }: { app: AppDetails; initialMessages: EditorMessage[] }) {
  const appId = app.appId;
  const { pageName } = useParams();
  const queryClient = useQueryClient();
  const account = useCurrentAccount();
  const isAdmin = account.data?.isAdmin ?? false;
  // Everyone gets the list (non-admins only the default): it names the model that answered.
  const models = useChatModels(true);
  const [model, setModel] = useState<string | undefined>(undefined);
  const chat = useEditorChat({ appId, initialMessages, model });
  const versions = useVersionSelection(appId, chat.replaceMessages);
  const errors = useErrorResolution(versions.selected?.id ?? null, chat.isBusy);
  const layout = useBuilderLayout(appId);
  const { panel, openPanel, isMobile } = layout;
  const [isDiffOpen, setIsDiffOpen] = useState(false);
  const [publishedVersionId, setPublishedVersionId] = useState<string | null>(app.publishedVersionId);
  useLeavePrompt(chat.isBusy);

  function handleSchemaSaved(name: string, schema: EntitySchema) {
    queryClient.setQueryData<AppDetails>(appKeys.detail(appId), (data) =>
      data ? { ...data, entities: { ...data.entities, [name]: schema } } : data,
    );
  }

  function sendToChat(text: string, onRefused?: (reason: string) => void) {
    if (!versions.isOnLatest) {
      versions.promptOlder();
      return false;
    }
    const sent = chat.send(text, onRefused);
    if (sent) layout.showChatIfNarrow();
    return sent;
  }

  /** A message the preview asked to send: into the chat input only, never sent without the builder. */
  function suggestToChat(text: string) {
    chat.suggest(text);
    layout.showChatIfNarrow();
  }

  /** App tools' Use in app: the chat input gets a request for a page that runs the tool (docs/product/tools.md#app-tools). */
  function askChatToUseTool(tool: ToolSummary) {
    suggestToChat(`Use the ${tool.title || tool.path} tool: add a page that runs it`);
    if (isMobile) openPanel(null);
  }

  /**
   * The Database panel's access change: a chat request, refused while a turn runs; the chat shows it.
   * A request the server refuses (or a limit that blocks it) says so with the reason underneath.
   */
  const accessChat = {
    isChatBusy: chat.isBusy,
    onRequestChange(request: string) {
      const refused = (reason: string) =>
        toast.error(MESSAGES.database.accessChangeFailed, { id: 'chat-error', description: reason });
      if (chat.limitFailure) {
        refused(chat.limitFailure.message);
        return false;
      }
      const sent = sendToChat(request, refused);
      if (sent) openPanel(null);
      return sent;
    },
  };

  const isPublished = publishedVersionId !== null;
  const menu = { kind: app.appType, isAdmin, plan: account.data?.plan ?? 'lite', hasTool: false } as const;
  const savedLook = useAppLookQuery(appId);
  const lookEditor = useLookEditor(appId, savedLook.data, menu.plan);
  const look = { editor: lookEditor, isLoading: savedLook.isPending };
  const canEditSettings = account.isPending ? null : canEditAppSettings(menu);
  const mayEditCode = canEditCode(app.appType, isAdmin);

  /** A hand edit made a version: the preview moves to it (docs/product/editor-and-chat.md "Code editor"). */
  function handleCodeSaved() {
    versions.switchToLatest();
    void queryClient.invalidateQueries({ queryKey: editorKeys.versions(appId) });
    void queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) });
  }

  return (
    <div className="flex h-dvh flex-col bg-canvas">
      <BuilderToolbar
        app={app}
        layout={layout}
        versions={versions.versionList}
        selected={versions.selected}
        latest={versions.latest}
        onSelectVersion={versions.select}
        onOpenDiff={() => setIsDiffOpen(true)}
        errorCount={errors.errorCount}
        isChatBusy={chat.isBusy}
        onPublished={setPublishedVersionId}
        canEditCode={mayEditCode}
      />

      <div className="relative flex min-h-0 flex-1">
        <SidePanel
          appId={appId}
          menu={menu}
          panel={panel}
          onOpenPanel={openPanel}
          entities={app.entities}
          isOpen={isMobile ? layout.isDrawerOpen : layout.sidebar.isOpen}
          onToggle={isMobile ? () => layout.setIsDrawerOpen((open) => !open) : layout.sidebar.toggle}
          isMobile={isMobile}
          isPublished={isPublished}
          canEditSettings={canEditSettings}
          look={look}
          onUseTool={askChatToUseTool}
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
        ) : panel === 'tools' && isMobile ? (
          <main className="flex min-w-0 flex-1 flex-col bg-surface">
            <PanelHeader
              icon={<Wrench className="size-4 text-brand-600" aria-hidden />}
              title="App tools"
              onDone={() => openPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-4">
              <AppToolsPanel appId={appId} onUseInApp={askChatToUseTool} />
            </div>
          </main>
        ) : panel === 'chat' && isMobile ? (
          <main className="flex min-w-0 flex-1 flex-col bg-surface">
            <PanelHeader
              icon={<MessagesSquare className="size-4 text-brand-600" aria-hidden />}
              title="App chat"
              onDone={() => openPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-4">
              <AppChatPanel appId={appId} />
            </div>
          </main>
        ) : isLookPanel(panel) && isMobile ? (
          // The sidebar is a closed drawer here: the panel takes the editor's place, with its Done.
          <main className="flex min-w-0 flex-1 flex-col bg-surface">
            <PanelHeader
              icon={<LookPanelIcon panel={panel} />}
              title={LOOK_PANEL_TITLES[panel]}
              onDone={() => {
                void lookEditor.flush();
                openPanel(null);
              }}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-4">
              <LookPanel appId={appId} panel={panel} look={look} plan={menu.plan} />
            </div>
          </main>
        ) : panel === 'code' && mayEditCode ? (
          <CodeEditorWorkspace
            appId={appId}
            onSaved={handleCodeSaved}
            onDone={() => openPanel(null)}
            isNarrow={layout.isNarrow}
            isMobile={isMobile}
            preview={
              // The app hosts run generated apps only: a space app's code has no live preview yet.
              app.appType !== 'generated' ? null : (
                <PreviewPane
                  appId={appId}
                  versionId={versions.latest?.id ?? null}
                  isLoadingVersions={versions.isLoadingVersions}
                  initialPage={pageName && pageName.toLowerCase() !== 'tools' ? pageName : undefined}
                  onAppError={errors.report}
                  onSuggestChatMessage={suggestToChat}
                  isBuilding={chat.isBusy}
                />
              )
            }
          />
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
                  <Button variant="secondary" onClick={() => layout.setIsDrawerOpen(true)}>
                    Open menu
                  </Button>
                ) : undefined
              }
            />
          </main>
        ) : (
          <EditorView
            appId={appId}
            chat={chat}
            isAdmin={isAdmin}
            models={models.data ?? []}
            model={model}
            onModelChange={setModel}
            layout={layout}
            versions={versions}
            errors={errors}
            initialPage={pageName && pageName.toLowerCase() !== 'tools' ? pageName : undefined}
            onSuggestChatMessage={suggestToChat}
            onResolve={() => errors.resolve(sendToChat)}
            look={lookEditor.look}
          />
        )}
      </div>

      <OlderVersionDialog
        version={versions.olderPrompt}
        onSwitchToLatest={versions.switchToLatest}
        onStay={versions.dismissOlderPrompt}
      />
      <DiffDialog
        appId={appId}
        open={isDiffOpen}
        onOpenChange={setIsDiffOpen}
        versionId={versions.selected?.id ?? null}
        isStreaming={chat.isBusy}
      />
    </div>
  );
}
