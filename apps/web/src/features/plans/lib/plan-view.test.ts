import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE, type PlanCard } from '@tessera/contracts/plans';
import { planFeatures, priceView, upgradeReasonText } from './plan-view';

const card = (over: Partial<PlanCard> = {}): PlanCard => {
  const e = DEFAULT_PLAN_CATALOGUE.plans[1]!;
  return {
    id: e.id,
    plan: e.plan,
    name: e.name,
    price: 19,
    priceYearly: 190,
    discuountedPrice: null,
    oneTimePayment: false,
    isMostPopular: false,
    description: '',
    buttonText: null,
    link: null,
    features: [],
    limits: e.limits,
    checkout: { stripe: true, gumroad: false },
    ...over,
  };
};

describe('price view', () => {
  it('monthly: two decimals and a dollar sign; a discount strikes the regular price', () => {
    expect(priceView(card(), 'month')).toMatchObject({ amount: '$19.00', per: 'month', was: null, save: null });
    expect(priceView(card({ discuountedPrice: 9.5 }), 'month')).toMatchObject({ amount: '$9.50', was: '$19.00' });
  });

  it('yearly: the saving badge from 10% and the monthly equivalent', () => {
    expect(priceView(card(), 'year')).toEqual({
      amount: '$190.00',
      per: 'year',
      was: null,
      save: 'Save 17%',
      equivalent: '$15.83 a month',
    });
    expect(priceView(card({ priceYearly: 220 }), 'year').save).toBeNull();
    // No yearly price: the monthly one.
    expect(priceView(card({ priceYearly: null }), 'year').per).toBe('month');
  });

  it('free and one-time prices', () => {
    expect(priceView(card({ price: 0, priceYearly: null }), 'year').amount).toBe('Free');
    expect(priceView(card({ price: 299, oneTimePayment: true }), 'year')).toMatchObject({
      amount: '$299.00',
      per: 'once',
    });
  });
});

describe('features and reasons', () => {
  it('lists the limits with K / M amounts after the selling points', () => {
    const f = planFeatures(
      card({ features: ['Priority support'], limits: { ...card().limits, builderMessages: 1500 } }),
    );
    expect(f[0]).toBe('Priority support');
    expect(f).toContain('1.5K chat messages');
    expect(f).toContain('5 data items per app');
  });

  it('names every upgrade reason; a server message wins', () => {
    expect(upgradeReasonText('data_processing_limit')).toBe('The monthly data processing limit has been reached.');
    expect(upgradeReasonText('free_data_items_limit')).toBe('Your plan allows one data item, upgrade to add more');
    expect(upgradeReasonText('ACTIVATED_TOOL_PER_APP_LIMIT_REACHED')).toMatch(/live tools/);
    expect(upgradeReasonText('default')).toBe('Upgrade your plan to get more out of your apps.');
    expect(upgradeReasonText('default', 'At most 3 live tools')).toBe('At most 3 live tools');
    expect(upgradeReasonText(null)).toBeNull();
  });
});
