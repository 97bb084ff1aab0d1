import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE, PlanCatalogueSchema } from './plan-catalogue';
import {
  currentPlanIndex,
  formatAmount,
  formatMoney,
  monthlyEquivalent,
  PLAN_CARD_REASONS,
  planCardButtonLabel,
  planCardDisabledReason,
  planCardStates,
  yearlySavingLabel,
  yearlySavingPercent,
} from './plan-cards';

const buyable = { stripe: true, gumroad: false };
const cards = [
  { id: 'free', name: 'Lite', plan: 'lite', price: 0, checkout: { stripe: false, gumroad: false } },
  { id: 'discover', name: 'Discover', plan: 'explorer', price: 9, checkout: buyable },
  { id: 'explorer', name: 'Explorer', plan: 'explorer', price: 19, checkout: buyable },
  { id: 'monetizer', name: 'Monetizer', plan: 'monetizer', price: 49, checkout: buyable },
  { id: 'moon', name: 'MOON', plan: 'moon', price: 149, checkout: buyable },
];

describe('plan card states', () => {
  it('selects the current plan by name, case-insensitively', () => {
    expect(currentPlanIndex(cards, 'moon')).toBe(4);
    expect(planCardStates(cards, 'monetizer')).toEqual(['downgrade', 'downgrade', 'downgrade', 'selected', 'upgrade']);
  });

  it('falls back to the card with id free when no card has the name or tier', () => {
    const renamed = cards.map((c) => ({ ...c, plan: undefined }));
    expect(currentPlanIndex(renamed, 'lite')).toBe(0);
    expect(
      currentPlanIndex(
        [
          { id: 'free', name: 'Starter' },
          { id: 'x', name: 'Pro' },
        ],
        'lite',
      ),
    ).toBe(0);
  });

  it('matches the tier when the operator renamed a plan', () => {
    const renamed = [
      { id: 'free', name: 'Starter', plan: 'lite' },
      { id: 'pro', name: 'Pro', plan: 'explorer' },
    ];
    expect(currentPlanIndex(renamed, 'explorer')).toBe(1);
  });

  it('plans before the current one are downgrades, after it upgrades', () => {
    expect(planCardStates(cards, 'explorer')).toEqual(['downgrade', 'downgrade', 'selected', 'upgrade', 'upgrade']);
  });

  it("a lite builder cannot pick 'Discover'", () => {
    expect(planCardStates(cards, 'lite')).toEqual(['selected', 'disabled', 'upgrade', 'upgrade', 'upgrade']);
  });

  it('without a current plan every card is none', () => {
    expect(planCardStates(cards, null)).toEqual(['none', 'none', 'none', 'none', 'none']);
    expect(planCardStates([{ id: 'a', name: 'A' }], 'moon')).toEqual(['none']);
  });

  it('a paid card with no checkout on this install is disabled', () => {
    const noCheckout = cards.map((c) => ({ ...c, checkout: { stripe: false, gumroad: false } }));
    expect(planCardStates(noCheckout, 'lite')).toEqual(['selected', 'disabled', 'disabled', 'disabled', 'disabled']);
    expect(planCardStates(noCheckout, 'moon')[0]).toBe('downgrade');
  });

  it('a disabled card says why in plain words; other cards give no reason', () => {
    const noCheckout = cards.map((c) => ({ ...c, checkout: { stripe: false, gumroad: false } }));
    const states = planCardStates(noCheckout, 'lite');
    const reasons = noCheckout.map((c, i) => planCardDisabledReason(c, states[i]!, 'lite'));
    expect(reasons).toEqual([
      null,
      PLAN_CARD_REASONS.liteBlocked,
      PLAN_CARD_REASONS.noPaymentProvider,
      PLAN_CARD_REASONS.noPaymentProvider,
      PLAN_CARD_REASONS.noPaymentProvider,
    ]);
    expect(planCardDisabledReason(cards[2]!, 'upgrade', 'lite')).toBeNull();
  });

  it('labels: the selected card says Current plan', () => {
    expect(planCardButtonLabel('selected', 'Buy')).toBe('Current plan');
    expect(planCardButtonLabel('upgrade', null)).toBe('Upgrade');
    expect(planCardButtonLabel('upgrade', 'Go MOON')).toBe('Go MOON');
    expect(planCardButtonLabel('downgrade', 'Buy')).toBe('Downgrade');
    expect(planCardButtonLabel('none', null)).toBe('Choose plan');
    expect(planCardButtonLabel('disabled', null)).toBe('Not available');
  });
});

describe('yearly discount', () => {
  it('is N = (1 - yearly / (12 x monthly)) x 100, rounded', () => {
    expect(yearlySavingPercent(19, 190)).toBe(17); // 16.67
    expect(yearlySavingPercent(10, 60)).toBe(50);
    expect(yearlySavingLabel(49, 490)).toBe('Save 17%');
  });

  it('is shown only from 10% up', () => {
    expect(yearlySavingPercent(10, 108)).toBe(10); // exactly 10
    expect(yearlySavingPercent(10, 108.01)).toBeNull(); // 9.99
    expect(yearlySavingLabel(10, 120)).toBeNull(); // no saving
    expect(yearlySavingLabel(10, 130)).toBeNull(); // dearer yearly
  });

  it('needs a monthly and a yearly price', () => {
    expect(yearlySavingPercent(0, 100)).toBeNull();
    expect(yearlySavingPercent(null, 100)).toBeNull();
    expect(yearlySavingPercent(10, null)).toBeNull();
  });

  it('the monthly equivalent is the yearly price over 12', () => {
    expect(monthlyEquivalent(190)).toBeCloseTo(15.8333, 4);
    expect(formatMoney(monthlyEquivalent(190))).toBe('$15.83');
  });
});

describe('formatters', () => {
  it('money has a dollar sign and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(19)).toBe('$19.00');
    expect(formatMoney(4.5)).toBe('$4.50');
    expect(formatMoney(1490)).toBe('$1,490.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(-3)).toBe('-$3.00');
  });

  it('amounts: thousands as K, millions as M', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(1000)).toBe('1K');
    expect(formatAmount(1500)).toBe('1.5K');
    expect(formatAmount(25_400)).toBe('25.4K');
    expect(formatAmount(999_960)).toBe('1M');
    expect(formatAmount(1_000_000)).toBe('1M');
    expect(formatAmount(2_450_000)).toBe('2.5M');
    expect(formatAmount(-1500)).toBe('-1.5K');
  });
});

describe('catalogue', () => {
  it('the default catalogue offers every tier, the free card first', () => {
    expect(DEFAULT_PLAN_CATALOGUE.plans.map((p) => p.plan)).toEqual(['lite', 'explorer', 'monetizer', 'moon']);
    expect(DEFAULT_PLAN_CATALOGUE.plans[0]!.id).toBe('free');
  });

  it('refuses duplicate ids and a tier no plan gives limits for', () => {
    const [free, explorer] = DEFAULT_PLAN_CATALOGUE.plans;
    const dup = PlanCatalogueSchema.safeParse({ plans: [free, { ...explorer, id: 'free' }] });
    expect(dup.success).toBe(false);
    expect(JSON.stringify(dup.error?.issues)).toContain('duplicate id');
    expect(JSON.stringify(dup.error?.issues)).toContain('no plan gives the limits of \\"moon\\"');
  });
});
