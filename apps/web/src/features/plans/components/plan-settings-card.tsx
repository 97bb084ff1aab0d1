import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Skeleton, toast, type BadgeTone } from '@tessera/ui';
import { ACCOUNT_QUERY_KEY, planLabel, useCurrentAccount } from '../../account';
import { errorMessage } from '../../../shared/api';
import { BILLING_SUBSCRIPTION_QUERY_KEY, openPortal, useBillingSubscription } from '../api/plans';
import { pollAccount } from '../lib/account-poll';
import { openUpgradeDialog } from '../lib/upgrade-store';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'warning' },
  past_due: { label: 'Payment past due', tone: 'danger' },
  ended: { label: 'Ended', tone: 'neutral' },
};

const PROVIDERS: Record<string, string> = { stripe: 'Card (Stripe)', gumroad: 'Gumroad', admin: 'Set by an admin' };

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Settings' plan section: plan, subscription status and cancellation date, upgrade and billing. */
export function PlanSettingsCard() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useCurrentAccount();
  const billing = useBillingSubscription();
  const [opening, setOpening] = useState(false);

  // Back from Stripe Checkout: the webhook may land a moment later; re-read until the plan moves (every 4 s, up to 15 times).
  useEffect(() => {
    if (new URLSearchParams(location.search).get('checkout') !== 'success') return;
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    const before = account.data?.plan;
    return pollAccount(async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: BILLING_SUBSCRIPTION_QUERY_KEY });
      const now = queryClient.getQueryData<{ plan: string }>(ACCOUNT_QUERY_KEY)?.plan;
      return Boolean(now && now !== before && now !== 'lite');
    });
  }, [location.search]); // once per return from checkout

  async function manage() {
    setOpening(true);
    try {
      window.location.assign((await openPortal()).url);
    } catch (err) {
      toast.error(errorMessage(err));
      setOpening(false);
    }
  }

  const a = account.data;
  const status = a?.planSubscriptionStatus ? STATUS[a.planSubscriptionStatus] : null;
  return (
    <Card>
      <dl className="divide-y divide-line">
        <div className="flex min-h-13 items-center justify-between gap-4 px-5 py-3 sm:px-6">
          <dt className="text-sm text-ink-subtle">Plan</dt>
          <dd data-testid="settings-plan">
            {a ? <Badge tone="brand">{planLabel(a.plan)} plan</Badge> : <Skeleton className="h-5 w-24" />}
          </dd>
        </div>
        {status && (
          <div className="flex min-h-13 items-center justify-between gap-4 px-5 py-3 sm:px-6">
            <dt className="text-sm text-ink-subtle">Subscription</dt>
            <dd
              className="flex flex-wrap items-center justify-end gap-2 text-sm text-ink"
              data-testid="settings-plan-status"
            >
              <Badge tone={status.tone}>{status.label}</Badge>
              {billing.data?.provider && <span className="text-ink-subtle">{PROVIDERS[billing.data.provider]}</span>}
            </dd>
          </div>
        )}
        {a?.planSubscriptionCancelledAt && (
          <div className="flex min-h-13 items-center justify-between gap-4 px-5 py-3 sm:px-6">
            <dt className="text-sm text-ink-subtle">Cancelled on</dt>
            <dd className="text-sm text-ink" data-testid="settings-plan-cancelled-at">
              {formatDate(a.planSubscriptionCancelledAt)}
              {a.planSubscriptionStatus === 'cancelled' && (
                <span className="text-ink-subtle"> · your plan stays until the period ends</span>
              )}
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-col gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
        {billing.data?.canManageBilling && (
          <Button variant="secondary" loading={opening} onClick={() => void manage()}>
            Manage billing
          </Button>
        )}
        <Button onClick={() => openUpgradeDialog()}>
          {a && a.plan !== 'lite' ? 'See plans' : 'Upgrade your plan'}
        </Button>
      </div>
    </Card>
  );
}
