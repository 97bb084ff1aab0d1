import { useId, useState } from 'react';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  MEMBERSHIP_MESSAGES,
  formatMembershipPrice,
  type MembershipProduct,
  type MembershipProvider,
} from '@tessera/contracts/memberships';
import { Alert, Button, Switch, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useSaveAppSettings } from '../api/app';
import { PROVIDER_NAMES, PaidMembershipsDialog } from './paid-memberships-dialog';

interface Props {
  appId: string;
  settings: Record<string, unknown>;
}

/**
 * Paid memberships in App settings (docs/product/memberships.md#screens-and-routes): open once sign-up is on
 * (which itself needs the app published or on a custom domain); the switch turns the paywall on
 * or off once a product is connected.
 */
export function PaidMembershipsSection({ appId, settings }: Props) {
  const [open, setOpen] = useState(false);
  const save = useSaveAppSettings(appId);
  const switchId = useId();
  const paid = (settings.paidMembershipsSettings ?? {}) as {
    paymentProvider?: string;
    hasPaymentProviderAccessToken?: boolean;
    isSetupCompleted?: boolean;
  };
  const product = (settings.paidMembershipsProduct ?? null) as
    (MembershipProduct & { provider?: MembershipProvider }) | null;
  const settingUp: MembershipProvider = paid.paymentProvider === 'stripe' ? 'stripe' : 'gumroad';
  const connectedProvider: MembershipProvider = product?.provider ?? 'gumroad';
  const isSignupOn = settings.isSignupEnabled === true;
  const isSetupCompleted = paid.isSetupCompleted === true && product !== null;
  const isOn = settings.isPaidMembershipsEnabled === true;

  function toggle(checked: boolean) {
    save.mutate(
      { ...settings, isPaidMembershipsEnabled: checked },
      {
        onSuccess: () => toast.success(APP_MESSAGES.appSettingsSaved),
        onError: (err) => toast.error(APP_MESSAGES.appSettingsSaveFailed, { description: errorMessage(err) }),
      },
    );
  }

  return (
    <section aria-labelledby={`${switchId}-heading`} className="space-y-3 border-t border-line pt-5">
      <h3 id={`${switchId}-heading`} className="text-xs font-medium tracking-wide text-ink-faint uppercase">
        Paid memberships
      </h3>
      {!isSignupOn ? (
        <Alert tone="info">{MEMBERSHIP_MESSAGES.needsSignup}.</Alert>
      ) : (
        <div className="space-y-3 rounded-xl border border-line bg-surface p-3">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <label htmlFor={switchId} className="block text-sm font-medium text-ink">
                Members only
              </label>
              <p className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
                {isSetupCompleted
                  ? `${product.name} · ${formatMembershipPrice(product)} through ${PROVIDER_NAMES[connectedProvider]}`
                  : 'Sell a membership through your own Gumroad or Stripe account; users pay before they can use the app.'}
              </p>
            </div>
            {isSetupCompleted && (
              <Switch
                id={switchId}
                checked={isOn}
                onCheckedChange={toggle}
                disabled={save.isPending}
                className="mt-0.5"
              />
            )}
          </div>
          <Button
            type="button"
            size="sm"
            variant={isSetupCompleted ? 'secondary' : 'primary'}
            onClick={() => setOpen(true)}
          >
            {isSetupCompleted ? 'Manage paid memberships' : 'Set up paid memberships'}
          </Button>
        </div>
      )}
      {isSignupOn && (
        <PaidMembershipsDialog
          appId={appId}
          open={open}
          onOpenChange={setOpen}
          settingUp={settingUp}
          hasToken={paid.hasPaymentProviderAccessToken === true}
          isSetupCompleted={isSetupCompleted}
          product={product}
          connectedProvider={connectedProvider}
        />
      )}
    </section>
  );
}
