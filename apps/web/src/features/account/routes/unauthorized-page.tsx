import { Link, useSearchParams } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { Alert, AuthLayout, Button } from '@tessera/ui';
import { useDocumentTitle } from '../../../shared/hooks';

/** `/error/unauthorized` (optional paymentId): where a failed account creation ends. */
export function UnauthorizedPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const isAccountFailure = params.get('reason') === 'account' || Boolean(paymentId);
  useDocumentTitle(isAccountFailure ? 'Account setup failed' : 'Access denied');

  return (
    <AuthLayout
      icon={<ShieldAlert />}
      title={isAccountFailure ? 'We couldn’t set up your account' : 'You don’t have access to this page'}
      description={
        isAccountFailure
          ? 'You have been signed out so you can start again cleanly.'
          : 'Sign in with an account that has access, or go back to your apps.'
      }
      renderLogo={(logo) => (
        <Link to="/login" aria-label="Tessera, sign in">
          {logo}
        </Link>
      )}
      footer={<>Need help? Write to your Tessera administrator.</>}
    >
      <div className="space-y-5">
        {isAccountFailure && <Alert tone="error">{MESSAGES.account.createFailed}</Alert>}
        {paymentId && (
          <p className="text-sm text-ink-subtle">
            Payment reference:{' '}
            <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] text-ink">{paymentId}</code>
            <br />
            Keep it if you contact us: your purchase is safe.
          </p>
        )}
        <Button asChild fullWidth size="lg">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
