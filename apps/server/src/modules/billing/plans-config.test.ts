import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '@tessera/contracts/plans';
import { ConfigError, loadConfig } from '../../platform/config';
import { createPlans } from './plans';

const dir = () => mkdtempSync(join(tmpdir(), 'tessera-plans-config-'));
const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32), DATA_DIR: dir(), ...env });
const problemsOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    return (err as ConfigError).problems;
  }
  return [];
};

describe('plan catalogue at start', () => {
  it('is the built-in one without a file, and DATA_DIR/plans.json when present', () => {
    expect(load({}).billing.plans).toEqual(DEFAULT_PLAN_CATALOGUE);
    const d = dir();
    const plans = { plans: DEFAULT_PLAN_CATALOGUE.plans.map((p) => ({ ...p, price: p.price * 2 })) };
    writeFileSync(join(d, 'plans.json'), JSON.stringify(plans));
    expect(load({ DATA_DIR: d }).billing.plans.plans[1]!.price).toBe(38);
  });

  it('stops the start naming what is wrong with the file', () => {
    const d = dir();
    const file = join(d, 'bad.json');
    writeFileSync(file, '{ not json');
    expect(problemsOf({ PLANS_FILE: file })[0]).toMatch(/^PLANS_FILE: cannot read .* as JSON/);
    writeFileSync(file, JSON.stringify({ plans: [{ ...DEFAULT_PLAN_CATALOGUE.plans[0], price: -1, extra: 1 }] }));
    const problems = problemsOf({ PLANS_FILE: file }).join('\n');
    expect(problems).toContain('plans.0.price');
    expect(problems).toContain('extra');
    expect(problems).toContain('no plan gives the limits of "moon"');
    expect(problemsOf({ PLANS_FILE: join(d, 'missing.json') })[0]).toMatch(/cannot read/);
  });

  it('needs both variables of a provider', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })[0]).toMatch(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(problemsOf({ GUMROAD_ACCESS_TOKEN: 'tok' })[0]).toMatch(/^GUMROAD_ACCESS_TOKEN and GUMROAD_PING_SECRET/);
    expect(problemsOf({ GUMROAD_ACCESS_TOKEN: 'tok', GUMROAD_PING_SECRET: 'short' })[0]).toMatch(/16 characters/);
  });

  it('limits by tier come from the catalogue; a card is buyable only through providers that are set up', () => {
    const [free, explorer, monetizer, moon] = DEFAULT_PLAN_CATALOGUE.plans;
    const catalogue = {
      plans: [
        free!,
        { ...explorer!, link: 'https://gum.example/l/x', limits: { ...explorer!.limits, maxDataItems: 9 } },
        monetizer!,
        { ...moon!, stripePriceMonthly: 'price_1' },
      ],
    };
    const none = createPlans(catalogue, { stripe: false, gumroad: false });
    expect(none.limitsOf('explorer').maxDataItems).toBe(9);
    expect(none.limitsOf('unknown').maxDataItems).toBe(1);
    expect(none.cards()[1]!.link).toBeNull();
    expect(none.cards().map((c) => c.checkout)).toEqual(catalogue.plans.map(() => ({ stripe: false, gumroad: false })));
    const both = createPlans(catalogue, { stripe: true, gumroad: true });
    expect(both.cards()[1]!.checkout).toEqual({ stripe: false, gumroad: true });
    expect(both.cards()[3]!.checkout).toEqual({ stripe: true, gumroad: false });
    expect(both.resolver.byStripePrice('price_1')).toBe('moon');
  });
});
