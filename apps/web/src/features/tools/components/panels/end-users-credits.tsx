import { useState } from 'react';
import { Coins, Search, Users } from 'lucide-react';
import { END_USERS_LIST_MAX, type EndUserCredits } from '@tessera/contracts/credits';
import { Alert, Badge, Button, Dialog, DialogContent, DialogTrigger, EmptyState, Input, Spinner } from '@tessera/ui';
import { errorMessage } from '../../../../shared/api';
import { formatRelativeTime } from '../../../../shared/time';
import { useEndUsers } from '../../api/credits';
import { CreditAdjustView } from './credit-adjust-view';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The app's end users with their credits and runs, and adjusting one user's credits with a reason
 * (docs/product/tools.md#credits). Opened from Tool settings; any owner may, on any plan.
 */
export function EndUsersCredits({ appId }: { appId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [selected, setSelected] = useState<EndUserCredits | null>(null);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) setSelected(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <Coins aria-hidden />
          End users and credits
        </Button>
      </DialogTrigger>
      <DialogContent
        size="lg"
        title={selected ? selected.email : 'End users and credits'}
        description={
          selected
            ? 'Add or remove credits with a reason; every change is kept below.'
            : 'Who signed up to this app, the credits they have left and the runs they made.'
        }
      >
        {selected ? (
          <CreditAdjustView appId={appId} user={selected} onBack={() => setSelected(null)} />
        ) : (
          <EndUsersList appId={appId} onAdjust={setSelected} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EndUsersList({ appId, onAdjust }: { appId: string; onAdjust: (user: EndUserCredits) => void }) {
  const [search, setSearch] = useState('');
  const q = search.trim();
  const users = useEndUsers(appId, q);
  const data = users.data;
  return (
    <div className="space-y-4">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search end users"
          placeholder="Search by e-mail or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      {data && (
        <p className="text-[13px] text-ink-subtle">
          New end users start with {plural(data.startingCredits, 'credit', 'credits')}; a run costs{' '}
          {plural(data.creditsPerRun, 'credit', 'credits')}.
          {data.total > data.users.length && ` Showing the newest ${END_USERS_LIST_MAX} of ${data.total}.`}
        </p>
      )}
      {users.isError && <Alert tone="error">{errorMessage(users.error)}</Alert>}
      {users.isPending && (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
      {data && data.users.length === 0 && (
        <EmptyState
          icon={<Users />}
          title={q ? 'No end user matches' : 'No end users yet'}
          text={q ? 'Try another part of their e-mail or name.' : 'End users show here once they sign up to your app.'}
        />
      )}
      {data && data.users.length > 0 && (
        <ul className="divide-y divide-line rounded-xl border border-line" aria-label="End users">
          {data.users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1 basis-56">
                <p className="truncate text-sm font-medium text-ink">{user.email}</p>
                <p className="truncate text-[13px] text-ink-subtle">
                  {[
                    user.fullName,
                    plural(user.runs, 'run', 'runs'),
                    user.lastRunAt && `last ${formatRelativeTime(user.lastRunAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <Badge tone={user.credits > 0 ? 'brand' : 'warning'} className="tabular-nums">
                {plural(user.credits, 'credit', 'credits')}
              </Badge>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Adjust credits of ${user.email}`}
                onClick={() => onAdjust(user)}
              >
                Adjust credits
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
