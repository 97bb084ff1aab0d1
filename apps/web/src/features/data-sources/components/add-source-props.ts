import type { PlanLimits, UpgradeReason } from '@tessera/contracts';

/** What every add form of the dialog gets. */
export interface AddSourceProps {
  appId: string;
  limits: PlanLimits;
  /** False when the plan has no room for another item; the upgrade prompt is then already open. */
  requestAdd: () => boolean;
  onUpgrade: (reason: UpgradeReason) => void;
}
