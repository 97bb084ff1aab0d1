import { type UpgradeReason } from '@tessera/contracts/context';
import { planLimits, type PlanId } from '@tessera/contracts/plans';

/**
 * The upgrade prompt adding one more item opens, or null when the plan has room. The free plan
 * allows one data item; a second one opens the prompt with reason free data items limit (docs/product/data-sources.md#rules-and-messages).
 * Paid plans are left to the server, which names their limit in its refusal.
 */
export function upgradeReasonForNewItem(plan: PlanId, itemCount: number): UpgradeReason | null {
  if (plan === 'lite' && itemCount >= planLimits('lite').maxDataItems) return 'free_data_items_limit';
  return null;
}
