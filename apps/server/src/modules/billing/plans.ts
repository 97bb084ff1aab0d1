import type {
  PlanCard,
  PlanCatalogue,
  PlanCatalogueEntry,
  PlanCatalogueLimits,
  PlanId,
} from '@tessera/contracts/plans';
import type { PlanResolver } from './payment-provider';

/**
 * The operator's plan catalogue as the server uses it (docs/product/accounts-and-plans.md#limits):
 * the cards it serves, and the limits every plan gate reads for a tier (the first plan of that tier
 * in the catalogue gives them).
 */
export function createPlans(catalogue: PlanCatalogue, providers: { stripe: boolean; gumroad: boolean }) {
  const entries = catalogue.plans;
  const limits = new Map<PlanId, PlanCatalogueLimits>();
  for (const entry of entries) if (!limits.has(entry.plan)) limits.set(entry.plan, entry.limits);
  const byCard = new Map(entries.map((e) => [e.id, e]));

  const checkoutOf = (e: PlanCatalogueEntry) => ({
    stripe: providers.stripe && Boolean(e.stripePriceMonthly || e.stripePriceYearly),
    gumroad: providers.gumroad && Boolean(e.link),
  });

  const resolver: PlanResolver = {
    byCardId: (id) => byCard.get(id)?.plan ?? null,
    byStripePrice: (price) =>
      entries.find((e) => e.stripePriceMonthly === price || e.stripePriceYearly === price)?.plan ?? null,
    byGumroadProduct: (ref) => entries.find((e) => e.gumroadProductId === ref)?.plan ?? null,
  };

  return {
    /** The cards of `GET /api/live_api/app/paidPlans`, in the catalogue's order. */
    cards(): PlanCard[] {
      return entries.map((e) => ({
        id: e.id,
        plan: e.plan,
        name: e.name,
        price: e.price,
        priceYearly: e.priceYearly,
        discuountedPrice: e.discuountedPrice,
        oneTimePayment: e.oneTimePayment,
        isMostPopular: e.isMostPopular,
        description: e.description,
        buttonText: e.buttonText,
        link: checkoutOf(e).gumroad ? e.link : null,
        features: e.features,
        limits: e.limits,
        checkout: checkoutOf(e),
      }));
    },
    /** The limits of a tier; an unknown value (an old row) gets the free plan's. */
    limitsOf(plan: string): PlanCatalogueLimits {
      return limits.get(plan as PlanId) ?? limits.get('lite')!;
    },
    entry: (cardId: string): PlanCatalogueEntry | undefined => byCard.get(cardId),
    /** The catalogue entry a Gumroad product (id or permalink) sells. */
    entryOfGumroadProduct: (ref: string) => entries.find((e) => e.gumroadProductId === ref),
    resolver,
  };
}

export type Plans = ReturnType<typeof createPlans>;
