import { toolStatusLabel } from '@tessera/contracts/tools';
import { Badge, type BadgeTone } from '@tessera/ui';

const STATUS_TONES: Record<ReturnType<typeof toolStatusLabel>, BadgeTone> = {
  active: 'success',
  alert: 'warning',
  draft: 'neutral',
};

/** A tool's status label (docs/product/tools.md#states-and-transitions): active in green, alert in amber, draft in grey. */
export function ToolStatusBadge({ status }: { status: string | null | undefined }) {
  const label = toolStatusLabel(status);
  return (
    <Badge tone={STATUS_TONES[label]} data-status={label}>
      {label}
    </Badge>
  );
}
