import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, CircleAlert, ShieldCheck } from 'lucide-react';
import type { SessionUser } from '@tessera/contracts/auth';
import { Avatar, Badge, Card, Skeleton } from '@tessera/ui';
import { planLabel, useCurrentAccount } from '../../account';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-13 items-center justify-between gap-4 px-5 py-3 sm:px-6">
      <dt className="text-sm text-ink-subtle">{label}</dt>
      <dd className="min-w-0 text-sm text-ink">{children}</dd>
    </div>
  );
}

/** Who is signed in: name, email and its verification, plan and role. */
export function AccountCard({ user }: { user: SessionUser }) {
  const account = useCurrentAccount();
  const loading = <Skeleton className="h-5 w-24" />;

  return (
    <Card>
      <div className="flex items-center gap-4 px-5 py-5 sm:px-6">
        <Avatar name={user.name || user.email} size={44} />
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{user.name || user.email.split('@')[0]}</p>
          <p className="truncate text-sm text-ink-subtle" data-testid="settings-email">
            {user.email}
          </p>
        </div>
      </div>
      <dl className="divide-y divide-line border-t border-line">
        <Row label="Email status">
          {user.emailVerified ? (
            <Badge tone="success">
              <BadgeCheck aria-hidden />
              Verified
            </Badge>
          ) : (
            <span className="flex items-center gap-2">
              <Badge tone="warning">
                <CircleAlert aria-hidden />
                Not verified
              </Badge>
              <Link
                to={`/auth/verifyEmail?${new URLSearchParams({ continueUrl: '/settings' })}`}
                className="text-[13px] font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                Verify now
              </Link>
            </span>
          )}
        </Row>
        <Row label="Plan">
          {account.data ? (
            <Badge tone="brand">{planLabel(account.data.plan)} plan</Badge>
          ) : account.isError ? (
            '—'
          ) : (
            loading
          )}
        </Row>
        <Row label="Role">
          {account.data ? (
            account.data.isAdmin ? (
              <Badge tone="warning">
                <ShieldCheck aria-hidden />
                Admin
              </Badge>
            ) : (
              'Builder'
            )
          ) : account.isError ? (
            '—'
          ) : (
            loading
          )}
        </Row>
      </dl>
    </Card>
  );
}
