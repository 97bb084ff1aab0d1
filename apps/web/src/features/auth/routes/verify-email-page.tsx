import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { safeRelativePath } from '@tessera/contracts/auth';
import { Alert, AuthLayout, Button, Spinner, toast } from '@tessera/ui';
import { errorMessage, isApiError } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { sendVerificationEmail } from '../api/auth';
import { DevOutboxHint } from '../components/dev-outbox-hint';

const RESEND_COOLDOWN_S = 30;
const VERIFIED_POLL_MS = 10_000;

/** `/auth/verifyEmail?continueUrl=&appName=`: waits for a signed-in user to confirm their address. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const continueUrl = safeRelativePath(params.get('continueUrl'), '/home');
  const appName = params.get('appName');
  const { user, isPending, refetch } = useSession();
  const [cooldown, setCooldown] = useState(0);
  const [notYet, setNotYet] = useState(false);
  useDocumentTitle('Verify your email');

  // Verified here or in another tab (the session refreshes on token change): move on.
  useEffect(() => {
    if (user?.emailVerified) navigate(continueUrl, { replace: true });
  }, [user?.emailVerified, continueUrl, navigate]);

  // The link may be opened on another device: look again now and then while this page is visible.
  useEffect(() => {
    if (!user || user.emailVerified) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, VERIFIED_POLL_MS);
    return () => clearInterval(timer);
  }, [user, refetch]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const resend = useMutation({
    mutationFn: () => sendVerificationEmail({ continueUrl, appName }),
    onSuccess: (result) => {
      toast.success(result.message);
      setCooldown(RESEND_COOLDOWN_S);
    },
    onError: (err) => {
      if (isApiError(err) && !err.isNetwork) toast.error(errorMessage(err));
    },
  });

  const check = useMutation({
    mutationFn: async () => (await refetch()).data,
    onSuccess: (session) => {
      if (session?.user.emailVerified) navigate(continueUrl, { replace: true });
      else setNotYet(true);
    },
  });

  if (isPending || user?.emailVerified) {
    return (
      <AuthLayout title="Verify your email">
        <div className="flex justify-center py-6 text-brand-600">
          <Spinner size={28} label="Loading" />
        </div>
      </AuthLayout>
    );
  }

  if (!user) {
    return (
      <AuthLayout
        icon={<MailCheck />}
        title="Verify your email"
        description="Sign in to see the address we’re waiting for, or open the link in the email we sent you."
      >
        <Button asChild fullWidth size="lg">
          <Link to={`/login?${new URLSearchParams({ redirectTo: `/auth/verifyEmail?${params}` })}`}>Sign in</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={<MailCheck />}
      title="Verify your email"
      description={
        <>
          We sent a verification link to{' '}
          <span className="font-medium text-ink [overflow-wrap:anywhere]">{user.email}</span>. Open it to finish setting
          up
          {appName ? ` ${appName}` : ' your account'}.
        </>
      }
      footer={
        <>
          Wrong address?{' '}
          <Link to="/logout" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Sign out
          </Link>
        </>
      }
    >
      <div className="space-y-3">
        {notYet && (
          <Alert tone="info" className="mb-2">
            Your email isn’t verified yet. Open the link in the email, then come back here.
          </Alert>
        )}
        <Button size="lg" fullWidth loading={check.isPending} onClick={() => check.mutate()}>
          I’ve verified — continue
        </Button>
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          loading={resend.isPending}
          disabled={cooldown > 0}
          onClick={() => resend.mutate()}
        >
          {cooldown > 0 ? `Resend email in ${cooldown}s` : 'Resend email'}
        </Button>
        <p className="pt-2 text-center text-[13px] leading-relaxed text-ink-subtle">
          Can’t find it? Check your spam folder.
        </p>
        <DevOutboxHint />
      </div>
    </AuthLayout>
  );
}
