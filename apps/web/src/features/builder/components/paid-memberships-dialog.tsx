import { useEffect, useId, useRef, useState } from 'react';
import { Check, RefreshCw } from 'lucide-react';
import {
  MEMBERSHIP_MESSAGES,
  formatMembershipPrice,
  type MembershipProduct,
  type MembershipProvider,
} from '@tessera/contracts/memberships';
import { Alert, Badge, Button, Dialog, DialogContent, Field, Input, Spinner, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useConnectProduct, useMembershipProducts, useNotificationUrl, useSaveProviderKey } from '../api/memberships';
import { CopyField } from './copy-field';
import { StripeWebhookFields } from './stripe-webhook-fields';

/** The key is checked this long after the last keystroke. */
export const TOKEN_DEBOUNCE_MS = 1000;

export const PROVIDER_NAMES: Record<MembershipProvider, string> = { gumroad: 'Gumroad', stripe: 'Stripe' };

/** What the setup asks of each provider (docs/product/memberships.md#screens-and-routes). */
const PROVIDER_TEXTS: Record<
  MembershipProvider,
  { keyLabel: string; keyHint: string; fetching: string; none: string; fetchFailed: string; connectFailed: string }
> = {
  gumroad: {
    keyLabel: 'Gumroad access token',
    keyHint:
      'Create one in Gumroad under Settings → Advanced → Applications. It is stored encrypted and never shown again.',
    fetching: 'Fetching your Gumroad products…',
    none: 'Your Gumroad account has no products yet. Create a membership product there first.',
    fetchFailed: MEMBERSHIP_MESSAGES.fetchProductsFailed,
    connectFailed: MEMBERSHIP_MESSAGES.connectFailed,
  },
  stripe: {
    keyLabel: 'Stripe secret key',
    keyHint:
      'A secret key, or a restricted key that may read Prices and Products and write Checkout Sessions (Stripe → Developers → API keys). It is stored encrypted and never shown again.',
    fetching: 'Fetching your Stripe prices…',
    none: 'Your Stripe account has no active monthly or yearly prices yet. Add a recurring price to a product there first.',
    fetchFailed: MEMBERSHIP_MESSAGES.stripeFetchPricesFailed,
    connectFailed: MEMBERSHIP_MESSAGES.stripeConnectFailed,
  },
};

interface Props {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The provider the builder last stored a key for. */
  settingUp: MembershipProvider;
  hasToken: boolean;
  isSetupCompleted: boolean;
  product: MembershipProduct | null;
  connectedProvider: MembershipProvider;
}

/**
 * Paid memberships (docs/product/memberships.md#screens-and-routes): Gumroad or Stripe, the provider's key
 * (checked with it a second after typing stops, stored encrypted), the product, Connect; once
 * connected, the product with Resync, Change product (after a warning) and where the provider's
 * notifications go (Gumroad's ping URL; Stripe's webhook URL and its signing secret).
 */
export function PaidMembershipsDialog({
  appId,
  open,
  onOpenChange,
  settingUp,
  hasToken,
  isSetupCompleted,
  product,
  connectedProvider,
}: Props) {
  const [isChanging, setIsChanging] = useState(false);
  const [isWarning, setIsWarning] = useState(false);
  const isConnectedView = isSetupCompleted && !isChanging;
  useEffect(() => {
    if (!open) {
      setIsChanging(false);
      setIsWarning(false);
    }
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="md"
        title="Paid memberships"
        description="Your app's users pay for a membership through your own Gumroad or Stripe account before they can use the app."
      >
        {isConnectedView && product ? (
          <ConnectedView
            appId={appId}
            product={product}
            provider={connectedProvider}
            isWarning={isWarning}
            onChange={() => setIsWarning(true)}
            onCancelChange={() => setIsWarning(false)}
            onConfirmChange={() => {
              setIsWarning(false);
              setIsChanging(true);
            }}
          />
        ) : (
          <SetupView
            appId={appId}
            initialProvider={settingUp}
            hasTokenOf={(p) => hasToken && p === settingUp}
            currentProductId={product?.id ?? null}
            onConnected={() => setIsChanging(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ConnectedView({
  appId,
  product,
  provider,
  isWarning,
  onChange,
  onCancelChange,
  onConfirmChange,
}: {
  appId: string;
  product: MembershipProduct;
  provider: MembershipProvider;
  isWarning: boolean;
  onChange: () => void;
  onCancelChange: () => void;
  onConfirmChange: () => void;
}) {
  const connect = useConnectProduct(appId);
  const ping = useNotificationUrl(appId, true);

  function resync() {
    connect.mutate(
      { provider, productId: product.id },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (err) => toast.error(errorMessage(err, PROVIDER_TEXTS[provider].connectFailed)),
      },
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-muted p-4">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-ink">{product.name}</p>
          <p className="text-[13px] text-ink-subtle">
            {formatMembershipPrice(product)} on {PROVIDER_NAMES[provider]}
          </p>
        </div>
        <Badge tone="success">
          <Check aria-hidden className="size-3.5" /> Connected
        </Badge>
      </div>
      {ping.data?.provider === 'stripe' ? (
        <StripeWebhookFields appId={appId} notification={ping.data} />
      ) : (
        <div className="space-y-1.5">
          <p className="text-[13px] font-medium text-ink">Ping URL</p>
          <p className="text-[13px] leading-snug text-ink-subtle">
            Paste it in Gumroad under Settings → Advanced → Ping, so renewals and cancellations reach your app.
          </p>
          {ping.data ? (
            <CopyField label="Ping URL" value={ping.data.notificationUrl} />
          ) : ping.isError ? (
            <Alert tone="error">{errorMessage(ping.error)}</Alert>
          ) : (
            <Spinner />
          )}
        </div>
      )}
      {isWarning ? (
        <Alert tone="info" title="Change the product?">
          <p>{MEMBERSHIP_MESSAGES.changeWarning}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={onConfirmChange}>
              Change product
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onCancelChange}>
              Keep this product
            </Button>
          </div>
        </Alert>
      ) : (
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
          <Button type="button" variant="secondary" size="sm" loading={connect.isPending} onClick={resync}>
            <RefreshCw aria-hidden /> Resync
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={onChange}>
            Change product
          </Button>
        </div>
      )}
    </div>
  );
}

function SetupView({
  appId,
  initialProvider,
  hasTokenOf,
  currentProductId,
  onConnected,
}: {
  appId: string;
  initialProvider: MembershipProvider;
  hasTokenOf: (provider: MembershipProvider) => boolean;
  currentProductId: string | null;
  onConnected: () => void;
}) {
  const [provider, setProvider] = useState<MembershipProvider>(initialProvider);
  return (
    <div className="space-y-5">
      <div role="radiogroup" aria-label="Payment provider" className="grid grid-cols-2 gap-2">
        {(['gumroad', 'stripe'] as const).map((p) => (
          <label
            key={p}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface p-3 text-sm font-medium text-ink has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
          >
            <input
              type="radio"
              name="membership-provider"
              value={p}
              checked={provider === p}
              onChange={() => setProvider(p)}
              className="accent-brand-600"
            />
            {PROVIDER_NAMES[p]}
          </label>
        ))}
      </div>
      {/* One form per provider: switching starts that provider's key and products afresh. */}
      <ProviderSetup
        key={provider}
        appId={appId}
        provider={provider}
        hasToken={hasTokenOf(provider)}
        currentProductId={currentProductId}
        onConnected={onConnected}
      />
    </div>
  );
}

function ProviderSetup({
  appId,
  provider,
  hasToken,
  currentProductId,
  onConnected,
}: {
  appId: string;
  provider: MembershipProvider;
  hasToken: boolean;
  currentProductId: string | null;
  onConnected: () => void;
}) {
  const texts = PROVIDER_TEXTS[provider];
  const tokenId = useId();
  const [token, setToken] = useState('');
  const [picked, setPicked] = useState<string | null>(currentProductId);
  const saveToken = useSaveProviderKey(appId, provider);
  const products = useMembershipProducts(appId, provider, hasToken);
  const connect = useConnectProduct(appId);
  const lastChecked = useRef('');

  // The key is checked (and stored) a second after typing stops (only the text re-arms the timer).
  useEffect(() => {
    const value = token.trim();
    if (!value || value === lastChecked.current) return;
    const timer = window.setTimeout(() => {
      lastChecked.current = value;
      saveToken.mutate(value, { onError: () => toast.error(texts.fetchFailed) });
    }, TOKEN_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [token]);

  const list = saveToken.data?.products ?? products.data?.products ?? null;
  const productsError = saveToken.error ?? (hasToken ? products.error : null);

  function handleConnect() {
    if (connect.isPending) return;
    if (!picked) {
      toast.error('Pick a product first');
      return;
    }
    connect.mutate(
      { provider, productId: picked },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onConnected();
        },
        onError: (err) => toast.error(errorMessage(err, texts.connectFailed)),
      },
    );
  }

  return (
    <div className="space-y-5">
      <Field
        label={texts.keyLabel}
        hint={hasToken ? 'A key is stored (encrypted). Paste a new one to replace it.' : texts.keyHint}
        error={saveToken.isError ? errorMessage(saveToken.error, texts.fetchFailed) : undefined}
      >
        <Input
          id={tokenId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={
            hasToken ? '••••••••••••' : provider === 'stripe' ? 'sk_live_… or rk_live_…' : 'Paste your access token'
          }
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </Field>

      <section aria-label={`${PROVIDER_NAMES[provider]} products`} className="space-y-2">
        <p className="text-[13px] font-medium text-ink">{provider === 'stripe' ? 'Price' : 'Product'}</p>
        {saveToken.isPending || (hasToken && products.isPending && !list) ? (
          <div className="flex items-center gap-2 text-[13px] text-ink-subtle">
            <Spinner /> {texts.fetching}
          </div>
        ) : list ? (
          list.length === 0 ? (
            <Alert tone="info">{texts.none}</Alert>
          ) : (
            <div role="radiogroup" aria-label="Product" className="space-y-2">
              {list.map((p) => (
                <label
                  key={p.id}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
                >
                  <span className="flex min-w-0 items-center gap-3">
                    <input
                      type="radio"
                      name="membership-product"
                      value={p.id}
                      checked={picked === p.id}
                      onChange={() => setPicked(p.id)}
                      className="accent-brand-600"
                    />
                    <span className="truncate text-sm font-medium text-ink">{p.name}</span>
                  </span>
                  <span className="shrink-0 text-[13px] text-ink-subtle">{formatMembershipPrice(p)}</span>
                </label>
              ))}
            </div>
          )
        ) : productsError ? (
          <Alert tone="error">{texts.fetchFailed}</Alert>
        ) : (
          <p className="text-[13px] text-ink-subtle">Your products appear here once the key is checked.</p>
        )}
      </section>

      {list && list.length > 0 && (
        <div className="flex justify-end border-t border-line pt-4">
          <Button type="button" onClick={handleConnect} loading={connect.isPending}>
            Connect
          </Button>
        </div>
      )}
    </div>
  );
}
