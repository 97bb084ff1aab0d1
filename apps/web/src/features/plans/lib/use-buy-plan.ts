import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlanCard } from '@tessera/contracts/plans';
import { toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useSession } from '../../../shared/session';
import { startCheckout } from '../api/plans';
import type { BillingInterval } from './plan-view';

/** The Gumroad product link with the builder's e-mail filled in. */
export function gumroadLink(link: string, email: string | null): string {
  const url = new URL(link);
  if (email) url.searchParams.set('email', email);
  return url.toString();
}

/**
 * Buying a plan card: Stripe Checkout when the card has it, else its Gumroad link (the purchase
 * comes back with `sale_id`). A visitor is asked to sign in first for Stripe, and to sign up for the free plan.
 */
export function useBuyPlan() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  async function buy(card: PlanCard, interval: BillingInterval, via: 'stripe' | 'gumroad' = 'stripe') {
    // The free plan needs no checkout: a visitor signs up, a builder has it already.
    if (!card.checkout.stripe && !card.checkout.gumroad) {
      navigate(user ? '/home' : '/login?view=signup');
      return;
    }
    const useStripe = via === 'stripe' && card.checkout.stripe;
    if (useStripe && !user) {
      navigate(`/login?${new URLSearchParams({ redirectTo: '/joinPlan' })}`);
      return;
    }
    setPending(`${card.id}:${via}`);
    try {
      if (useStripe) window.location.assign((await startCheckout({ planId: card.id, interval })).url);
      else if (card.link) window.location.assign(gumroadLink(card.link, user?.email ?? null));
    } catch (err) {
      toast.error(errorMessage(err));
      setPending(null);
    }
  }
  return { buy, pending };
}
