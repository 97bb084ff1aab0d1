import { randomUUID, timingSafeEqual } from 'node:crypto';
import { type Account } from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  BILLING_MESSAGES,
  type BillingSubscription,
  type CheckoutRequest,
  type PaidPlansResponse,
  type PlanId,
} from '@tessera/contracts/plans';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { BillingRepo } from './billing.repo';
import {
  GUMROAD_SUBSCRIPTION_PINGS,
  subscriberStatus,
  subscriptionPingTime,
  type GumroadClient,
  type GumroadSale,
} from './gumroad';
import type { SubscriptionChange } from './payment-provider';
import type { Plans } from './plans';
import type { StripeProvider } from './stripe';

interface Deps {
  billingRepo: BillingRepo;
  accounts: AccountsService;
  plans: Plans;
  publicUrl: string;
  stripe?: StripeProvider;
  gumroad?: { client: GumroadClient; pingSecret: string };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const dateOr = (value: string | null | undefined, fallback: Date): Date => {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(+d) ? d : fallback;
};

/**
 * Builder plans and their checkout (docs/product/accounts-and-plans.md#states-and-transitions):
 * the catalogue, Stripe Checkout and webhooks, Gumroad sales and pings. Every provider event goes
 * through billingRepo.apply, which applies it exactly once.
 */
export function createBillingService({ billingRepo, accounts, plans, publicUrl, stripe, gumroad }: Deps) {
  /** A verified Gumroad sale as a purchase change. */
  function saleChange(sale: GumroadSale, accountId: string | null): SubscriptionChange {
    const entry =
      plans.entryOfGumroadProduct(sale.product_id ?? '') ?? plans.entryOfGumroadProduct(sale.product_permalink ?? '');
    if (!entry) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.saleNotAPlan);
    if (sale.refunded || sale.chargedback) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.saleRefunded);
    const oneTime = entry.oneTimePayment || !sale.subscription_id;
    return {
      provider: 'gumroad',
      eventId: `sale:${sale.id}`,
      kind: 'purchase',
      subscriptionId: sale.subscription_id ?? `sale:${sale.id}`,
      plan: entry.plan,
      accountId,
      email: sale.email ?? null,
      customerId: null,
      status: 'active',
      cancelledAt: null,
      occurredAt: dateOr(sale.created_at, new Date()),
      oneTimePayment: oneTime,
    };
  }

  function requireGumroad() {
    if (!gumroad) throw new AppError('NOT_FOUND', BILLING_MESSAGES.gumroadNotConfigured);
    return gumroad;
  }

  return {
    paidPlans(): PaidPlansResponse {
      return { plans: plans.cards() };
    },

    /** A Stripe Checkout page for a plan card; the webhook grants the plan once paid. */
    async checkout(user: SessionUser, { planId, interval }: CheckoutRequest): Promise<{ url: string }> {
      if (!stripe) throw new AppError('NOT_FOUND', BILLING_MESSAGES.stripeNotConfigured);
      const entry = plans.entry(planId);
      if (!entry) throw new AppError('NOT_FOUND', BILLING_MESSAGES.planNotOffered);
      if (entry.price === 0 && !entry.stripePriceMonthly) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.freePlan);
      const priceId =
        entry.oneTimePayment || interval === 'month'
          ? (entry.stripePriceMonthly ?? null)
          : (entry.stripePriceYearly ?? entry.stripePriceMonthly ?? null);
      if (!priceId) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.noStripePrice);
      const account = await accounts.getCurrent(user);
      try {
        return await stripe.startCheckout({
          priceId,
          recurring: !entry.oneTimePayment,
          accountId: account.accountId,
          email: user.email,
          planId: entry.id,
          successUrl: `${publicUrl}/settings?checkout=success`,
          cancelUrl: `${publicUrl}/home?goto=upgrade_app_plan`,
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError('FETCH_FAILED', BILLING_MESSAGES.checkoutFailed);
      }
    },

    /** Who bills the builder, and whether the portal can manage it (settings shows Manage billing then). */
    async subscription(user: SessionUser): Promise<BillingSubscription> {
      const account = await accounts.getCurrent(user);
      const provider = (await billingRepo.newestProviderOf(account.accountId)) as BillingSubscription['provider'];
      const customer = stripe ? await billingRepo.stripeCustomerOf(account.accountId) : null;
      return { provider, canManageBilling: Boolean(customer) };
    },

    /** Stripe's customer portal (change card, cancel) for the builder's Stripe subscription. */
    async portal(user: SessionUser): Promise<{ url: string }> {
      if (!stripe) throw new AppError('NOT_FOUND', BILLING_MESSAGES.stripeNotConfigured);
      const account = await accounts.getCurrent(user);
      const customer = await billingRepo.stripeCustomerOf(account.accountId);
      if (!customer) throw new AppError('NOT_FOUND', BILLING_MESSAGES.noStripeCustomer);
      return { url: await stripe.portalUrl(customer, `${publicUrl}/settings`) };
    },

    /** A signed Stripe webhook; a bad signature is a 400 and changes nothing. */
    async stripeWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
      if (!stripe) throw new AppError('NOT_FOUND', BILLING_MESSAGES.stripeNotConfigured);
      const event = stripe.verifyWebhook(rawBody, signature);
      const change = stripe.changeOf(event, plans.resolver);
      if (change) await billingRepo.apply(change);
      return { received: true };
    },

    /**
     * The sale a builder came back from Gumroad with (or signed up with): read back from Gumroad's
     * API, it is theirs only when it was bought with their address, and only once they have proved
     * that address (an id alone proves nothing: it shows in receipts and links). Before that it is
     * kept unattached, and given when they confirm the address (claimSalesOfVerified). A sale
     * already linked to someone else is refused.
     */
    async claimGumroadSale(user: SessionUser, saleId: string): Promise<Account> {
      const { client } = requireGumroad();
      const account = await accounts.getCurrent(user);
      const sale = await client.getSale(saleId);
      if (!sale) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.saleNotFound);
      if ((sale.email ?? '').trim().toLowerCase() !== user.email.toLowerCase())
        throw new AppError('FORBIDDEN', BILLING_MESSAGES.saleOfAnotherEmail);
      if (!user.emailVerified) {
        await billingRepo.apply(saleChange(sale, null));
        return account;
      }
      const change = saleChange(sale, account.accountId);
      const { applied, accountId } = await billingRepo.apply(change);
      if (!applied || accountId !== account.accountId) {
        // Known already (its ping came first, or a replayed claim): give it to this builder if no one has it.
        const attached = await billingRepo.attach(
          'gumroad',
          change.subscriptionId,
          account.accountId,
          change.oneTimePayment,
        );
        if (!attached && (await billingRepo.ownerOf('gumroad', change.subscriptionId)) !== account.accountId)
          throw new AppError('CONFLICT', BILLING_MESSAGES.saleOfAnotherAccount);
      }
      return accounts.getCurrent(user);
    },

    /**
     * A Gumroad ping (form fields). Gumroad does not sign pings: the URL carries our secret, and what
     * the ping claims is read back from Gumroad's API before anything changes.
     */
    async gumroadPing(secret: string | undefined, form: Record<string, string>): Promise<{ received: true }> {
      const { client, pingSecret } = requireGumroad();
      if (!secret || !sameSecret(secret, pingSecret)) throw new AppError('UNAUTHORIZED', BILLING_MESSAGES.badPing);
      const resource = form.resource_name ?? 'sale';
      if (GUMROAD_SUBSCRIPTION_PINGS.has(resource)) {
        const subscriptionId = form.subscription_id;
        if (!subscriptionId) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.badPing);
        const subscriber = await client.getSubscriber(subscriptionId);
        if (!subscriber) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.badPing);
        const status = subscriberStatus(subscriber.status);
        const cancelledAt = subscriber.cancelled_at ?? subscriber.user_requested_cancellation_at ?? null;
        const stamp = subscriptionPingTime(resource, form, subscriber);
        const entry = plans.entryOfGumroadProduct(subscriber.product_id ?? '');
        await billingRepo.apply({
          provider: 'gumroad',
          eventId: `${resource}:${subscriptionId}:${stamp}`,
          kind: 'status',
          subscriptionId,
          plan: entry?.plan ?? null,
          accountId: null,
          email: subscriber.user_email ?? null,
          customerId: null,
          status,
          cancelledAt: cancelledAt ? dateOr(cancelledAt, new Date()) : null,
          occurredAt: dateOr(stamp, new Date()),
          oneTimePayment: false,
        });
        return { received: true };
      }
      const saleId = form.sale_id;
      if (!saleId) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.badPing);
      const sale = await client.getSale(saleId);
      if (!sale) throw new AppError('BAD_REQUEST', BILLING_MESSAGES.saleNotFound);
      await billingRepo.apply(saleChange(sale, null));
      return { received: true };
    },

    /** A plan given by an admin: a subscription of provider "admin" (lite ends it). */
    async setPlanByHand(accountId: string, plan: PlanId): Promise<void> {
      await billingRepo.apply({
        provider: 'admin',
        eventId: randomUUID(),
        kind: 'purchase',
        subscriptionId: `admin:${accountId}`,
        plan,
        accountId,
        email: null,
        customerId: null,
        status: plan === 'lite' ? 'ended' : 'active',
        cancelledAt: null,
        occurredAt: new Date(),
        oneTimePayment: false,
      });
    },

    /** Gives a builder who just confirmed their address the Gumroad sales bought with it that no one holds. */
    async claimSalesOfVerified(user: SessionUser): Promise<void> {
      const account = await accounts.getCurrent(user).catch(() => null);
      if (!account) return;
      for (const { subscriptionId } of await billingRepo.unclaimedOf('gumroad', user.email))
        await billingRepo.attach('gumroad', subscriptionId, account.accountId, subscriptionId.startsWith('sale:'));
    },

    /** Whether Gumroad is set up (account creation verifies a sale_id only then). */
    gumroadEnabled: Boolean(gumroad),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
