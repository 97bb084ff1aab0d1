import { useEffect, useState, type FormEvent } from 'react';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  APP_CODE_LENGTH,
  APP_CONFIRM_MESSAGES,
  type AppConfirmationPending,
  type AppSession,
  type AppUser,
} from '@tessera/contracts/app-users';
import { RUNTIME_MESSAGES, type RuntimeBoot } from '@tessera/contracts/runtime';
import { apiRequest, getAppUserToken, loginUrl, me, setAppUserToken, ApiError, SESSION_FRAGMENT } from './sdk';
import { safeNextUrl } from './pages';

type Mode = 'signIn' | 'signUp' | 'forgot' | 'setPassword' | 'confirm';

/** `url` with one more fragment parameter, keeping the others (the preview token among them). */
function withFragment(url: string, name: string, value: string): string {
  const [base = '', fragment = ''] = url.split('#');
  const hash = new URLSearchParams(fragment);
  hash.set(name, value);
  return `${base}#${hash}`;
}

/** The single-use token of a reset or invitation mail (`?mode=resetPassword|invite&token=`), taken out of the address bar. */
function takeMailToken(params: URLSearchParams): string | null {
  const token = params.get('token');
  if (!token || !['resetPassword', 'invite'].includes(params.get('mode') ?? '')) return null;
  const rest = new URLSearchParams(params);
  rest.delete('token');
  rest.delete('mode');
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest.size ? `?${rest}` : ''}`);
  return token;
}

/**
 * The end users' login page on the app's own host (`/apps/{appId}/login?nextUrl=`): sign in, sign
 * up when the app's settings allow it, the code that confirms a new address (after sign-up, or a
 * sign-in before confirming), forgotten password, the password of a reset or invitation mail, sign
 * out; then back to `nextUrl` when it is on this origin.
 */
export function LoginPage({ boot }: { boot: RuntimeBoot }) {
  const [initialParams] = useState(() => new URLSearchParams(window.location.search));
  const [mailToken] = useState(() => takeMailToken(initialParams));
  const next = safeNextUrl(initialParams.get('nextUrl'), window.location.origin, `${boot.basePath}/`);
  const [mode, setMode] = useState<Mode>(
    mailToken ? 'setPassword' : initialParams.get('mode') === 'signup' && boot.isSignupEnabled ? 'signUp' : 'signIn',
  );
  const [notice, setNotice] = useState<string | null>(null);
  /** The address waiting for its code (the code step). */
  const [pendingEmail, setPendingEmail] = useState('');
  const [user, setUser] = useState<AppUser | null>(null);
  const [isChecking, setIsChecking] = useState(Boolean(getAppUserToken()));
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!getAppUserToken()) return;
    me()
      .then(setUser)
      .catch(() => setUser(null))
      .finally(() => setIsChecking(false));
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const base = `/live_api/apps/${encodeURIComponent(boot.appId)}/auth`;
    setIsBusy(true);
    setError(null);
    try {
      if (mode === 'forgot') {
        await apiRequest('POST', `${base}/forgot-password`, { email: field('email') });
        setNotice(APP_MESSAGES.resetEmailSent);
        setMode('signIn');
        setIsBusy(false);
        return;
      }
      const result =
        mode === 'setPassword'
          ? await apiRequest<AppSession>('POST', `${base}/set-password`, {
              token: mailToken,
              password: field('password'),
            })
          : mode === 'confirm'
            ? await apiRequest<AppSession>('POST', `${base}/verify-otp`, {
                email: pendingEmail,
                otp_code: field('otp_code'),
              })
            : await apiRequest<AppSession | AppConfirmationPending>(
                'POST',
                `${base}/${mode === 'signUp' ? 'sign-up' : 'sign-in'}`,
                {
                  email: field('email'),
                  password: field('password'),
                  ...(mode === 'signUp' ? { full_name: field('full_name') } : {}),
                },
              );
      if ('confirmationRequired' in result) {
        showCodeStep(result.email);
        return;
      }
      // Where storage is refused (a framed preview), the session rides along in the fragment for the next page view.
      const isStored = setAppUserToken(result.token);
      window.location.assign(isStored ? next : withFragment(next, SESSION_FRAGMENT, result.token));
    } catch (err) {
      // The right password of an account still waiting for its code: the code step, not a dead end.
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED' && mode === 'signIn') {
        showCodeStep(field('email').trim().toLowerCase());
        return;
      }
      setError(err instanceof ApiError ? err.message : RUNTIME_MESSAGES.loadFailed);
      setIsBusy(false);
    }
  }

  function showCodeStep(email: string) {
    setPendingEmail(email);
    setNotice(APP_CONFIRM_MESSAGES.codeSent.replace('{email}', email));
    setMode('confirm');
    setIsBusy(false);
  }

  async function handleResend() {
    setIsBusy(true);
    setError(null);
    setNotice(null);
    try {
      await apiRequest('POST', `/live_api/apps/${encodeURIComponent(boot.appId)}/auth/resend-otp`, {
        email: pendingEmail,
      });
      setNotice(APP_CONFIRM_MESSAGES.resent);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : RUNTIME_MESSAGES.loadFailed);
    }
    setIsBusy(false);
  }

  function switchTo(target: Mode) {
    setError(null);
    setNotice(null);
    setMode(target);
  }

  async function handleSignOut() {
    setIsBusy(true);
    await apiRequest('POST', `/live_api/apps/${encodeURIComponent(boot.appId)}/auth/sign-out`).catch(() => undefined);
    setAppUserToken(null);
    setUser(null);
    setIsBusy(false);
  }

  if (isChecking) return <Spinner />;
  return (
    <div className="tsr-screen">
      <main className="tsr-card">
        {user ? (
          <>
            <h1>{boot.name}</h1>
            <p className="tsr-muted">{RUNTIME_MESSAGES.signedInAs.replace('{email}', user.email)}</p>
            <button type="button" className="tsr-button" onClick={() => window.location.assign(next)}>
              {RUNTIME_MESSAGES.backToApp}
            </button>
            <button type="button" className="tsr-button tsr-secondary" disabled={isBusy} onClick={handleSignOut}>
              {RUNTIME_MESSAGES.signOut}
            </button>
          </>
        ) : (
          <>
            <h1>{TITLES[mode]}</h1>
            <p className="tsr-muted">{boot.name}</p>
            {notice && (
              <div className="tsr-notice" role="status">
                {notice}
              </div>
            )}
            {error && (
              <div className="tsr-error" role="alert">
                {error}
              </div>
            )}
            <form key={mode} onSubmit={handleSubmit} noValidate>
              {mode === 'signUp' && (
                <label className="tsr-field">
                  {RUNTIME_MESSAGES.fullName}
                  <input name="full_name" autoComplete="name" maxLength={200} />
                </label>
              )}
              {mode === 'confirm' && (
                <label className="tsr-field">
                  {APP_CONFIRM_MESSAGES.codeLabel}
                  <input
                    name="otp_code"
                    className="tsr-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={APP_CODE_LENGTH}
                    required
                    autoFocus
                  />
                </label>
              )}
              {mode !== 'setPassword' && mode !== 'confirm' && (
                <label className="tsr-field">
                  {RUNTIME_MESSAGES.email}
                  <input name="email" type="email" autoComplete="email" required />
                </label>
              )}
              {mode !== 'forgot' && mode !== 'confirm' && (
                <label className="tsr-field">
                  {mode === 'setPassword' ? RUNTIME_MESSAGES.newPassword : RUNTIME_MESSAGES.password}
                  <input
                    name="password"
                    type="password"
                    autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                    required
                  />
                </label>
              )}
              {mode === 'signUp' && <p className="tsr-small">{RUNTIME_MESSAGES.signUpAgreement}</p>}
              <button type="submit" className="tsr-button" disabled={isBusy}>
                {SUBMITS[mode]}
              </button>
            </form>
            {mode === 'signIn' && (
              <button type="button" className="tsr-link" onClick={() => switchTo('forgot')}>
                {RUNTIME_MESSAGES.forgotPassword}
              </button>
            )}
            {mode === 'confirm' && (
              <div>
                <button type="button" className="tsr-link" disabled={isBusy} onClick={handleResend}>
                  {APP_CONFIRM_MESSAGES.resend}
                </button>
              </div>
            )}
            {(mode === 'forgot' || mode === 'setPassword' || mode === 'confirm') && (
              <div>
                <button type="button" className="tsr-link" onClick={() => switchTo('signIn')}>
                  {RUNTIME_MESSAGES.backToSignIn}
                </button>
              </div>
            )}
            {(mode === 'signIn' || mode === 'signUp') &&
              (boot.isSignupEnabled ? (
                <div>
                  <button
                    type="button"
                    className="tsr-link"
                    onClick={() => switchTo(mode === 'signUp' ? 'signIn' : 'signUp')}
                  >
                    {mode === 'signUp' ? RUNTIME_MESSAGES.haveAccount : RUNTIME_MESSAGES.noAccount}
                  </button>
                </div>
              ) : (
                <p className="tsr-muted" style={{ marginTop: 16, marginBottom: 0 }}>
                  {RUNTIME_MESSAGES.signupClosed}
                </p>
              ))}
            {(mode === 'signIn' || mode === 'signUp') && <AppLinks links={boot.links} />}
          </>
        )}
      </main>
    </div>
  );
}

const TITLES: Record<Mode, string> = {
  signIn: RUNTIME_MESSAGES.signIn,
  signUp: RUNTIME_MESSAGES.createAccount,
  forgot: RUNTIME_MESSAGES.resetTitle,
  setPassword: RUNTIME_MESSAGES.choosePassword,
  confirm: APP_CONFIRM_MESSAGES.title,
};
const SUBMITS: Record<Mode, string> = {
  signIn: RUNTIME_MESSAGES.signIn,
  signUp: RUNTIME_MESSAGES.signUp,
  forgot: RUNTIME_MESSAGES.sendResetLink,
  setPassword: RUNTIME_MESSAGES.savePassword,
  confirm: APP_CONFIRM_MESSAGES.confirm,
};

/** The terms, privacy and support links the builder gave in the app's settings (those given). */
function AppLinks({ links }: { links: RuntimeBoot['links'] }) {
  const items: Array<{ href: string; label: string }> = [];
  if (links.termsOfService) items.push({ href: links.termsOfService, label: RUNTIME_MESSAGES.termsOfService });
  if (links.privacyPolicy) items.push({ href: links.privacyPolicy, label: RUNTIME_MESSAGES.privacyPolicy });
  if (links.supportEmail) items.push({ href: `mailto:${links.supportEmail}`, label: RUNTIME_MESSAGES.support });
  if (items.length === 0) return null;
  return (
    <nav className="tsr-footer" aria-label="About this app">
      {items.map((item) => (
        <a key={item.label} href={item.href} target="_blank" rel="noopener noreferrer">
          {item.label}
        </a>
      ))}
    </nav>
  );
}

/** Shown instead of a page whose data needs a signed-in user, to a visitor who is not signed in. */
export function SignInPrompt({ isSignupEnabled }: { isSignupEnabled: boolean }) {
  const signIn = loginUrl();
  return (
    <div className="tsr-prompt" role="region" aria-label={RUNTIME_MESSAGES.signInToSee}>
      <h2>{RUNTIME_MESSAGES.signInToSee}</h2>
      <p className="tsr-muted">{RUNTIME_MESSAGES.signInToSeeDetails}</p>
      <div className="tsr-actions">
        <a className="tsr-button" href={signIn}>
          {RUNTIME_MESSAGES.signIn}
        </a>
        {isSignupEnabled && (
          <a className="tsr-button tsr-secondary" href={`${signIn}&mode=signup`}>
            {RUNTIME_MESSAGES.signUp}
          </a>
        )}
      </div>
    </div>
  );
}

export function Spinner() {
  return (
    <div className="tsr-screen" aria-busy="true">
      <div className="tsr-spinner" />
    </div>
  );
}
