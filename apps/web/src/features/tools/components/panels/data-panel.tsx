import { useState } from 'react';
import { FileText, Plus } from 'lucide-react';
import { MAX_TOOL_DATA_ITEMS, type ToolDataItem } from '@tessera/contracts/tools';
import { Button, Checkbox, Skeleton } from '@tessera/ui';
import { DataSourcesDialog, StatusBadge, useContextItems } from '../../../data-sources';
import { errorMessage } from '../../../../shared/api';
import { PanelSection } from './panel-bits';

export interface DataPanelProps {
  appId: string;
  dataItems: ToolDataItem[];
  onChange: (dataItems: ToolDataItem[]) => void;
}

/**
 * Data sources of a tool (docs/product/tools.md#data): the app's data items, each ticked to be
 * one the tool answers from; new ones are added in the Data Sources dialog.
 */
export function DataPanel({ appId, dataItems, onChange }: DataPanelProps) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [idsBefore, setIdsBefore] = useState<Set<string> | null>(null);
  const items = useContextItems(appId, { refetchInterval: isDialogOpen ? false : 5000 });
  const attached = new Set(dataItems.map((d) => d.contextItemId));

  function toggle(id: string, type: string, on: boolean) {
    if (on) onChange([...dataItems, { contextItemId: id, type }]);
    else onChange(dataItems.filter((d) => d.contextItemId !== id));
  }

  /** Items added from this panel's dialog are the tool's at once. */
  async function handleDialog(open: boolean) {
    setIsDialogOpen(open);
    if (open || !idsBefore) return;
    const { data } = await items.refetch();
    const added = (data?.contextItems ?? []).filter((i) => !idsBefore.has(i.id) && !attached.has(i.id));
    setIdsBefore(null);
    if (added.length > 0)
      onChange(
        [...dataItems, ...added.map((i) => ({ contextItemId: i.id, type: i.type }))].slice(0, MAX_TOOL_DATA_ITEMS),
      );
  }

  return (
    <PanelSection
      title="Answers from"
      hint="Ticked items are searched on every run; the answer quotes them and names them as sources."
    >
      {items.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : items.isError ? (
        <p className="text-sm text-red-600">{errorMessage(items.error)}</p>
      ) : items.data.contextItems.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-ink-subtle">
          No data yet. Add an FAQ, a price list or your website and the tool answers from it.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Data items">
          {items.data.contextItems.map((item) => {
            const isOn = attached.has(item.id);
            return (
              <li key={item.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface p-2.5 hover:border-line-strong has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/40">
                  <Checkbox
                    checked={isOn}
                    disabled={!isOn && dataItems.length >= MAX_TOOL_DATA_ITEMS}
                    onChange={(e) => toggle(item.id, item.type, e.target.checked)}
                    aria-label={`Use ${item.name} in this tool`}
                  />
                  <FileText className="size-4 shrink-0 text-ink-subtle" aria-hidden />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{item.name}</span>
                  <StatusBadge item={item} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="secondary"
        fullWidth
        onClick={() => {
          setIdsBefore(new Set(items.data?.contextItems.map((i) => i.id)));
          setIsDialogOpen(true);
        }}
      >
        <Plus aria-hidden />
        Add data
      </Button>
      <DataSourcesDialog appId={appId} open={isDialogOpen} onOpenChange={(open) => void handleDialog(open)} />
    </PanelSection>
  );
}
