import type { UpgradeReason } from '@tessera/contracts/context';
import type { PlanLimits } from '@tessera/contracts/plans';

/** What every add form of the dialog gets. */
export interface AddSourceProps {
  appId: string;
  limits: PlanLimits;
  /** False when the plan has no room for another item; the upgrade prompt is then already open. */
  requestAdd: () => boolean;
  /** Opens the upgrade prompt; `message` is the server's own wording of the limit, when it gave one. */
  onUpgrade: (reason: UpgradeReason, message?: string) => void;
}
