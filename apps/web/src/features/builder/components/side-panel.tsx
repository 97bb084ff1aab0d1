import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { EntitySchema } from '@tessera/contracts/entities';
import type { ToolSummary } from '@tessera/contracts/tools';
import { Button, cn } from '@tessera/ui';
import {
  Brush,
  ChevronRight,
  Code2,
  Database,
  FileText,
  Info,
  LayoutList,
  Library,
  Megaphone,
  MessagesSquare,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  TextCursorInput,
  Wrench,
} from 'lucide-react';
import { AppChatPanel } from '../../app-chat';
import { DataSourcesDialog, DataSourcesMenuEntry } from '../../data-sources';
import { DatabaseEntityList } from '../../database';
import { AppToolsPanel } from '../../tools';
import { menuEntries, PanelHeader, type MenuContext, type MenuEntry, type MenuEntryId } from '../../../shared/panels';
import type { LookEditor } from '../hooks/use-look-editor';
import { AppDetailsPanel } from './app-details-panel';
import { AppBrandingPanel, AppTextsPanel } from './app-look-panels';
import { AppSettingsPanel } from './app-settings-panel';

const ICONS: Record<MenuEntryId, typeof Database> = {
  'tool-texts': FileText,
  'app-texts': FileText,
  'app-branding': Brush,
  'custom-fields': TextCursorInput,
  'results-layout': LayoutList,
  'call-to-action': Megaphone,
  'data-sources': Library,
  'tool-settings': Settings,
  'app-settings': Settings,
  'app-tools': Wrench,
  'app-chat': MessagesSquare,
  'app-details': Info,
  database: Database,
  'code-editor': Code2,
};

const DESCRIPTIONS: Partial<Record<MenuEntryId, string>> = {
  database: 'Tables, rows and who can see them',
  'app-settings': 'Sign-up and its links',
  'code-editor': 'Pages, components and styles',
  'app-texts': 'Header, description and welcome',
  'app-branding': 'Style, colours, logo and font',
  'app-details': 'Name, address and description',
  'app-chat': 'An assistant inside your app',
  'app-tools': 'AI tools your pages can run',
};

/** The panels this editor can open. */
export type OpenPanel = 'database' | 'settings' | 'code' | 'texts' | 'branding' | 'details' | 'chat' | 'tools';
/** The panels of the app's look and details: they share the look drafts. */
export const isLookPanel = (panel: OpenPanel | null): panel is 'texts' | 'branding' | 'details' =>
  panel === 'texts' || panel === 'branding' || panel === 'details';
export const LOOK_PANEL_TITLES = { texts: 'App texts', branding: 'App branding', details: 'App details' } as const;
/**
 * The menu entries that are built; the others of docs/product/editor-and-chat.md#screens-and-routes
 * are not shown at all (a control that leads nowhere is worse than none).
 */
const BUILT: ReadonlySet<MenuEntryId> = new Set<MenuEntryId>([
  'app-texts',
  'app-branding',
  'app-details',
  'database',
  'data-sources',
  'app-settings',
  'app-tools',
  'app-chat',
  'code-editor',
]);
const isBuilt = (entry: MenuEntry) => BUILT.has(entry.id);
const PANEL_OF: Partial<Record<MenuEntryId, OpenPanel>> = {
  'app-texts': 'texts',
  'app-branding': 'branding',
  'app-details': 'details',
  database: 'database',
  'app-settings': 'settings',
  'app-tools': 'tools',
  'app-chat': 'chat',
  'code-editor': 'code',
};

export interface SidePanelProps {
  appId: string;
  menu: MenuContext;
  panel: OpenPanel | null;
  onOpenPanel: (panel: OpenPanel | null) => void;
  entities: Record<string, EntitySchema>;
  isOpen: boolean;
  onToggle: () => void;
  /** Under 768 px the sidebar is a drawer over the editor. */
  isMobile: boolean;
  /** The app has a published version (App settings: sign-up needs it). */
  isPublished: boolean;
  /** App settings are this builder's to edit (docs/product/editor-and-chat.md#roles-and-permissions); null while the account loads. */
  canEditSettings: boolean | null;
  /** App texts and App branding drafts (generated apps). */
  look: { editor: LookEditor; isLoading: boolean };
  /** App tools' Use in app: a request for a page that runs the tool, into the chat input. */
  onUseTool: (tool: ToolSummary) => void;
}

/**
 * The editor's sidebar (docs/product/editor-and-chat.md#screens-and-routes): the menu of docs/product/editor-and-chat.md#screens-and-routes for the app's kind, or the open panel
 * with its Done button (docs/product/editor-and-chat.md#screens-and-routes). 16rem wide, 18rem on mobile, 3rem collapsed (icons only).
 */
export function SidePanel({
  appId,
  menu,
  panel,
  onOpenPanel,
  entities,
  isOpen,
  onToggle,
  isMobile,
  isPublished,
  canEditSettings,
  look,
  onUseTool,
}: SidePanelProps) {
  const [isDataSourcesOpen, setIsDataSourcesOpen] = useState(false);
  const entries = menuEntries(menu).filter(isBuilt);
  const chatEntries = menu.kind === 'generated' ? menuEntries({ ...menu, isChatPanel: true }).filter(isBuilt) : [];
  const isCollapsed = !isOpen && !isMobile;
  const asideRef = useRef<HTMLElement>(null);
  const isDrawer = isMobile && isOpen;

  const toggleRef = useRef(onToggle);
  useEffect(() => {
    toggleRef.current = onToggle;
  });

  // The mobile drawer takes the focus when it opens and closes on Escape.
  useEffect(() => {
    if (!isDrawer) return;
    asideRef.current?.querySelector<HTMLElement>('button:not([disabled]), a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) toggleRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isDrawer]);

  if (isMobile && !isOpen) return null;

  function renderEntry(entry: MenuEntry): ReactNode {
    const Icon = ICONS[entry.id];
    if (entry.id === 'data-sources' && !isCollapsed) {
      return (
        <li key={entry.id}>
          <DataSourcesMenuEntry appId={appId} />
        </li>
      );
    }
    const entryPanel = PANEL_OF[entry.id];
    const handleClick = () => {
      if (entryPanel) onOpenPanel(entryPanel);
      else if (entry.id === 'data-sources') setIsDataSourcesOpen(true);
    };
    return (
      <li key={entry.id}>
        <button
          type="button"
          onClick={handleClick}
          title={isCollapsed ? entry.label : undefined}
          aria-label={isCollapsed ? entry.label : undefined}
          aria-current={entryPanel && entryPanel === panel ? 'page' : undefined}
          className={cn(
            'group flex w-full items-center gap-3 rounded-xl text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 aria-[current=page]:bg-brand-50',
            isCollapsed ? 'justify-center p-1' : 'px-2 py-2',
          )}
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
            <Icon className="size-4" aria-hidden />
          </span>
          {!isCollapsed && (
            <>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-ink">{entry.label}</span>
                <span className="block truncate text-xs text-ink-subtle">{DESCRIPTIONS[entry.id]}</span>
              </span>
              <ChevronRight className="size-4 text-ink-faint group-hover:text-ink" aria-hidden />
            </>
          )}
        </button>
      </li>
    );
  }

  return (
    <>
      {isMobile && <div className="fixed inset-0 z-30 bg-zinc-950/30" aria-hidden onClick={onToggle} />}
      <aside
        ref={asideRef}
        aria-label="Builder panel"
        data-state={isOpen ? 'expanded' : 'collapsed'}
        className={cn(
          'flex shrink-0 flex-col border-r border-line bg-surface transition-[width] duration-150',
          isMobile
            ? 'fixed inset-y-0 left-0 z-40 w-[18rem] shadow-pop'
            : !isOpen
              ? 'w-[3rem]'
              : isLookPanel(panel) || panel === 'chat' || panel === 'tools'
                ? 'w-[20rem]'
                : 'w-[16rem]',
        )}
      >
        {isLookPanel(panel) && !isCollapsed && !isMobile ? (
          <>
            <PanelHeader
              icon={<LookPanelIcon panel={panel} />}
              title={LOOK_PANEL_TITLES[panel]}
              onDone={() => {
                void look.editor.flush();
                onOpenPanel(null);
              }}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-3">
              <LookPanel appId={appId} panel={panel} look={look} plan={menu.plan} />
            </div>
          </>
        ) : panel === 'settings' && !isCollapsed && !isMobile ? (
          <>
            <PanelHeader
              icon={<Settings className="size-4 text-brand-600" aria-hidden />}
              title="App settings"
              onDone={() => onOpenPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-3">
              <AppSettingsPanel appId={appId} isPublished={isPublished} canEdit={canEditSettings} />
            </div>
          </>
        ) : panel === 'tools' && !isCollapsed && !isMobile ? (
          <>
            <PanelHeader
              icon={<Wrench className="size-4 text-brand-600" aria-hidden />}
              title="App tools"
              onDone={() => onOpenPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-3">
              <AppToolsPanel appId={appId} onUseInApp={onUseTool} />
            </div>
          </>
        ) : panel === 'chat' && !isCollapsed && !isMobile ? (
          <>
            <PanelHeader
              icon={<MessagesSquare className="size-4 text-brand-600" aria-hidden />}
              title="App chat"
              onDone={() => onOpenPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-3">
              <AppChatPanel appId={appId} />
            </div>
          </>
        ) : panel === 'database' && !isCollapsed && !isMobile ? (
          <>
            <PanelHeader
              icon={<Database className="size-4 text-brand-600" aria-hidden />}
              title="Database"
              onDone={() => onOpenPanel(null)}
            />
            <div className="min-h-0 flex-1 overflow-y-auto p-3 empty:hidden">
              <DatabaseEntityList entities={entities} />
            </div>
          </>
        ) : (
          <nav
            aria-label="Builder menu"
            className={cn('min-h-0 flex-1 overflow-y-auto', isCollapsed ? 'px-1.5 py-3' : 'p-3')}
          >
            {!isCollapsed && (
              <p className="px-2 pt-1 pb-2 text-xs font-medium tracking-wide text-ink-faint uppercase">Build</p>
            )}
            <ul className="space-y-1">{entries.map(renderEntry)}</ul>
            {chatEntries.length > 0 && (
              <>
                {!isCollapsed ? (
                  <p className="px-2 pt-4 pb-2 text-xs font-medium tracking-wide text-ink-faint uppercase">Chat</p>
                ) : (
                  <div className="my-3 h-px bg-line" />
                )}
                <ul className="space-y-1">{chatEntries.map(renderEntry)}</ul>
              </>
            )}
          </nav>
        )}
        <div className={cn('flex shrink-0 border-t border-line p-1.5', isCollapsed ? 'justify-center' : 'justify-end')}>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            onClick={onToggle}
            aria-label={isOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={isOpen}
            aria-keyshortcuts="Control+B Meta+B"
            title={`${isOpen ? 'Collapse' : 'Expand'} sidebar (Ctrl/Cmd+B)`}
          >
            {isOpen ? <PanelLeftClose aria-hidden /> : <PanelLeftOpen aria-hidden />}
          </Button>
        </div>
      </aside>
      <DataSourcesDialog appId={appId} open={isDataSourcesOpen} onOpenChange={setIsDataSourcesOpen} />
    </>
  );
}

/** The icon of a look panel's header (its menu entry's). */
export function LookPanelIcon({ panel }: { panel: 'texts' | 'branding' | 'details' }) {
  const Icon = panel === 'texts' ? FileText : panel === 'branding' ? Brush : Info;
  return <Icon className="size-4 text-brand-600" aria-hidden />;
}

/** The body of a look panel: App texts, App branding or App details. */
export function LookPanel({
  appId,
  panel,
  look,
  plan,
}: {
  appId: string;
  panel: 'texts' | 'branding' | 'details';
  look: SidePanelProps['look'];
  plan: MenuContext['plan'];
}) {
  if (panel === 'texts') return <AppTextsPanel editor={look.editor} isLoading={look.isLoading} />;
  if (panel === 'details') return <AppDetailsPanel appId={appId} editor={look.editor} />;
  return <AppBrandingPanel appId={appId} editor={look.editor} plan={plan} isLoading={look.isLoading} />;
}

/** A side panel's title with the Done button that returns to the menu (docs/product/editor-and-chat.md#screens-and-routes). */
