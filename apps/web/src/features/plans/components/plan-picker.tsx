import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Check } from 'lucide-react';
import { planCardButtonLabel, planCardDisabledReason, planCardStates, type PlanCard } from '@tessera/contracts/plans';
import { Alert, Badge, Button, Tabs, TabsList, TabsTrigger } from '@tessera/ui';
import { planFeatures, priceView, type BillingInterval } from '../lib/plan-view';
import { useBuyPlan } from '../lib/use-buy-plan';
import { PlanCardReason, PlanCardView } from './plan-card';

export interface PlanPickerProps {
  cards: PlanCard[];
  /** The account's plan; null for a visitor (every card is then "none"). */
  accountPlan: string | null;
  /** An admin of this install (a card that cannot be bought points them to /admin). */
  isAdmin?: boolean;
}

/** Paid cards: a free card is not "offered". */
const offeredOf = (cards: PlanCard[]) => cards.filter((c) => c.price > 0 || (c.priceYearly ?? 0) > 0);

/**
 * The plans to choose from (docs/product/accounts-and-plans.md#screens-and-routes): a grid of plan
 * cards in their states, or, when one plan is offered, the single-plan pitch with a monthly/yearly
 * toggle (yearly first).
 */
export function PlanPicker({ cards, accountPlan, isAdmin = false }: PlanPickerProps) {
  const navigate = useNavigate();
  const { buy, pending } = useBuyPlan();
  const states = planCardStates(cards, accountPlan);
  const offered = offeredOf(cards);
  const [interval, setInterval] = useState<BillingInterval>('year');
  const toSettings = () => navigate('/settings#settings-plan');

  const adminNote = isAdmin && (
    <Alert
      tone="info"
      className="mb-5"
      title="You are an admin of this install: every feature is open to you, without plan limits."
    >
      <Link to="/admin#plans" className="font-medium text-brand-700 underline underline-offset-2">
        Choose the plan builders get on the Admin page
      </Link>
    </Alert>
  );

  if (offered.length === 1) {
    const card = offered[0]!;
    const state = states[cards.indexOf(card)]!;
    const hasYearly = card.priceYearly !== null && !card.oneTimePayment;
    const shown = hasYearly ? interval : 'month';
    const price = priceView(card, shown);
    return (
      <>
        {adminNote}
        <section
          aria-label={`${card.name} plan`}
          data-testid="single-plan-pitch"
          className="mx-auto max-w-md text-center"
        >
          <h3 className="text-xl font-semibold tracking-tight text-ink">{card.name}</h3>
          {card.description && <p className="mt-1 text-sm text-ink-muted">{card.description}</p>}
          {hasYearly && (
            <Tabs value={interval} onValueChange={(v) => setInterval(v as BillingInterval)} className="mt-4">
              <TabsList aria-label="Billing period">
                <TabsTrigger value="month">Monthly</TabsTrigger>
                <TabsTrigger value="year">Yearly</TabsTrigger>
              </TabsList>
            </Tabs>
          )}
          <p className="mt-5 flex flex-wrap items-baseline justify-center gap-x-2">
            {price.was && <s className="text-ink-subtle">{price.was}</s>}
            <span className="text-4xl font-semibold tracking-tight text-ink">{price.amount}</span>
            {price.per && <span className="text-ink-subtle">/ {price.per}</span>}
          </p>
          <div className="mt-1 flex min-h-6 items-center justify-center gap-2 text-sm text-ink-subtle">
            {price.equivalent && <span>{price.equivalent}</span>}
            {price.save && <Badge tone="success">{price.save}</Badge>}
          </div>
          <ul className="mx-auto mt-5 max-w-xs space-y-2 text-left">
            {planFeatures(card).map((f) => (
              <li key={f} className="flex gap-2 text-sm text-ink-muted">
                <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                {f}
              </li>
            ))}
          </ul>
          <Button
            size="lg"
            fullWidth
            className="mt-6"
            disabled={state === 'selected' || state === 'disabled'}
            loading={pending?.startsWith(`${card.id}:`)}
            onClick={() =>
              state === 'downgrade' ? toSettings() : void buy(card, shown, card.checkout.stripe ? 'stripe' : 'gumroad')
            }
          >
            {planCardButtonLabel(state, card.buttonText)}
          </Button>
          {state === 'disabled' && (
            <div className="mt-3">
              <PlanCardReason reason={planCardDisabledReason(card, state, accountPlan)!} isAdmin={isAdmin} />
            </div>
          )}
        </section>
      </>
    );
  }

  return (
    <>
      {adminNote}
      <ul aria-label="Plans" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card, i) => (
          <PlanCardView
            key={card.id}
            card={card}
            state={states[i]!}
            interval="month"
            pending={pending}
            accountPlan={accountPlan}
            isAdmin={isAdmin}
            onBuy={(c, via) => void buy(c, 'month', via)}
            onDowngrade={toSettings}
          />
        ))}
      </ul>
    </>
  );
}
