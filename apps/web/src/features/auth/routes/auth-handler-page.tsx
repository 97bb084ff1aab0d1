import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LinkIcon } from 'lucide-react';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { AUTH_HANDLER_MODES, safeRelativePath, type AuthHandlerMode } from '@tessera/contracts/auth';
import { Alert, AuthLayout, Button, Spinner, toast } from '@tessera/ui';
import { usePostSignIn } from '../../account';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { refreshSession } from '../../../shared/session';
import { adoptCookieSession, verifyMagicLink } from '../api/auth';
import { ResetPasswordForm } from '../components/reset-password-form';

/** The modes completed without a form; resetPassword asks for a new password first. */
type LinkMode = Exclude<AuthHandlerMode, 'resetPassword'>;
const LINK_MODES = AUTH_HANDLER_MODES.filter((m): m is LinkMode => m !== 'resetPassword');
/**
 * Verification links are opened on the API, which verifies and redirects here (with `error=` on a
 * bad link); Google also returns here. Only the magic link brings a token for this page to spend.
 */
const TOKEN_MODES: LinkMode[] = ['signIn'];

const WORKING_COPY: Record<LinkMode, string> = {
  verifyEmail: 'Verifying your email',
  verifyAndChangeEmail: 'Confirming your new email',
  signIn: 'Signing you in',
  oauth: 'Signing you in with Google',
};

/**
 * Mail links are single-use: the call that spends one is shared by every mount of this page
 * (React's development double-mount included), keyed by mode and token.
 */
const linkCalls = new Map<string, Promise<unknown>>();
function spendLinkOnce(key: string, call: () => Promise<unknown>): Promise<unknown> {
  let pending = linkCalls.get(key);
  if (!pending) {
    pending = call();
    linkCalls.set(key, pending);
    // A failed call may be retried (e.g. after a network error).
    pending.catch(() => linkCalls.delete(key));
  }
  return pending;
}

interface LinkFailure {
  message: string;
  action: ReactNode;
}

/**
 * `/auth/handler?mode=...&token=...&continueUrl=...`: completes the links we mail (verify email,
 * confirm a new email, reset password, magic link) and the return from Google.
 */
export function AuthHandlerPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token');

  if (mode === 'resetPassword') {
    return token ? <ResetPasswordView token={token} /> : <BrokenLink />;
  }
  if (!mode || !LINK_MODES.includes(mode as LinkMode) || (TOKEN_MODES.includes(mode as LinkMode) && !token))
    return <BrokenLink />;
  return <LinkAction key={`${mode}:${token}`} mode={mode as LinkMode} token={token ?? ''} />;
}

function LinkAction({ mode, token }: { mode: LinkMode; token: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const postSignIn = usePostSignIn();
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const continueUrl = safeRelativePath(
    params.get('continueUrl'),
    mode === 'verifyAndChangeEmail' ? '/settings' : '/home',
  );
  const saleId = params.get('sale_id');
  const linkError = params.get('error');
  useDocumentTitle(WORKING_COPY[mode]);

  useEffect(() => {
    let isCancelled = false;
    const backToLogin = (
      <Button asChild size="lg" fullWidth>
        <Link to="/login">Back to sign in</Link>
      </Button>
    );
    const retry = (
      <Button size="lg" fullWidth onClick={() => setAttempt((n) => n + 1)}>
        Try again
      </Button>
    );

    async function run() {
      try {
        if (linkError && mode !== 'signIn') throw new Error(linkError);
        if (mode === 'verifyEmail') {
          // The API signed the browser in with a cookie when it verified: keep that session's token.
          await spendLinkOnce(`${mode}:${window.location.search}`, adoptCookieSession);
          if (isCancelled) return;
          const session = await refreshSession(queryClient).catch(() => null);
          if (isCancelled) return;
          if (session) {
            await postSignIn({ target: continueUrl, saleId, successMessage: APP_MESSAGES.emailVerified });
          } else {
            toast.success(APP_MESSAGES.emailVerified);
            navigate(`/login?${new URLSearchParams({ redirectTo: continueUrl })}`, { replace: true });
          }
        } else if (mode === 'verifyAndChangeEmail') {
          await refreshSession(queryClient).catch(() => null);
          if (isCancelled) return;
          toast.success(MESSAGES.emailChange.updated);
          navigate('/settings', { replace: true });
        } else if (mode === 'signIn') {
          await spendLinkOnce(`${mode}:${token}`, () => verifyMagicLink(token));
          if (isCancelled) return;
          await postSignIn({ target: continueUrl, saleId, successMessage: MESSAGES.magicLink.signedIn });
        } else {
          const isAdopted = await spendLinkOnce(`${mode}:${window.location.search}`, adoptCookieSession);
          if (isCancelled) return;
          if (!isAdopted) throw new Error('no session');
          await postSignIn({ target: continueUrl, saleId });
        }
      } catch (err) {
        if (isCancelled) return;
        if (isApiError(err) && err.isNetwork) {
          setFailure({ message: NETWORK_ERROR_MESSAGE, action: retry });
          return;
        }
        const serverMessage = isApiError(err) ? err.message : null;
        if (mode === 'verifyEmail') {
          setFailure({
            message: serverMessage ?? APP_MESSAGES.verifyLinkInvalid,
            action: backToLogin,
          });
        } else if (mode === 'verifyAndChangeEmail') {
          toast.error(MESSAGES.emailChange.failed);
          setFailure({
            message: MESSAGES.emailChange.failed,
            action: (
              <Button asChild size="lg" fullWidth>
                <Link to="/settings">Back to settings</Link>
              </Button>
            ),
          });
        } else if (mode === 'signIn') {
          const message = serverMessage ?? MESSAGES.magicLink.signInFailed;
          toast.error(message);
          setFailure({ message, action: backToLogin });
        } else {
          setFailure({ message: 'Google sign-in did not complete. Please try again.', action: backToLogin });
        }
      }
    }
    void run();
    return () => {
      isCancelled = true;
    };
    // `attempt` re-runs the link after a network failure.
  }, [mode, token, linkError, attempt, continueUrl, saleId, navigate, postSignIn, queryClient]);

  if (failure) {
    return (
      <AuthLayout
        icon={<LinkIcon />}
        title="This link didn’t work"
        description="Links in our emails work once and expire after a while."
      >
        <div className="space-y-5">
          <Alert tone="error">{failure.message}</Alert>
          {failure.action}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={WORKING_COPY[mode]} description="This only takes a moment.">
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner size={28} label={WORKING_COPY[mode]} />
      </div>
    </AuthLayout>
  );
}

function ResetPasswordView({ token }: { token: string }) {
  useDocumentTitle('Choose a new password');
  return (
    <AuthLayout
      icon={<KeyRound />}
      title="Choose a new password"
      description="Pick a password you don’t use anywhere else. You’ll sign in with it next."
      footer={
        <Link to="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}

function BrokenLink() {
  useDocumentTitle('Invalid link');
  return (
    <AuthLayout
      icon={<LinkIcon />}
      title="This link is incomplete"
      description="Open the link from the email again, or copy the whole address into your browser."
    >
      <Button asChild size="lg" fullWidth>
        <Link to="/login">Back to sign in</Link>
      </Button>
    </AuthLayout>
  );
}
