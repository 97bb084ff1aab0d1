import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MEMBERSHIP_MESSAGES,
  formatPaymentAmount,
  membershipPeriod,
  type MembershipStatus,
} from '@tessera/contracts/memberships';
import { RUNTIME_MESSAGES, type RuntimeBoot } from '@tessera/contracts/runtime';
import { applyLook } from './look';
import { Spinner } from './login-page';
import { safeNextUrl } from './pages';
import { ApiError, apiRequest, getAppUserToken, loginUrl, me } from './sdk';

const POLL_MS = 3000;
const PROVIDER_NAMES = { gumroad: 'Gumroad', stripe: 'Stripe' } as const;

/** The paywall's own address without the Checkout session Stripe came back with. */
function takeSessionId(): string | null {
  const url = new URL(window.location.href);
  const sessionId = url.searchParams.get('session_id');
  if (sessionId) {
    url.searchParams.delete('session_id');
    window.history.replaceState(window.history.state, '', url.toString());
  }
  return sessionId;
}

/**
 * The paywall on the app's own host (`/apps/{appId}/membership?nextUrl=`), for a signed-in end user
 * without a membership (docs/product/memberships.md#screens-and-routes), in the app's own look: the product,
 * its price in its currency and the checkout. Gumroad's opens in a new tab and the payment is
 * checked until it is confirmed; Stripe's comes back here with its session, checked at once. Then
 * back to `nextUrl`.
 */
export function PaywallPage({ boot }: { boot: RuntimeBoot }) {
  const [next] = useState(() =>
    safeNextUrl(
      new URLSearchParams(window.location.search).get('nextUrl'),
      window.location.origin,
      `${boot.basePath}/`,
    ),
  );
  const [returnedSession] = useState(takeSessionId);
  const base = `/live_api/apps/${encodeURIComponent(boot.appId)}/membership`;
  const [status, setStatus] = useState<MembershipStatus | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const [isWaiting, setIsWaiting] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const checking = useRef(false);
  const showError = (err: unknown) =>
    setMessage({ text: err instanceof ApiError ? err.message : RUNTIME_MESSAGES.loadFailed, isError: true });

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
        const [current, user] = await Promise.all([
          returnedSession
            ? apiRequest<MembershipStatus>('POST', `${base}/verify`, { sessionId: returnedSession })
            : apiRequest<MembershipStatus>('GET', base),
          me(),
        ]);
        if (current.look) applyLook(current.look, boot.name);
        if (enter(current)) return;
        setStatus(current);
        setEmail(user?.email ?? null);
        if (returnedSession) setMessage({ text: MEMBERSHIP_MESSAGES.purchaseNotFound, isError: true });
        // Gumroad's product page is a plain link; a Stripe session is made when the button is pressed.
        if (current.provider === 'gumroad')
          setCheckoutUrl((await apiRequest<{ url: string }>('POST', `${base}/checkout`)).url);
      } catch (err) {
        showError(err);
      }
    })();
  }, [base, boot.name, enter, next, returnedSession]);

  const verify = useCallback(
    async (isManual: boolean) => {
      if (checking.current) return;
      checking.current = true;
      setIsChecking(isManual);
      try {
        const result = await apiRequest<MembershipStatus>('POST', `${base}/verify`);
        if (!enter(result) && isManual) setMessage({ text: MEMBERSHIP_MESSAGES.purchaseNotFound, isError: true });
      } catch (err) {
        if (isManual) showError(err);
      } finally {
        checking.current = false;
        setIsChecking(false);
      }
    },
    [base, enter],
  );

  // While Gumroad's tab is open, the payment is checked every few seconds (and when this tab comes back).
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

  async function handleStripeCheckout() {
    setMessage(null);
    setIsLeaving(true);
    try {
      const { url } = await apiRequest<{ url: string }>('POST', `${base}/checkout`, {
        returnUrl: window.location.href,
      });
      window.location.assign(url);
    } catch (err) {
      showError(err);
      setIsLeaving(false);
    }
  }

  if (!status && !message) return <Spinner />;
  const product = status?.product;
  const provider = status?.provider ?? null;
  const logoUrl = status?.look?.style.logoUrl;
  const period = product ? membershipPeriod(product.recurrence) : '';
  return (
    <div className="tsr-screen tsr-paywall-screen">
      <main className="tsr-card tsr-paywall" aria-labelledby="tsr-paywall-title">
        <header className="tsr-paywall-head">
          {logoUrl ? (
            <img className="tsr-paywall-logo" src={logoUrl} alt="" />
          ) : (
            <span className="tsr-paywall-logo tsr-paywall-initial" aria-hidden>
              {boot.name.trim().charAt(0).toUpperCase() || '•'}
            </span>
          )}
          <span className="tsr-paywall-name">{boot.name}</span>
        </header>
        <div className="tsr-paywall-body">
          <h1 id="tsr-paywall-title">{MEMBERSHIP_MESSAGES.paywallTitle}</h1>
          <p className="tsr-muted">{MEMBERSHIP_MESSAGES.paywallLead.replace('{app}', boot.name)}</p>
          {product && (
            <section className="tsr-offer" aria-label={product.name}>
              <p className="tsr-offer-name">{product.name}</p>
              <p className="tsr-price">
                {formatPaymentAmount(product.price, product.currency)}
                {period && <span className="tsr-per"> {period}</span>}
              </p>
              <ul className="tsr-perks">
                <li>{MEMBERSHIP_MESSAGES.perkAccess.replace('{app}', boot.name)}</li>
                {product.recurrence && <li>{MEMBERSHIP_MESSAGES.perkCancel}</li>}
              </ul>
            </section>
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
          {provider === 'stripe' && (
            <button
              type="button"
              className="tsr-button"
              disabled={isLeaving}
              onClick={() => void handleStripeCheckout()}
            >
              {MEMBERSHIP_MESSAGES.checkout}
            </button>
          )}
          {provider === 'gumroad' && checkoutUrl && (
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
        </div>
        <footer className="tsr-paywall-foot">
          {email && <span>{RUNTIME_MESSAGES.signedInAs.replace('{email}', email)}</span>}
          {provider && <span>{MEMBERSHIP_MESSAGES.securedBy.replace('{provider}', PROVIDER_NAMES[provider])}</span>}
        </footer>
      </main>
    </div>
  );
}
