import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UpdateInstallSettings } from '@tessera/contracts/accounts';
import { PLANS, type PlanId } from '@tessera/contracts/plans';
import { Card, Select, Skeleton, Spinner, Switch, toast } from '@tessera/ui';
import { ACCOUNT_QUERY_KEY, planLabel } from '../../account';
import { errorMessage } from '../../../shared/api';
import { INSTALL_SETTINGS_QUERY_KEY, updateInstallSettings, useInstallSettings } from '../api/admin';

/**
 * `/admin#plans`: the install's own settings — the plan every builder has at least (admins always
 * have everything), whether plans can be bought here, and the starter templates on Home.
 */
export function InstallSettingsCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useInstallSettings(true);
  const [busy, setBusy] = useState<keyof UpdateInstallSettings | null>(null);
  const { hash } = useLocation();
  const isLoaded = Boolean(settings.data);
  // A plan card's link lands here (/admin#plans): show the plan choice once it is drawn.
  useEffect(() => {
    if (isLoaded && hash === '#plans') document.getElementById('plans')?.scrollIntoView({ block: 'start' });
  }, [isLoaded, hash]);

  async function change(what: keyof UpdateInstallSettings, body: UpdateInstallSettings, done: string) {
    setBusy(what);
    try {
      queryClient.setQueryData(INSTALL_SETTINGS_QUERY_KEY, await updateInstallSettings(body));
      // Plans of every builder (and the templates on Home) may have changed.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'builders'] });
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const data = settings.data;
  const { stripe, gumroad } = data?.paymentProviders ?? { stripe: false, gumroad: false };
  return (
    <Card id="plans" className="mt-8 scroll-mt-20">
      <div className="space-y-5 p-5 sm:p-6">
        <h2 className="text-base font-semibold text-ink">This install</h2>
        {settings.isError ? (
          <p className="text-sm text-ink-muted">{errorMessage(settings.error)}</p>
        ) : !data ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-start sm:gap-6">
              <div>
                <label htmlFor={`${id}-plan`} className="text-sm font-medium text-ink">
                  Default plan for builders
                </label>
                <p id={`${id}-plan-hint`} className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
                  Every builder has at least this plan; a plan bought or given by hand that is higher stays. Admins
                  always have every feature, without limits of a plan.
                  {data.defaultPlanSource === 'environment' && ' Now set by DEFAULT_PLAN (Lite when unset).'}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Select
                  id={`${id}-plan`}
                  aria-describedby={`${id}-plan-hint`}
                  value={data.defaultPlan}
                  disabled={busy !== null}
                  onChange={(e) => {
                    const plan = e.target.value as PlanId;
                    void change('defaultPlan', { defaultPlan: plan }, `Builders now have at least ${planLabel(plan)}`);
                  }}
                >
                  {PLANS.map((p) => (
                    <option key={p} value={p}>
                      {planLabel(p)}
                    </option>
                  ))}
                </Select>
                {busy === 'defaultPlan' && <Spinner size={16} label="Saving" />}
              </div>
            </div>
            <p className="text-[13px] leading-snug text-ink-subtle" data-testid="payment-providers">
              {stripe || gumroad
                ? `Builders buy plans with ${[stripe && 'Stripe', gumroad && 'Gumroad'].filter(Boolean).join(' and ')}.`
                : 'No payment provider is configured, so builders cannot buy plans here: choose their default plan above, or give one to a builder in the list above. Setting up Stripe or Gumroad is described in the README.'}
            </p>
            <div className="flex items-start justify-between gap-6 border-t border-line pt-5">
              <div>
                <label htmlFor={`${id}-starters`} className="text-sm font-medium text-ink">
                  Starter templates on Home
                </label>
                <p className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
                  The apps and tools that ship with the product, offered after your own templates.
                </p>
              </div>
              <Switch
                id={`${id}-starters`}
                checked={data.showStarterTemplates}
                disabled={busy !== null}
                onCheckedChange={(on) =>
                  void change(
                    'showStarterTemplates',
                    { showStarterTemplates: on },
                    on ? 'Starter templates are shown on Home' : 'Starter templates are hidden',
                  )
                }
              />
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
