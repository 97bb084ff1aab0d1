import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Wand2 } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { safeRelativePath } from '@tessera/contracts/auth';
import { AuthLayout, Button, Divider, Spinner, Tabs, TabsList, TabsTrigger } from '@tessera/ui';
import { usePostSignIn } from '../../account';
import { useDocumentTitle, usePublicConfig } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { sendMagicLink, sendResetPasswordEmail } from '../api/auth';
import { EmailLinkForm } from '../components/email-link-form';
import { GoogleButton } from '../components/google-button';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

type View = 'signin' | 'signup' | 'forgot' | 'magic';
const VIEWS: View[] = ['signin', 'signup', 'forgot', 'magic'];

const COPY: Record<View, { title: string; description: string; docTitle: string }> = {
  signin: { title: 'Welcome back', description: 'Sign in to keep building with Tessera.', docTitle: 'Sign in' },
  signup: {
    title: 'Create your account',
    description: 'Describe an app, and Tessera builds it. Free to start.',
    docTitle: 'Sign up',
  },
  forgot: {
    title: 'Reset your password',
    description: 'Enter your account’s email and we’ll send you a link to choose a new password.',
    docTitle: 'Reset password',
  },
  magic: {
    title: 'Sign in with a link',
    description: 'We’ll email you a one-time link that signs you in, no password needed.',
    docTitle: 'Magic link',
  },
};

/**
 * `/login`: sign in, sign up, forgot password and magic link, switched with `?view=`. Keeps
 * redirectTo / continueUrl / sale_id across views and hands every success to the post-sign-in flow.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view') as View | null;
  const view: View = rawView && VIEWS.includes(rawView) ? rawView : 'signin';
  const target = safeRelativePath(params.get('redirectTo') ?? params.get('continueUrl'), '/home');
  const saleId = params.get('sale_id');
  const appId = params.get('appId');
  const config = usePublicConfig();
  const { user, isPending } = useSession();
  const postSignIn = usePostSignIn();
  const [email, setEmail] = useState('');
  // A form's own busy button covers a quick finish; a sale_id wait or an arrival already signed in gets a page of its own.
  const [finishing, setFinishing] = useState<'form' | 'session' | null>(null);
  const startedRef = useRef(false);
  useDocumentTitle(COPY[view].docTitle);

  const finish = useCallback(
    (source: 'form' | 'session') => {
      if (startedRef.current) return;
      startedRef.current = true;
      setFinishing(source);
      void postSignIn({ target, saleId }).finally(() => {
        startedRef.current = false;
        setFinishing(null);
      });
    },
    [postSignIn, saleId, target],
  );
  const finishFromForm = useCallback(() => finish('form'), [finish]);

  // Arriving here already signed in (another tab, a back button): finish as if just signed in.
  useEffect(() => {
    if (!isPending && user) finish('session');
  }, [isPending, user, finish]);

  const hrefFor = (next: View) => {
    const copy = new URLSearchParams(params);
    if (next === 'signin') copy.delete('view');
    else copy.set('view', next);
    const query = copy.toString();
    return `/login${query ? `?${query}` : ''}`;
  };
  const setView = (next: View) => {
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next === 'signin') copy.delete('view');
        else copy.set('view', next);
        return copy;
      },
      { replace: true },
    );
  };

  if ((finishing && (finishing === 'session' || saleId)) || (isPending && !user)) {
    return (
      <AuthLayout
        title={saleId ? 'Setting up your account' : 'Signing you in'}
        description={saleId ? 'This takes a few seconds while we confirm your purchase.' : 'One moment…'}
      >
        <div className="flex justify-center py-6 text-brand-600">
          <Spinner size={28} label="Signing in" />
        </div>
      </AuthLayout>
    );
  }

  const isPasswordView = view === 'signin' || view === 'signup';
  const backToSignIn = (
    <Link
      to={hrefFor('signin')}
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      <ArrowLeft className="size-3.5" aria-hidden />
      Back to sign in
    </Link>
  );

  return (
    <AuthLayout
      title={COPY[view].title}
      description={COPY[view].description}
      footer={isPasswordView ? undefined : backToSignIn}
    >
      {isPasswordView && (
        <Tabs value={view} onValueChange={(v) => setView(v as View)} className="mb-6">
          <TabsList aria-label="Sign in or create an account">
            <TabsTrigger value="signin">Sign in</TabsTrigger>
            <TabsTrigger value="signup">Create account</TabsTrigger>
          </TabsList>
        </Tabs>
      )}

      {view === 'signin' && (
        <SignInForm
          email={email}
          onEmailChange={setEmail}
          onSignedIn={finishFromForm}
          forgotPasswordHref={hrefFor('forgot')}
        />
      )}
      {view === 'signup' && (
        <SignUpForm email={email} onEmailChange={setEmail} continueUrl={target} onSignedIn={finishFromForm} />
      )}
      {view === 'forgot' && (
        <EmailLinkForm
          email={email}
          onEmailChange={setEmail}
          send={(value) => sendResetPasswordEmail({ email: value, continueUrl: target })}
          submitLabel="Send reset link"
          sentText={(value) => (
            <>
              If <span className="font-medium text-ink">{value}</span> has a Tessera account, a link to reset the
              password is on its way. It expires in an hour.
            </>
          )}
        />
      )}
      {view === 'magic' && (
        <EmailLinkForm
          email={email}
          onEmailChange={setEmail}
          send={(value) => sendMagicLink({ email: value, continueUrl: target }, appId)}
          submitLabel="Send magic link"
          successToast={MESSAGES.magicLink.sent}
          sentText={(value) => (
            <>
              We sent a sign-in link to <span className="font-medium text-ink">{value}</span>. It works once and expires
              in 15 minutes.
            </>
          )}
        />
      )}

      {isPasswordView && (
        <div className="mt-6 space-y-3">
          <Divider label="or" />
          <Button variant="secondary" size="lg" fullWidth onClick={() => setView('magic')}>
            <Wand2 aria-hidden />
            Email me a sign-in link
          </Button>
          {config?.googleEnabled && (
            <GoogleButton
              callbackURL={`/auth/handler?${new URLSearchParams({ mode: 'oauth', continueUrl: target, ...(saleId ? { sale_id: saleId } : {}) })}`}
            />
          )}
        </div>
      )}
    </AuthLayout>
  );
}
