import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { productOfPrice } from './memberships-stripe';

const price = (over: Partial<Stripe.Price>): Stripe.Price =>
  ({
    id: 'price_1',
    object: 'price',
    currency: 'EUR',
    unit_amount: 1200,
    nickname: null,
    product: { id: 'prod_1', object: 'product', name: 'Club', deleted: undefined },
    recurring: { interval: 'month', interval_count: 1 },
    ...over,
  }) as unknown as Stripe.Price;

describe('Stripe prices as membership products', () => {
  it('keeps monthly and yearly prices with their product name and currency', () => {
    expect(productOfPrice(price({}))).toEqual({
      id: 'price_1',
      name: 'Club',
      price: 1200,
      currency: 'eur',
      recurrence: 'monthly',
    });
    expect(
      productOfPrice(price({ nickname: 'Annual', recurring: { interval: 'year', interval_count: 1 } as never })),
    ).toMatchObject({ name: 'Club – Annual', recurrence: 'yearly' });
  });

  it('leaves out one-time, weekly and every-three-months prices; a bare product id falls back to the price id', () => {
    expect(productOfPrice(price({ recurring: null }))).toBeNull();
    expect(productOfPrice(price({ recurring: { interval: 'week', interval_count: 1 } as never }))).toBeNull();
    expect(productOfPrice(price({ recurring: { interval: 'month', interval_count: 3 } as never }))).toBeNull();
    expect(productOfPrice(price({ product: 'prod_1' }))).toMatchObject({ name: 'price_1' });
  });
});
