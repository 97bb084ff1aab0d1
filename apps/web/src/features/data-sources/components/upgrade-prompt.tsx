import type { UpgradeReason } from '@tessera/contracts/context';
import type { PlanId } from '@tessera/contracts/plans';
import { UpgradeDialog } from '../../plans';

export interface UpgradePromptProps {
  /** Why it opened; null keeps it closed. */
  reason: UpgradeReason | null;
  /** The server's wording of the limit that was hit; the reason's own text when absent. */
  message?: string;
  /** Kept for callers; the dialog reads the account itself. */
  currentPlan?: PlanId | undefined;
  onClose: () => void;
}

/**
 * The upgrade prompt of a limit (data items, data processing, live tools): the plans feature's
 * upgrade dialog, opened with the limit's reason (docs/product/accounts-and-plans.md#screens-and-routes).
 */
export function UpgradePrompt({ reason, message, onClose }: UpgradePromptProps) {
  return (
    <UpgradeDialog
      open={reason !== null}
      reason={reason}
      message={reason === 'default' || reason === 'ACTIVATED_TOOL_PER_APP_LIMIT_REACHED' ? message : undefined}
      onClose={onClose}
    />
  );
}
