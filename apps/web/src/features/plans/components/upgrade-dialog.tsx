import { planCardStates } from '@tessera/contracts/plans';
import { Alert, Button, Dialog, DialogClose, DialogContent, Skeleton } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { usePaidPlans } from '../api/plans';
import { upgradeReasonText } from '../lib/plan-view';
import { PlanPicker } from './plan-picker';

export interface UpgradeDialogProps {
  open: boolean;
  /** The upgrade reason that opened it (a limit), if any. */
  reason?: string | null;
  /** The server's wording of the limit that was hit. */
  message?: string;
  onClose: () => void;
}

/**
 * The upgrade dialog (docs/product/accounts-and-plans.md#screens-and-routes): 'Upgrade your plan'
 * while a higher plan can be bought, else 'Your plan'; why it opened on top, then the plans.
 */
export function UpgradeDialog({ open, reason, message, onClose }: UpgradeDialogProps) {
  const plans = usePaidPlans();
  const account = useCurrentAccount(open);
  const cards = plans.data?.plans ?? [];
  const accountPlan = account.data?.plan ?? null;
  const canUpgrade = planCardStates(cards, accountPlan).some((s) => s === 'upgrade');
  const why = upgradeReasonText(reason, message);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        size="xl"
        title={plans.data && !canUpgrade ? 'Your plan' : 'Upgrade your plan'}
        footer={
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
        }
      >
        {why && <Alert tone="info" className="mb-5" title={why} />}
        {plans.isError ? (
          <Alert tone="error" title="Could not load the plans, try again later" />
        ) : !plans.data || account.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-72 rounded-xl" />
            ))}
          </div>
        ) : (
          <PlanPicker cards={cards} accountPlan={accountPlan} isAdmin={account.data?.isAdmin ?? false} />
        )}
      </DialogContent>
    </Dialog>
  );
}
