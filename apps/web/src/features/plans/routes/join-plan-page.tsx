import { Link } from 'react-router';
import { Alert, Button, Logo, Skeleton } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { usePaidPlans } from '../api/plans';
import { PlanPicker } from '../components/plan-picker';

/** `/joinPlan`: the plans for anyone; a visitor buys through Gumroad or signs in first for card checkout. */
export function JoinPlanPage() {
  useDocumentTitle('Plans');
  const { user } = useSession();
  const account = useCurrentAccount(Boolean(user));
  const plans = usePaidPlans();
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Link to={user ? '/home' : '/login'} aria-label="Tessera">
          <Logo />
        </Link>
        {!user && (
          <Button asChild variant="secondary" size="sm">
            <Link to={`/login?${new URLSearchParams({ redirectTo: '/joinPlan' })}`}>Sign in</Link>
          </Button>
        )}
      </header>
      <main className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6">
        <div className="mb-8 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            {user ? 'Upgrade your plan' : 'Choose your plan'}
          </h1>
          <p className="mt-2 text-sm text-ink-subtle">Build more apps with more data. Change or cancel any time.</p>
        </div>
        {plans.isError ? (
          <Alert tone="error" title="Could not load the plans, try again later" />
        ) : !plans.data || (user && account.isPending) ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-72 rounded-xl" />
            ))}
          </div>
        ) : (
          <PlanPicker
            cards={plans.data.plans}
            accountPlan={user ? (account.data?.plan ?? null) : null}
            isAdmin={Boolean(user && account.data?.isAdmin)}
          />
        )}
      </main>
    </div>
  );
}
