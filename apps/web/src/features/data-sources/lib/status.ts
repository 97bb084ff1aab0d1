import {
  CONTEXT_STATUS_LABELS,
  LIVE_CONTEXT_ITEM_STATUSES,
  type ContextItem,
  type ContextItemStatus,
} from '@tessera/contracts/context';

export type StatusTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

const STATUS_TONES: Record<ContextItemStatus, StatusTone> = {
  unsynced: 'neutral',
  pending: 'neutral',
  running: 'brand',
  synced: 'success',
  error: 'danger',
  usage_limit_reached: 'warning',
};

/** The label of a status (docs/product/data-sources.md#states-and-transitions): unsynced and pending both read "Pending". */
export function statusLabel(status: ContextItemStatus): string {
  return CONTEXT_STATUS_LABELS[status];
}

/** The badge colour of a status. */
export function statusTone(status: ContextItemStatus): StatusTone {
  return STATUS_TONES[status];
}

/** True while an item may still change on its own (unsynced, pending, running). */
export function isLiveStatus(status: ContextItemStatus): boolean {
  return LIVE_CONTEXT_ITEM_STATUSES.includes(status);
}

/** True while any item may still change: the live subscription stays open only then (docs/product/data-sources.md#states-and-transitions). */
export function hasLiveItems(items: readonly Pick<ContextItem, 'status'>[]): boolean {
  return items.some((item) => isLiveStatus(item.status));
}

/** True when the status carries a reason worth showing (the error, or the limit that stopped it). */
export function hasStatusReason(item: Pick<ContextItem, 'status' | 'errorReason'>): boolean {
  return (item.status === 'error' || item.status === 'usage_limit_reached') && Boolean(item.errorReason);
}
