import { Check } from 'lucide-react';
import { Link } from 'react-router';
import {
  PLAN_CARD_REASONS,
  planCardButtonLabel,
  planCardDisabledReason,
  type PlanCard,
  type PlanCardState,
} from '@tessera/contracts/plans';
import { Badge, Button, cn } from '@tessera/ui';
import { planFeatures, priceView, type BillingInterval } from '../lib/plan-view';

export interface PlanCardViewProps {
  card: PlanCard;
  state: PlanCardState;
  interval: BillingInterval;
  pending: string | null;
  /** The account's plan (why a card is disabled depends on it); null for a visitor. */
  accountPlan: string | null;
  /** Admins are shown where they give plans without a payment (/admin). */
  isAdmin: boolean;
  onBuy: (card: PlanCard, via: 'stripe' | 'gumroad') => void;
  onDowngrade: () => void;
}

/** One plan: name, price for the interval, what it gives, and its button in the card's state. */
export function PlanCardView({
  card,
  state,
  interval,
  pending,
  accountPlan,
  isAdmin,
  onBuy,
  onDowngrade,
}: PlanCardViewProps) {
  const price = priceView(card, interval);
  const selected = state === 'selected';
  const buyable = state === 'upgrade' || state === 'none';
  const primaryVia = card.checkout.stripe ? 'stripe' : 'gumroad';
  const reason = planCardDisabledReason(card, state, accountPlan);
  return (
    <li
      aria-current={selected ? 'true' : undefined}
      data-state={state}
      data-testid={`plan-card-${card.id}`}
      className={cn(
        'relative flex flex-col rounded-xl border bg-surface p-4',
        selected ? 'border-brand-400 ring-1 ring-brand-300' : card.isMostPopular ? 'border-brand-300' : 'border-line',
        state === 'disabled' && 'opacity-70',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-[15px] font-semibold text-ink">{card.name}</h3>
        {selected ? (
          <Badge tone="brand">Current plan</Badge>
        ) : card.isMostPopular ? (
          <Badge tone="success">Most popular</Badge>
        ) : null}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        {price.was && <s className="text-sm text-ink-subtle">{price.was}</s>}
        <span className="text-2xl font-semibold tracking-tight text-ink">{price.amount}</span>
        {price.per && <span className="text-sm text-ink-subtle">/ {price.per}</span>}
        {price.save && <Badge tone="success">{price.save}</Badge>}
      </p>
      {price.equivalent && <p className="text-[13px] text-ink-subtle">{price.equivalent}</p>}
      {card.description && <p className="mt-2 text-[13px] leading-snug text-ink-muted">{card.description}</p>}
      <ul className="mt-3 mb-4 space-y-1.5">
        {planFeatures(card).map((feature) => (
          <li key={feature} className="flex gap-2 text-[13px] leading-snug text-ink-muted">
            <Check className="mt-0.5 size-3.5 shrink-0 text-brand-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto space-y-1.5">
        <Button
          fullWidth
          variant={state === 'upgrade' || (state === 'none' && card.isMostPopular) ? 'primary' : 'secondary'}
          disabled={selected || state === 'disabled'}
          loading={pending === `${card.id}:${primaryVia}`}
          onClick={() => (state === 'downgrade' ? onDowngrade() : onBuy(card, primaryVia))}
        >
          {planCardButtonLabel(state, card.buttonText)}
        </Button>
        {reason && <PlanCardReason reason={reason} isAdmin={isAdmin} />}
        {buyable && card.checkout.stripe && card.checkout.gumroad && (
          <Button
            fullWidth
            size="sm"
            variant="ghost"
            loading={pending === `${card.id}:gumroad`}
            onClick={() => onBuy(card, 'gumroad')}
          >
            Pay with Gumroad
          </Button>
        )}
      </div>
    </li>
  );
}

/** Why a card cannot be chosen, in plain words; admins also get the way to give the plan by hand. */
export function PlanCardReason({ reason, isAdmin }: { reason: string; isAdmin: boolean }) {
  return (
    <p className="text-[13px] leading-snug text-ink-muted" data-testid="plan-card-reason">
      {reason}
      {isAdmin && reason === PLAN_CARD_REASONS.noPaymentProvider && (
        <>
          {' '}
          <Link to="/admin#plans" className="font-medium text-brand-700 underline underline-offset-2">
            {PLAN_CARD_REASONS.adminHint}
          </Link>
        </>
      )}
    </p>
  );
}
