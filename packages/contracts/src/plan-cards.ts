/**
 * The plan dialog's rules (docs/product/accounts-and-plans.md#states-and-transitions plan cards and
 * #limits): card states, the yearly discount, and the money and amount formatters. Pure, shared by
 * the web and the tests.
 */

export type PlanCardState = 'none' | 'upgrade' | 'downgrade' | 'selected' | 'disabled';

/** The plan a lite builder may not pick. */
export const LITE_BLOCKED_PLAN_NAME = 'Discover';
/** The card the current plan falls back to when no card has its name. */
export const FREE_PLAN_CARD_ID = 'free';

interface CardLike {
  id: string;
  name: string;
  /** The tier a card grants; matched when the names differ (an operator renamed a plan). */
  plan?: string;
  price?: number;
  checkout?: { stripe: boolean; gumroad: boolean };
}

/**
 * The index of the account's current plan among the cards: the card named like the plan
 * (case-insensitive), else the card of the plan's tier, else the card with id `free`; -1 when there
 * is no account plan or no such card.
 */
export function currentPlanIndex(cards: readonly CardLike[], accountPlan: string | null | undefined): number {
  if (!accountPlan) return -1;
  const wanted = accountPlan.toLowerCase();
  const byName = cards.findIndex((c) => c.name.toLowerCase() === wanted);
  if (byName >= 0) return byName;
  const byTier = cards.findIndex((c) => c.plan === accountPlan);
  if (byTier >= 0) return byTier;
  return cards.findIndex((c) => c.id === FREE_PLAN_CARD_ID);
}

/**
 * The state of every card: the current plan is `selected`; a lite builder's 'Discover' card is
 * `disabled`, and so is a paid card that cannot be bought on this install (no checkout set up);
 * cards before the current one are downgrades, after it upgrades; with no current plan, `none`.
 */
export function planCardStates(cards: readonly CardLike[], accountPlan: string | null | undefined): PlanCardState[] {
  const current = currentPlanIndex(cards, accountPlan);
  return cards.map((card, index) => {
    if (index === current) return 'selected';
    if (accountPlan === 'lite' && card.name === LITE_BLOCKED_PLAN_NAME) return 'disabled';
    const buyable = !card.checkout || card.checkout.stripe || card.checkout.gumroad || (card.price ?? 0) === 0;
    if (current === -1) return buyable ? 'none' : 'disabled';
    if (index < current) return 'downgrade';
    return buyable ? 'upgrade' : 'disabled';
  });
}

/** Why a card is `disabled`, in plain words (the card shows it under its button). */
export const PLAN_CARD_REASONS = {
  noPaymentProvider: 'No payment provider is configured on this install, so this plan cannot be bought here.',
  liteBlocked: 'Not available on the Lite plan.',
  /** Shown to admins under the reason: where they give plans without a payment. */
  adminHint: 'As an admin you can give builders this plan on the Admin page.',
} as const;

/** The reason of a `disabled` card, or null for a card in any other state. */
export function planCardDisabledReason(
  card: CardLike,
  state: PlanCardState,
  accountPlan: string | null | undefined,
): string | null {
  if (state !== 'disabled') return null;
  if (accountPlan === 'lite' && card.name === LITE_BLOCKED_PLAN_NAME) return PLAN_CARD_REASONS.liteBlocked;
  return PLAN_CARD_REASONS.noPaymentProvider;
}

/** The label of a card's button in a state; the selected card says 'Current plan' (and is disabled). */
export function planCardButtonLabel(state: PlanCardState, buttonText: string | null): string {
  switch (state) {
    case 'selected':
      return 'Current plan';
    case 'downgrade':
      return 'Downgrade';
    case 'upgrade':
      return buttonText ?? 'Upgrade';
    case 'disabled':
      return buttonText ?? 'Not available';
    default:
      return buttonText ?? 'Choose plan';
  }
}

/** The smallest yearly discount worth a 'Save N%' badge. */
export const MIN_YEARLY_SAVING_PERCENT = 10;

/**
 * N = (1 − yearly ÷ (12 × monthly)) × 100, rounded, or null when it is below 10 (or there is no
 * monthly price or no yearly price to compare).
 */
export function yearlySavingPercent(monthly: number | null, yearly: number | null): number | null {
  if (!monthly || monthly <= 0 || yearly === null || yearly < 0) return null;
  // Rounded to a millionth of a percent first: 1 - 108 / 120 is 0.09999... in floating point.
  const saving = Math.round((1 - yearly / (12 * monthly)) * 100 * 1e6) / 1e6;
  return saving >= MIN_YEARLY_SAVING_PERCENT ? Math.round(saving) : null;
}

/** The badge text of a yearly discount, or null when none is shown. */
export function yearlySavingLabel(monthly: number | null, yearly: number | null): string | null {
  const n = yearlySavingPercent(monthly, yearly);
  return n === null ? null : `Save ${n}%`;
}

/** What a yearly price comes to a month. */
export const monthlyEquivalent = (yearly: number): number => yearly / 12;

/** Money: a dollar sign and two decimals, with thousands separators ($1,490.00). */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Amounts: thousands as K and millions as M with at most one decimal (1.5K, 2M); smaller as they are. */
export function formatAmount(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const short = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1_000_000 || Number((abs / 1000).toFixed(1)) >= 1000) return `${sign}${short(abs / 1_000_000)}M`;
  if (abs >= 1000) return `${sign}${short(abs / 1000)}K`;
  return `${sign}${short(abs)}`;
}
