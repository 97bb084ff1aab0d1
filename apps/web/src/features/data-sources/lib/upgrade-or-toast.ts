import type { UpgradeReason } from '@tessera/contracts/context';
import { toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { upgradeReasonOf } from './errors';

/**
 * What the Data Sources dialog does with a refused add, re-sync or replace: a plan limit opens the
 * upgrade prompt with the server's wording of it, any other failure is a toast saying `otherwise`.
 */
export function upgradeOrToast(
  err: unknown,
  onUpgrade: (reason: UpgradeReason, message?: string) => void,
  otherwise: string,
): void {
  const reason = upgradeReasonOf(err);
  if (reason) onUpgrade(reason, errorMessage(err));
  else toast.error(otherwise);
}
