import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { PLANS, PLAN_LIMITS, formatFileSize, type PlanId, type UpgradeReason } from '@tessera/contracts';
import { Alert, Badge, Button, Dialog, DialogClose, DialogContent, cn } from '@tessera/ui';
import { upgradeReasonText } from '../lib/plan-gate';

const PLAN_NAMES: Record<PlanId, string> = { lite: 'Lite', explorer: 'Explorer', monetizer: 'Monetizer', moon: 'Moon' };

export interface UpgradePromptProps {
  /** Why it opened; null keeps it closed. */
  reason: UpgradeReason | null;
  /** The server's wording of the limit that was hit; the reason's own text when absent. */
  message?: string;
  currentPlan: PlanId | undefined;
  onClose: () => void;
}

const GB = 1024 ** 3;
const formatVolume = (bytes: number) => (bytes >= GB ? `${Number((bytes / GB).toFixed(1))} GB` : formatFileSize(bytes));

function planFeatures(plan: PlanId): string[] {
  const limits = PLAN_LIMITS[plan];
  return [
    limits.maxDataItems === 1 ? '1 data item per app' : `${limits.maxDataItems} data items per app`,
    `Files up to ${formatFileSize(limits.maxFileSizeBytes)}`,
    limits.maxFilePages === null
      ? 'PDFs of any length'
      : `PDFs of ${limits.maxFilePages} ${limits.maxFilePages === 1 ? 'page' : 'pages'}`,
    `Web scraper: ${limits.scraperMaxPages} pages`,
    `${formatVolume(limits.monthlyDataProcessingBytes)} of data processed a month`,
  ];
}

/**
 * The upgrade prompt of the data sources (docs/product/data-sources.md#errors upgrade reasons): why it opened, and the plans'
 * data limits side by side with the current plan marked. Plans change from the account.
 */
export function UpgradePrompt({ reason, message, currentPlan, onClose }: UpgradePromptProps) {
  const current = currentPlan ?? 'lite';
  const currentIndex = PLANS.indexOf(current);
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="lg"
        title="Upgrade your plan"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Not now</Button>
            </DialogClose>
            <Button asChild>
              <Link to="/settings">Manage your plan</Link>
            </Button>
          </>
        }
      >
        {reason && (
          <Alert
            tone="info"
            className="mb-5"
            title={reason === 'default' && message ? message : upgradeReasonText(reason)}
          >
            {reason === 'free_data_items_limit'
              ? 'Paid plans hold up to 5 data items per app, with files twice as large.'
              : null}
          </Alert>
        )}
        <ul aria-label="Plans" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan, index) => {
            const isCurrent = plan === current;
            return (
              <li
                key={plan}
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'flex flex-col rounded-xl border p-4',
                  isCurrent ? 'border-brand-300 bg-brand-50/50' : 'border-line bg-surface',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-[15px] font-semibold text-ink">{PLAN_NAMES[plan]}</h3>
                  {isCurrent ? (
                    <Badge tone="brand">Current plan</Badge>
                  ) : index > currentIndex ? (
                    <Badge tone="success">Upgrade</Badge>
                  ) : null}
                </div>
                <ul className="mt-3 space-y-1.5">
                  {planFeatures(plan).map((feature) => (
                    <li key={feature} className="flex gap-2 text-[13px] leading-snug text-ink-muted">
                      <Check className="mt-0.5 size-3.5 shrink-0 text-brand-600" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
