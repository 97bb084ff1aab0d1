import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { MEMBERSHIP_MESSAGES, formatMembershipPrice, type MembershipProduct } from '@tessera/contracts';
import { Alert, Badge, Button, Dialog, DialogContent, Field, Input, Spinner, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useConnectProduct, useMembershipProducts, useNotificationUrl, useSaveGumroadToken } from '../api/memberships';

/** The token is checked this long after the last keystroke. */
export const TOKEN_DEBOUNCE_MS = 1000;

interface Props {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasToken: boolean;
  isSetupCompleted: boolean;
  product: MembershipProduct | null;
}

/**
 * Paid memberships (docs/product/memberships.md#setup): the Gumroad access token (checked with
 * Gumroad a second after typing stops, stored encrypted), the product, Connect; once connected,
 * the product with Resync, Change product (after a warning) and the ping URL for Gumroad.
 */
export function PaidMembershipsDialog({ appId, open, onOpenChange, hasToken, isSetupCompleted, product }: Props) {
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
        description="Your app's users pay for a membership through your own Gumroad account before they can use the app."
      >
        {isConnectedView && product ? (
          <ConnectedView
            appId={appId}
            product={product}
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
            hasToken={hasToken}
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
  isWarning,
  onChange,
  onCancelChange,
  onConfirmChange,
}: {
  appId: string;
  product: MembershipProduct;
  isWarning: boolean;
  onChange: () => void;
  onCancelChange: () => void;
  onConfirmChange: () => void;
}) {
  const connect = useConnectProduct(appId);
  const ping = useNotificationUrl(appId, true);
  const [copied, setCopied] = useState(false);

  function resync() {
    connect.mutate(product.id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (err) => toast.error(errorMessage(err, MEMBERSHIP_MESSAGES.connectFailed)),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-muted p-4">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-ink">{product.name}</p>
          <p className="text-[13px] text-ink-subtle">{formatMembershipPrice(product)} on Gumroad</p>
        </div>
        <Badge tone="success">
          <Check aria-hidden className="size-3.5" /> Connected
        </Badge>
      </div>
      <div className="space-y-1.5">
        <p className="text-[13px] font-medium text-ink">Ping URL</p>
        <p className="text-[13px] leading-snug text-ink-subtle">
          Paste it in Gumroad under Settings → Advanced → Ping, so renewals and cancellations reach your app.
        </p>
        {ping.data ? (
          <div className="flex gap-2">
            <Input readOnly value={ping.data.notificationUrl} aria-label="Ping URL" className="font-mono text-xs" />
            <Button
              type="button"
              variant="secondary"
              size="icon"
              aria-label="Copy ping URL"
              onClick={() =>
                void navigator.clipboard.writeText(ping.data.notificationUrl).then(() => {
                  setCopied(true);
                  toast.success('Link copied!');
                })
              }
            >
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            </Button>
          </div>
        ) : ping.isError ? (
          <Alert tone="error">{errorMessage(ping.error)}</Alert>
        ) : (
          <Spinner />
        )}
      </div>
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
  hasToken,
  currentProductId,
  onConnected,
}: {
  appId: string;
  hasToken: boolean;
  currentProductId: string | null;
  onConnected: () => void;
}) {
  const tokenId = useId();
  const [token, setToken] = useState('');
  const [picked, setPicked] = useState<string | null>(currentProductId);
  const saveToken = useSaveGumroadToken(appId);
  const products = useMembershipProducts(appId, hasToken);
  const connect = useConnectProduct(appId);
  const lastChecked = useRef('');

  // The token is checked (and stored) a second after typing stops (only the text re-arms the timer).
  useEffect(() => {
    const value = token.trim();
    if (!value || value === lastChecked.current) return;
    const timer = window.setTimeout(() => {
      lastChecked.current = value;
      saveToken.mutate(value, {
        onError: () => toast.error(MEMBERSHIP_MESSAGES.fetchProductsFailed),
      });
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
    connect.mutate(picked, {
      onSuccess: (result) => {
        toast.success(result.message);
        onConnected();
      },
      onError: (err) => toast.error(errorMessage(err, MEMBERSHIP_MESSAGES.connectFailed)),
    });
  }

  return (
    <div className="space-y-5">
      <Field
        label="Gumroad access token"
        hint={
          hasToken
            ? 'A token is stored (encrypted). Paste a new one to replace it.'
            : 'Create one in Gumroad under Settings → Advanced → Applications. It is stored encrypted and never shown again.'
        }
        error={saveToken.isError ? errorMessage(saveToken.error, MEMBERSHIP_MESSAGES.fetchProductsFailed) : undefined}
      >
        <Input
          id={tokenId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={hasToken ? '••••••••••••' : 'Paste your access token'}
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </Field>

      <section aria-label="Gumroad products" className="space-y-2">
        <p className="text-[13px] font-medium text-ink">Product</p>
        {saveToken.isPending || (hasToken && products.isPending && !list) ? (
          <div className="flex items-center gap-2 text-[13px] text-ink-subtle">
            <Spinner /> Fetching your Gumroad products…
          </div>
        ) : list ? (
          list.length === 0 ? (
            <Alert tone="info">
              Your Gumroad account has no products yet. Create a membership product there first.
            </Alert>
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
          <Alert tone="error">{MEMBERSHIP_MESSAGES.fetchProductsFailed}</Alert>
        ) : (
          <p className="text-[13px] text-ink-subtle">Your products appear here once the token is checked.</p>
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
