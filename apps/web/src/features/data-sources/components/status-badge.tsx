import { useId, useState } from 'react';
import { ChevronDown, CircleAlert, LoaderCircle } from 'lucide-react';
import type { ContextItem } from '@tessera/contracts/context';
import { Badge, cn } from '@tessera/ui';
import { hasStatusReason, statusLabel, statusTone } from '../lib/status';

export interface StatusBadgeProps {
  item: Pick<ContextItem, 'status' | 'errorReason'>;
}

/**
 * The status of an item (docs/product/data-sources.md#states-and-transitions). An error or a usage limit carries its reason: shown on hover
 * (title) and in a panel the badge toggles, so it is reachable by keyboard and touch too.
 */
export function StatusBadge({ item }: StatusBadgeProps) {
  const [isOpen, setIsOpen] = useState(false);
  const reasonId = useId();
  const label = statusLabel(item.status);
  const tone = statusTone(item.status);
  const icon = item.status === 'running' ? <LoaderCircle className="animate-spin" aria-hidden /> : null;

  if (!hasStatusReason(item)) {
    return (
      <Badge tone={tone} data-status={item.status}>
        {icon}
        {label}
      </Badge>
    );
  }
  return (
    <span className="contents">
      <button
        type="button"
        onClick={() => setIsOpen((v) => !v)}
        aria-expanded={isOpen}
        aria-controls={reasonId}
        title={item.errorReason ?? undefined}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
      >
        <Badge tone={tone} data-status={item.status} className="cursor-pointer">
          <CircleAlert aria-hidden />
          {label}
          <ChevronDown className={cn('transition-transform', isOpen && 'rotate-180')} aria-hidden />
          <span className="sr-only">, show the reason</span>
        </Badge>
      </button>
      <span
        id={reasonId}
        hidden={!isOpen}
        role="note"
        className={cn(
          'order-last basis-full rounded-lg px-3 py-2 text-[13px] leading-snug',
          tone === 'danger' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
        )}
      >
        {item.errorReason}
      </span>
    </span>
  );
}
