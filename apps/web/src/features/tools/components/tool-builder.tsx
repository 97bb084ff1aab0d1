import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Eye, FileSpreadsheet, Monitor, PencilLine, Share2, Smartphone } from 'lucide-react';
import { type ToolApp } from '@tessera/contracts/apps';
import { toolPageBootOf, toolPagePath } from '@tessera/contracts/tool-page';
import { Button, Tabs, TabsList, TabsTrigger, cn } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { useMediaQuery } from '../../../shared/hooks';
import { menuEntries, type MenuEntryId } from '../../../shared/panels';
import { useToolList, type ToolAppDetails } from '../api/tools';
import { useToolActivation } from '../hooks/use-tool-activation';
import { useToolEditor } from '../hooks/use-tool-editor';
import { unknownTags } from '../lib/instructions';
import { toolFields, toolOf, toolTexts, withTool } from '../lib/tool-draft';
import { ToolActivationDialogs } from './activate-tool-dialog';
import { ActivationSwitch } from './activation-switch';
import { BatchRunDialog } from './batch-run-dialog';
import { SaveIndicator } from './save-indicator';
import { ToolPanelContent } from './tool-panel-content';
import { ToolPreviewFrame } from './tool-preview-frame';
import { ToolSidePanel } from './tool-side-panel';

/**
 * The tool builder (docs/product/tools.md#screens-and-routes): the side panel of one tool on the
 * left, the live preview of its public page on the right; under 768 px they take turns.
 */
export function ToolBuilder({ details, toolId }: { details: ToolAppDetails; toolId: string }) {
  const appId = details.appId;
  const account = useCurrentAccount();
  const plan = account.data?.plan ?? 'lite';
  const isAdmin = account.data?.isAdmin ?? false;
  const editor = useToolEditor(details);
  const list = useToolList(appId);
  const isMobile = useMediaQuery('(max-width: 767px)');
  const [panel, setPanel] = useState<MenuEntryId | null>(null);
  const [mobileView, setMobileView] = useState<'edit' | 'preview'>('edit');
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const [batchOpen, setBatchOpen] = useState(false);

  const draft = { app: editor.app, toolId };
  const tool = toolOf(draft)!;
  const fields = toolFields(draft);
  const texts = toolTexts(draft);
  const steps = editor.app.inputSteps ?? [];
  const publicUrl = `${details.appUrl}${toolPagePath(tool.path)}`;
  const entries = menuEntries({ kind: 'tool', isAdmin, plan, hasTool: true });
  const unknown = unknownTags(tool.instructions, ['input', ...fields.map((f) => f.name)]);
  const activeOthers = (list.data?.tools ?? []).filter((t) => t.status === 'active' && t.toolId !== toolId).length;

  const activation = useToolActivation({
    appId,
    plan,
    isAdmin,
    liveToolLimit: list.data?.liveToolLimit ?? 1,
    activeCount: activeOthers,
    beforeChange: editor.flush,
    onChanged: (id, isActive) => {
      // Once live, the path is the one shared: it no longer follows the title.
      editor.updateApp((app: ToolApp) =>
        withTool({ app, toolId: id }, isActive ? { status: 'active', autoPath: false } : { status: 'draft' }),
      );
      void list.refetch();
    },
  });

  // The public page of the draft, as /tool/{path} will show it once saved.
  const previewBoot = useMemo(() => {
    const current = { app: editor.app, toolId };
    return toolPageBootOf({
      app: { id: appId, name: editor.app.name, settings: editor.settings },
      parts: editor.app,
      tool: { ...toolOf(current)!, texts: toolTexts(current) },
      style: editor.style,
      ownerPlan: plan,
      builderUrl: window.location.origin,
    });
  }, [appId, toolId, editor.app, editor.settings, editor.style, plan]);

  return (
    <div className="flex h-dvh flex-col bg-canvas">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-line bg-surface px-2 sm:px-3">
        <Link
          to={`/build/app/${appId}/tools`}
          aria-label="Back to the tools"
          className="flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-ink-muted hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <ArrowLeft className="size-4" aria-hidden />
          <span className="hidden lg:inline">{details.appType === 'generated' ? 'App tools' : 'Tools'}</span>
        </Link>
        <span className="hidden h-5 w-px bg-line sm:block" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-ink">{tool.title || 'Untitled tool'}</p>
          <p className="hidden truncate font-mono text-[11px] text-ink-faint sm:block">/tool/{tool.path}</p>
        </div>
        <SaveIndicator state={editor.saveState} />
        {!isMobile && (
          <Tabs value={device} onValueChange={(v) => setDevice(v as 'desktop' | 'mobile')}>
            <TabsList className="w-auto" aria-label="Preview size">
              <TabsTrigger value="desktop" aria-label="Desktop preview" className="inline-flex items-center">
                <Monitor className="size-4" aria-hidden />
              </TabsTrigger>
              <TabsTrigger value="mobile" aria-label="Phone preview" className="inline-flex items-center">
                <Smartphone className="size-4" aria-hidden />
              </TabsTrigger>
            </TabsList>
          </Tabs>
        )}
        <Button
          size={isMobile ? 'icon' : 'sm'}
          variant="secondary"
          aria-label="Run on a CSV"
          onClick={() => setBatchOpen(true)}
        >
          <FileSpreadsheet aria-hidden />
          {!isMobile && 'Run on a CSV'}
        </Button>
        <ActivationSwitch
          title={tool.title}
          isActive={tool.status === 'active'}
          isAtLimit={activation.isAtLimit}
          isPending={activation.pendingId !== null}
          onToggle={(on) => void activation.toggle(tool, on)}
          onUpgrade={activation.openUpgrade}
          showLabel={!isMobile}
        />
        {tool.status === 'active' && (
          <Button
            size={isMobile ? 'icon' : 'sm'}
            variant="secondary"
            aria-label="Share"
            onClick={() => activation.showLink(publicUrl, tool.title)}
          >
            <Share2 aria-hidden />
            {!isMobile && 'Share'}
          </Button>
        )}
      </header>

      {isMobile && (
        <div className="border-b border-line bg-surface px-3 py-2">
          <Tabs value={mobileView} onValueChange={(v) => setMobileView(v as 'edit' | 'preview')}>
            <TabsList>
              <TabsTrigger value="edit" className="inline-flex items-center justify-center gap-1.5">
                <PencilLine className="size-4" aria-hidden /> Edit
              </TabsTrigger>
              <TabsTrigger value="preview" className="inline-flex items-center justify-center gap-1.5">
                <Eye className="size-4" aria-hidden /> Preview
              </TabsTrigger>
            </TabsList>
          </Tabs>
        </div>
      )}

      <div className="flex min-h-0 flex-1">
        {(!isMobile || mobileView === 'edit') && (
          <aside
            aria-label="Tool builder panel"
            className={cn(
              'flex min-h-0 flex-col border-r border-line bg-surface',
              isMobile ? 'w-full' : 'w-[22rem] shrink-0 xl:w-[24rem]',
            )}
          >
            <ToolSidePanel
              entries={entries}
              open={panel}
              onOpen={(next) => {
                if (next === null) void editor.flush();
                setPanel(next);
              }}
              badges={{
                'results-layout': unknown.length > 0 && (
                  <span className="rounded-full bg-red-50 px-1.5 text-[11px] font-medium text-red-700 ring-1 ring-red-200">
                    {unknown.length} unknown
                  </span>
                ),
              }}
            >
              {panel && (
                <ToolPanelContent
                  panel={panel}
                  appId={appId}
                  tool={tool}
                  fields={fields}
                  steps={steps}
                  texts={texts}
                  style={editor.style}
                  settings={editor.settings}
                  plan={plan}
                  isAdmin={isAdmin}
                  isLive={(editor.app.tools ?? []).some((t) => t.status === 'active')}
                  updateApp={editor.updateApp}
                  setStyle={editor.setStyle}
                  setSettings={editor.setSettings}
                />
              )}
            </ToolSidePanel>
          </aside>
        )}
        {(!isMobile || mobileView === 'preview') && (
          <main aria-label="Live preview" className={cn('min-w-0 flex-1', isMobile ? 'p-0' : 'p-6')}>
            <ToolPreviewFrame
              appUrl={details.appUrl}
              boot={previewBoot}
              canRun={tool.status === 'active'}
              device={isMobile ? 'fill' : device}
            />
          </main>
        )}
      </div>

      <BatchRunDialog appId={appId} toolId={toolId} open={batchOpen} onOpenChange={setBatchOpen} />
      <ToolActivationDialogs activation={activation} plan={plan} />
    </div>
  );
}
