import { useEffect, useState, type FormEvent } from 'react';
import { RUNTIME_MESSAGES, type AppSession, type AppUser, type RuntimeBoot } from '@tessera/contracts';
import { apiRequest, getAppUserToken, me, setAppUserToken, ApiError } from './sdk';
import { safeNextUrl } from './pages';

/**
 * The end users' login page on the app's own host (`/apps/{appId}/login?nextUrl=`): sign in, sign
 * up when the app's settings allow it, sign out; then back to `nextUrl` when it is on this origin.
 */
export function LoginPage({ boot }: { boot: RuntimeBoot }) {
  const params = new URLSearchParams(window.location.search);
  const next = safeNextUrl(params.get('nextUrl'), window.location.origin, `${boot.basePath}/`);
  const [mode, setMode] = useState<'signIn' | 'signUp'>(params.get('mode') === 'signup' && boot.isSignupEnabled ? 'signUp' : 'signIn');
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
    const body = {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      ...(mode === 'signUp' ? { full_name: String(form.get('full_name') ?? '') } : {}),
    };
    setIsBusy(true);
    setError(null);
    try {
      const session = await apiRequest<AppSession>('POST', `/live_api/apps/${encodeURIComponent(boot.appId)}/auth/${mode === 'signUp' ? 'sign-up' : 'sign-in'}`, body);
      setAppUserToken(session.token);
      window.location.assign(next);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : RUNTIME_MESSAGES.loadFailed);
      setIsBusy(false);
    }
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
            <h1>{mode === 'signUp' ? RUNTIME_MESSAGES.createAccount : RUNTIME_MESSAGES.signIn}</h1>
            <p className="tsr-muted">{boot.name}</p>
            {error && (
              <div className="tsr-error" role="alert">
                {error}
              </div>
            )}
            <form onSubmit={handleSubmit} noValidate>
              {mode === 'signUp' && (
                <label className="tsr-field">
                  {RUNTIME_MESSAGES.fullName}
                  <input name="full_name" autoComplete="name" maxLength={200} />
                </label>
              )}
              <label className="tsr-field">
                {RUNTIME_MESSAGES.email}
                <input name="email" type="email" autoComplete="email" required />
              </label>
              <label className="tsr-field">
                {RUNTIME_MESSAGES.password}
                <input name="password" type="password" autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'} required />
              </label>
              <button type="submit" className="tsr-button" disabled={isBusy}>
                {mode === 'signUp' ? RUNTIME_MESSAGES.signUp : RUNTIME_MESSAGES.signIn}
              </button>
            </form>
            {boot.isSignupEnabled ? (
              <button
                type="button"
                className="tsr-link"
                onClick={() => {
                  setError(null);
                  setMode(mode === 'signUp' ? 'signIn' : 'signUp');
                }}
              >
                {mode === 'signUp' ? RUNTIME_MESSAGES.haveAccount : RUNTIME_MESSAGES.noAccount}
              </button>
            ) : (
              <p className="tsr-muted" style={{ marginTop: 16, marginBottom: 0 }}>
                {RUNTIME_MESSAGES.signupClosed}
              </p>
            )}
          </>
        )}
      </main>
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
