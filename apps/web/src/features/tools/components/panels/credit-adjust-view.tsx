import { useState, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_REASON_MAX_LENGTH,
  CREDITS_MESSAGES,
  type EndUserCredits,
} from '@tessera/contracts/credits';
import { Alert, Button, Field, Input, Spinner } from '@tessera/ui';
import { errorMessage } from '../../../../shared/api';
import { formatRelativeTime } from '../../../../shared/time';
import { useAdjustCredits, useCreditHistory } from '../../api/credits';

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : `−${Math.abs(n).toLocaleString('en-US')}`);

/** One end user's balance, the form to add or remove credits, and the changes made so far. */
export function CreditAdjustView({ appId, user, onBack }: { appId: string; user: EndUserCredits; onBack: () => void }) {
  const history = useCreditHistory(appId, user.id);
  const adjust = useAdjustCredits(appId, user.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [saved, setSaved] = useState<string | null>(null);
  const current = adjust.data?.user ?? history.data?.user ?? user;

  function submit(event: FormEvent) {
    event.preventDefault();
    const delta = Number(amount);
    const next = {
      amount:
        amount.trim() === '' || !Number.isInteger(delta) || delta === 0 || Math.abs(delta) > CREDIT_ADJUSTMENT_MAX
          ? CREDITS_MESSAGES.amountRange
          : undefined,
      reason: reason.trim() === '' ? CREDITS_MESSAGES.reasonRequired : undefined,
    };
    setErrors(next);
    setSaved(null);
    if (next.amount || next.reason) return;
    adjust.mutate(
      { delta, reason: reason.trim() },
      {
        onSuccess: (done) => {
          setAmount('');
          setReason('');
          setSaved(
            `${signed(delta)} credits saved. ${user.email} now has ${done.user.credits.toLocaleString('en-US')}.`,
          );
        },
      },
    );
  }

  return (
    <div className="space-y-5">
      <Button size="sm" variant="ghost" onClick={onBack} className="-ml-2">
        <ArrowLeft aria-hidden />
        All end users
      </Button>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
        <p className="text-sm text-ink-subtle">
          Credits left:{' '}
          <strong className="text-2xl font-semibold text-ink tabular-nums" data-testid="credits-balance">
            {current.credits.toLocaleString('en-US')}
          </strong>
        </p>
        <p className="text-sm text-ink-subtle">
          {current.runs.toLocaleString('en-US')} {current.runs === 1 ? 'run' : 'runs'}
        </p>
      </div>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start" noValidate>
        <Field label="Credits to add" hint="Negative removes" error={errors.amount}>
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={-CREDIT_ADJUSTMENT_MAX}
            max={CREDIT_ADJUSTMENT_MAX}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field label="Reason" hint="Kept in the history below" error={errors.reason}>
          <Input
            value={reason}
            maxLength={CREDIT_REASON_MAX_LENGTH}
            placeholder="e.g. Thanks for the feedback"
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <Button type="submit" loading={adjust.isPending} className="sm:mt-6">
          Save change
        </Button>
      </form>
      {adjust.isError && <Alert tone="error">{errorMessage(adjust.error)}</Alert>}
      {saved && (
        <p role="status" className="text-sm text-emerald-700">
          {saved}
        </p>
      )}
      <section className="space-y-2">
        <h3 className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">History</h3>
        {history.isPending && <Spinner />}
        {history.isError && <Alert tone="error">{errorMessage(history.error)}</Alert>}
        {history.data && history.data.adjustments.length === 0 && (
          <p className="text-sm text-ink-subtle">No changes yet. Runs spend credits; changes you make show here.</p>
        )}
        {history.data && history.data.adjustments.length > 0 && (
          <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Credit history">
            {history.data.adjustments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
                <span
                  className={
                    a.delta > 0
                      ? 'font-semibold text-emerald-700 tabular-nums'
                      : 'font-semibold text-red-700 tabular-nums'
                  }
                >
                  {signed(a.delta)}
                </span>
                <span className="min-w-0 flex-1 basis-40 break-words text-ink">{a.reason}</span>
                <span className="text-[13px] text-ink-subtle">
                  {[a.by, formatRelativeTime(a.createdAt), `balance ${a.balanceAfter.toLocaleString('en-US')}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
