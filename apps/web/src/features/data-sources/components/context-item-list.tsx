import { Database, RotateCw } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { type ContextItem, type UpgradeReason } from '@tessera/contracts/context';
import { Alert, Button, Skeleton } from '@tessera/ui';
import { ContextItemRow } from './context-item-row';

export interface ContextItemListProps {
  appId: string;
  items: ContextItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  maxFileSizeBytes: number;
  onUpgrade: (reason: UpgradeReason, message?: string) => void;
}

/** The app's existing data items (docs/product/data-sources.md#screens-and-routes), newest first. */
export function ContextItemList({
  appId,
  items,
  isPending,
  isError,
  onRetry,
  maxFileSizeBytes,
  onUpgrade,
}: ContextItemListProps) {
  if (isError && !items) {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{MESSAGES.dataSources.fetchItemsFailed}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  if (isPending || !items) {
    return (
      <div className="space-y-2" aria-label="Loading data items" role="status">
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-16 w-full rounded-xl" />
      </div>
    );
  }
  if (!items.length) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-line-strong px-4 py-5 text-sm text-ink-subtle">
        <Database className="size-5 shrink-0 text-ink-faint" aria-hidden />
        <span>No data yet. Add text, a file or a website above; your app answers from it once it is synced.</span>
      </div>
    );
  }
  const sorted = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul aria-label="Data items" className="divide-y divide-line rounded-xl border border-line bg-surface">
      {sorted.map((item) => (
        <ContextItemRow
          key={item.id}
          appId={appId}
          item={item}
          maxFileSizeBytes={maxFileSizeBytes}
          onUpgrade={onUpgrade}
        />
      ))}
    </ul>
  );
}
