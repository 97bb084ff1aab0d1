import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CloudOff } from 'lucide-react';
import { AuthLayout, Button, Spinner } from '@tessera/ui';
import { resolveNavigation } from '../features/auth';
import { UpgradeHost } from '../features/plans';
import { useSession, useSessionSync } from '../shared/session';

/**
 * The top route: keeps the session in sync with the token and applies the navigation rules
 * (docs/product/accounts-and-plans.md#screens-and-routes) on every location or session change. A page that is about to be left is not shown.
 */
export function RootLayout() {
  useSessionSync();
  const { user, isPending, isError, refetch } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);

  const target =
    isPending || isError
      ? null
      : resolveNavigation({
          pathname: location.pathname,
          search: location.search,
          user,
          wasSignedIn: wasSignedIn.current,
        });

  useEffect(() => {
    if (isPending || isError) return;
    wasSignedIn.current = Boolean(user);
    if (target) navigate(target, { replace: true });
  }, [isPending, isError, user, target, navigate]);

  if (isError) {
    return (
      <AuthLayout
        icon={<CloudOff />}
        title="Can’t reach Tessera"
        description="We couldn’t load your session. Check your connection and try again."
      >
        <Button size="lg" fullWidth onClick={() => void refetch()}>
          Try again
        </Button>
      </AuthLayout>
    );
  }
  if (isPending || target) {
    return (
      <div className="flex min-h-dvh items-center justify-center text-brand-600">
        <Spinner size={28} label="Loading" />
      </div>
    );
  }
  return (
    <>
      <Outlet />
      <UpgradeHost />
    </>
  );
}
