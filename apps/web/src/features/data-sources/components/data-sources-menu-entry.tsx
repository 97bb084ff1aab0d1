import { useState } from 'react';
import { ChevronRight, Library } from 'lucide-react';
import { DataSourcesDialog } from './data-sources-dialog';

/** The builder menu's "Data sources" entry; it opens the Data Sources dialog over the builder. */
export function DataSourcesMenuEntry({ appId }: { appId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="group flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Library className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-ink">Data sources</span>
          <span className="block truncate text-xs text-ink-subtle">Text, files and websites your app knows</span>
        </span>
        <ChevronRight className="size-4 text-ink-faint group-hover:text-ink" aria-hidden />
      </button>
      <DataSourcesDialog appId={appId} open={open} onOpenChange={setOpen} />
    </>
  );
}
