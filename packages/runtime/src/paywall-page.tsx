import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MEMBERSHIP_MESSAGES,
  RUNTIME_MESSAGES,
  formatMembershipPrice,
  type MembershipStatus,
  type RuntimeBoot,
} from '@tessera/contracts';
import { Spinner } from './login-page';
import { safeNextUrl } from './pages';
import { ApiError, apiRequest, getAppUserToken, loginUrl, me } from './sdk';

const POLL_MS = 3000;

/**
 * The paywall on the app's own host (`/apps/{appId}/membership?nextUrl=`), for a signed-in end user
 * without a membership (docs/product/memberships.md#paywall): the product, its price and a
 * checkout in a new tab with the user's e-mail; the payment is checked with the provider until it
 * is confirmed, then back to `nextUrl`.
 */
export function PaywallPage({ boot }: { boot: RuntimeBoot }) {
  const [next] = useState(() =>
    safeNextUrl(
      new URLSearchParams(window.location.search).get('nextUrl'),
      window.location.origin,
      `${boot.basePath}/`,
    ),
  );
  const base = `/live_api/apps/${encodeURIComponent(boot.appId)}/membership`;
  const [status, setStatus] = useState<MembershipStatus | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const [isWaiting, setIsWaiting] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const checking = useRef(false);

  const enter = useCallback(
    (s: MembershipStatus) => {
      if (s.required && !s.active) return false;
      setMessage({ text: MEMBERSHIP_MESSAGES.welcome, isError: false });
      window.location.assign(next);
      return true;
    },
    [next],
  );

  useEffect(() => {
    if (!getAppUserToken()) {
      window.location.assign(loginUrl(next));
      return;
    }
    void (async () => {
      try {
        const [current, user] = await Promise.all([apiRequest<MembershipStatus>('GET', base), me()]);
        if (enter(current)) return;
        setStatus(current);
        setEmail(user?.email ?? null);
        setCheckoutUrl((await apiRequest<{ url: string }>('POST', `${base}/checkout`)).url);
      } catch (err) {
        setMessage({ text: err instanceof ApiError ? err.message : RUNTIME_MESSAGES.loadFailed, isError: true });
      }
    })();
  }, [base, enter, next]);

  const verify = useCallback(
    async (isManual: boolean) => {
      if (checking.current) return;
      checking.current = true;
      setIsChecking(isManual);
      try {
        const result = await apiRequest<MembershipStatus>('POST', `${base}/verify`);
        if (!enter(result) && isManual) setMessage({ text: MEMBERSHIP_MESSAGES.purchaseNotFound, isError: true });
      } catch (err) {
        if (isManual)
          setMessage({ text: err instanceof ApiError ? err.message : RUNTIME_MESSAGES.loadFailed, isError: true });
      } finally {
        checking.current = false;
        setIsChecking(false);
      }
    },
    [base, enter],
  );

  // While the checkout tab is open, the payment is checked every few seconds (and when this tab comes back).
  useEffect(() => {
    if (!isWaiting) return;
    const timer = window.setInterval(() => void verify(false), POLL_MS);
    const onFocus = () => void verify(false);
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [isWaiting, verify]);

  if (!status && !message) return <Spinner />;
  const product = status?.product;
  return (
    <div className="tsr-screen">
      <main className="tsr-card tsr-paywall" aria-labelledby="tsr-paywall-title">
        <p className="tsr-eyebrow">{boot.name}</p>
        <h1 id="tsr-paywall-title">{MEMBERSHIP_MESSAGES.paywallTitle}</h1>
        <p className="tsr-muted">{MEMBERSHIP_MESSAGES.paywallLead.replace('{app}', boot.name)}</p>
        {product && (
          <div className="tsr-offer">
            <strong>{product.name}</strong>
            <span className="tsr-price">{formatMembershipPrice(product)}</span>
          </div>
        )}
        {message && (
          <div className={message.isError ? 'tsr-error' : 'tsr-notice'} role={message.isError ? 'alert' : 'status'}>
            {message.text}
          </div>
        )}
        {isWaiting && !message && (
          <div className="tsr-notice" role="status">
            {MEMBERSHIP_MESSAGES.waiting}
          </div>
        )}
        {checkoutUrl && (
          <a
            className="tsr-button"
            href={checkoutUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              setMessage(null);
              setIsWaiting(true);
            }}
          >
            {MEMBERSHIP_MESSAGES.checkout}
          </a>
        )}
        {status && (
          <button
            type="button"
            className="tsr-button tsr-secondary"
            disabled={isChecking}
            onClick={() => void verify(true)}
          >
            {isChecking ? MEMBERSHIP_MESSAGES.checking : MEMBERSHIP_MESSAGES.checkAgain}
          </button>
        )}
        {email && <p className="tsr-small">{RUNTIME_MESSAGES.signedInAs.replace('{email}', email)}</p>}
      </main>
    </div>
  );
}
