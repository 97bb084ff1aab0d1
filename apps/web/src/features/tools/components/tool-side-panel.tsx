import type { ReactNode } from 'react';
import {
  Brush,
  ChevronRight,
  FileText,
  LayoutList,
  Library,
  Megaphone,
  Settings,
  TextCursorInput,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@tessera/ui';
import { PanelHeader, type MenuEntry, type MenuEntryId } from '../../../shared/panels';

const ICONS: Partial<Record<MenuEntryId, LucideIcon>> = {
  'tool-texts': FileText,
  'app-texts': FileText,
  'app-branding': Brush,
  'custom-fields': TextCursorInput,
  'results-layout': LayoutList,
  'call-to-action': Megaphone,
  'data-sources': Library,
  'tool-settings': Settings,
  'app-settings': Settings,
};

const DESCRIPTIONS: Partial<Record<MenuEntryId, string>> = {
  'tool-texts': 'Header, description, examples',
  'app-texts': 'Header, description, examples',
  'app-branding': 'Style, colours, logo',
  'custom-fields': 'What visitors fill in',
  'results-layout': 'Instructions for the answer',
  'call-to-action': 'The next step after a result',
  'data-sources': 'What the tool answers from',
  'tool-settings': 'Model, limits, credits',
  'app-settings': 'Model, limits, credits',
};

export interface ToolSidePanelProps {
  entries: MenuEntry[];
  open: MenuEntryId | null;
  onOpen: (id: MenuEntryId | null) => void;
  /** The open panel's content. */
  children: ReactNode;
  /** Notes under an entry (e.g. an unknown tag in the instructions). */
  badges?: Partial<Record<MenuEntryId, ReactNode>>;
}

/** The tool builder's side panel (docs/product/tools.md#screens-and-routes): the menu, or one panel with its Done button. */
export function ToolSidePanel({ entries, open, onOpen, children, badges }: ToolSidePanelProps) {
  const entry = entries.find((e) => e.id === open);
  if (entry) {
    const Icon = ICONS[entry.id] ?? FileText;
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <PanelHeader
          icon={<Icon className="size-4 text-brand-600" aria-hidden />}
          title={entry.label}
          onDone={() => onOpen(null)}
        />
        <div className="min-h-0 flex-1 overflow-y-auto p-4" data-panel={entry.id}>
          {children}
        </div>
      </div>
    );
  }
  return (
    <nav aria-label="Tool menu" className="min-h-0 flex-1 overflow-y-auto p-3">
      <p className="px-2 pt-1 pb-2 text-xs font-medium tracking-wide text-ink-faint uppercase">Build</p>
      <ul className="space-y-1">
        {entries.map((e) => {
          const Icon = ICONS[e.id] ?? FileText;
          return (
            <li key={e.id}>
              <button
                type="button"
                onClick={() => onOpen(e.id)}
                className={cn(
                  'group flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500',
                )}
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-ink">{e.label}</span>
                  <span className="block truncate text-xs text-ink-subtle">{DESCRIPTIONS[e.id]}</span>
                </span>
                {badges?.[e.id]}
                <ChevronRight className="size-4 text-ink-faint group-hover:text-ink" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
