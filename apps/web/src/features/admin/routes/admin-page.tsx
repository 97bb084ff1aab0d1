import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Search, ShieldAlert } from 'lucide-react';
import { type AdminBuilder } from '@tessera/contracts/accounts';
import { PLANS, formatAmount, formatFileSize, type PlanId } from '@tessera/contracts/plans';
import { Badge, Button, Card, EmptyState, Input, Select, Skeleton, Spinner, toast } from '@tessera/ui';
import { planLabel, useCurrentAccount } from '../../account';
import { errorMessage } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { ADMIN_BUILDERS_QUERY_KEY, updateBuilder, useAdminBuilders } from '../api/admin';
import { InstallSettingsCard } from '../components/install-settings-card';

const GB = 1024 ** 3;
const volume = (bytes: number) => (bytes >= GB ? `${Number((bytes / GB).toFixed(1))} GB` : formatFileSize(bytes));

function BuilderRow({ builder, isSelf }: { builder: AdminBuilder; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'plan' | 'disabled' | null>(null);
  async function change(what: 'plan' | 'disabled', body: { plan?: PlanId; disabled?: boolean }) {
    setBusy(what);
    try {
      const updated = await updateBuilder(builder.accountId, body);
      await queryClient.invalidateQueries({ queryKey: ADMIN_BUILDERS_QUERY_KEY });
      toast.success(
        what === 'plan'
          ? `${updated.email} is now on ${planLabel(updated.plan)}`
          : `${updated.email} is ${updated.disabled ? 'disabled' : 'enabled'}`,
      );
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }
  return (
    <li
      className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,2fr)_9rem_minmax(0,2fr)_8rem] sm:items-center sm:px-6"
      data-testid={`admin-builder-${builder.email}`}
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-ink">{builder.email}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-[13px] text-ink-subtle">
          {builder.name && <span className="truncate">{builder.name}</span>}
          {builder.isAdmin && <Badge tone="warning">Admin</Badge>}
          {builder.disabled && <Badge tone="danger">Disabled</Badge>}
          {builder.planSubscriptionStatus && <Badge>{builder.planSubscriptionStatus.replace('_', ' ')}</Badge>}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Select
          aria-label={`Plan of ${builder.email}`}
          value={builder.plan}
          disabled={busy !== null}
          onChange={(e) => void change('plan', { plan: e.target.value as PlanId })}
        >
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {planLabel(p)}
            </option>
          ))}
        </Select>
        {busy === 'plan' && <Spinner size={16} label="Saving" />}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-[13px]">
        <div>
          <dt className="text-ink-subtle">Messages</dt>
          <dd className="text-ink" title={`${builder.usage.messages} in all`}>
            {formatAmount(builder.usage.messagesThisMonth)} <span className="text-ink-subtle">/ mo</span>
          </dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Data</dt>
          <dd className="text-ink">{volume(builder.usage.dataProcessingBytes)}</dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Runs</dt>
          <dd className="text-ink">{formatAmount(builder.usage.runsThisMonth)}</dd>
        </div>
      </dl>
      <Button
        size="sm"
        variant={builder.disabled ? 'secondary' : 'danger'}
        disabled={isSelf}
        loading={busy === 'disabled'}
        onClick={() => void change('disabled', { disabled: !builder.disabled })}
      >
        {builder.disabled ? 'Enable' : 'Disable'}
      </Button>
    </li>
  );
}

/** `/admin`: the operators' screen — builders, their plan and usage, plan by hand, disable (admins only). */
export function AdminPage() {
  useDocumentTitle('Admin');
  const account = useCurrentAccount();
  const isAdmin = account.data?.isAdmin ?? false;
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const builders = useAdminBuilders(q.trim(), offset, isAdmin);

  if (account.isPending) return <Skeleton className="mx-auto mt-12 h-64 max-w-6xl rounded-xl" />;
  if (!isAdmin)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          icon={<ShieldAlert />}
          title="Only admins can do this"
          text="This page is for the operators of this site."
        />
      </div>
    );
  const data = builders.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Builders</h1>
          <p className="text-sm text-ink-subtle">
            Plans, usage this month, and access. {data ? `${data.total} in all.` : ''}
          </p>
        </div>
        <div className="relative sm:w-72">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle"
            aria-hidden
          />
          <Input
            aria-label="Search builders"
            placeholder="Search by e-mail or name"
            className="pl-9"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setOffset(0);
            }}
          />
        </div>
      </div>
      <Card>
        {builders.isError ? (
          <p className="p-6 text-sm text-ink-muted">{errorMessage(builders.error)}</p>
        ) : !data ? (
          <div className="space-y-3 p-6">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : data.builders.length === 0 ? (
          <p className="p-6 text-sm text-ink-muted">No builder matches “{q}”.</p>
        ) : (
          <ul aria-label="Builders" className="divide-y divide-line">
            {data.builders.map((b) => (
              <BuilderRow key={b.accountId} builder={b} isSelf={b.accountId === account.data?.accountId} />
            ))}
          </ul>
        )}
      </Card>
      {data && data.total > data.limit && (
        <div className="mt-4 flex items-center justify-end gap-2 text-sm text-ink-subtle">
          <span>
            {offset + 1}–{Math.min(offset + data.limit, data.total)} of {data.total}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - data.limit))}
          >
            Previous
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={offset + data.limit >= data.total}
            onClick={() => setOffset(offset + data.limit)}
          >
            Next
          </Button>
        </div>
      )}
      <InstallSettingsCard />
    </div>
  );
}
