import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import {
  MEMBERSHIP_MESSAGES,
  type AppLook,
  type AppSettings,
  type MembershipProduct,
  type MembershipProvider,
  type MembershipStatus,
  type PaymentsConnectRequest,
  type PaymentsConnectResponse,
  type PaymentsNotificationResponse,
  type PaymentsTokenRequest,
  type SessionUser,
} from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import type { AppRow } from '../apps/apps.repo';
import {
  GUMROAD_SUBSCRIPTION_PINGS,
  subscriberStatus,
  subscriptionPingTime,
  type GumroadClient,
  type GumroadProduct,
  type GumroadSale,
} from '../billing/gumroad';
import { stripeStatus } from '../billing/stripe';
import { STRIPE_MEMBERSHIP_EVENTS, type MembershipStripe } from './memberships-stripe';
import type { MembershipChange, MembershipsRepo } from './memberships.repo';

/** A connected product as stored in the app's settings (`paidMembershipsProduct`); no provider: Gumroad. */
type StoredProduct = MembershipProduct & { checkoutUrl?: string; provider?: MembershipProvider };

interface Deps {
  repo: MembershipsRepo;
  findApp: (appId: string) => Promise<AppRow | null>;
  /** The app if the builder owns it (404 otherwise). */
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
  /** Saves settings as the App settings panel does (gates, encrypted token, app hosts told). */
  saveSettings: (user: SessionUser, appId: string, settings: AppSettings) => Promise<unknown>;
  /** The settings a builder sees (no token). */
  shownSettings: (stored: Record<string, unknown>) => Record<string, unknown>;
  /** The app's stored Gumroad token in clear, or null. */
  gumroadTokenOf: (app: AppRow) => string | null;
  /** Gumroad's API with an app owner's token (billing/gumroad.ts). */
  gumroad: (accessToken: string) => GumroadClient;
  /** The app's stored Stripe secret key and webhook signing secret in clear, or null. */
  stripeKeyOf: (app: AppRow) => string | null;
  stripeWebhookSecretOf: (app: AppRow) => string | null;
  /** Stripe's API with an app owner's secret key (memberships-stripe.ts). */
  stripe: (secretKey: string) => MembershipStripe;
  /** The published app's look: the paywall wears it. */
  lookOf: (appId: string) => Promise<AppLook>;
  appUserEmailOf: (appId: string, appUserId: string) => Promise<string | null>;
  publicUrl: string;
  /** Signs each app's ping URL. */
  secret: string;
}

/** Paid memberships are on: enabled, sign-up on, a product connected. */
export function membershipProductOf(settings: Record<string, unknown>): StoredProduct | null {
  const paid = settings.paidMembershipsSettings as { isSetupCompleted?: unknown } | null | undefined;
  const product = settings.paidMembershipsProduct as StoredProduct | null | undefined;
  const on =
    settings.isPaidMembershipsEnabled === true && settings.isSignupEnabled === true && paid?.isSetupCompleted === true;
  return on && product && typeof product.id === 'string' ? product : null;
}

const PERIOD_MONTHS = { monthly: 1, yearly: 12 } as const;
const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};
const dateOr = (value: string | null | undefined, fallback: Date): Date => {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(+d) ? d : fallback;
};
const recurrenceOf = (duration: string | null | undefined): MembershipProduct['recurrence'] =>
  duration === 'monthly' || duration === 'yearly' ? duration : null;
const providerOf = (product: StoredProduct): MembershipProvider => product.provider ?? 'gumroad';
const shownProduct = ({ checkoutUrl: _u, provider: _p, ...product }: StoredProduct): MembershipProduct => product;
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
const periodEndOf = (sub: Stripe.Subscription) => fromUnix(sub.items?.data?.[0]?.current_period_end);

function productOf(p: GumroadProduct): StoredProduct {
  return {
    id: p.id,
    name: p.name,
    price: Math.round(p.price ?? 0),
    currency: (p.currency ?? 'usd').toLowerCase(),
    recurrence: recurrenceOf(p.subscription_duration),
    ...(p.short_url ? { checkoutUrl: p.short_url } : {}),
  };
}

/**
 * Paid memberships of an app's end users (docs/product/memberships.md): the owner connects a
 * Gumroad product or a Stripe recurring price with their own key; end users buy it, and every
 * sale, ping or signed webhook goes through repo.apply, which applies it exactly once. A refund
 * or a dispute ends the membership at once.
 */
export function createMembershipsService(deps: Deps) {
  const { repo } = deps;
  const pingSecretOf = (appId: string) =>
    createHmac('sha256', deps.secret).update(`membership-ping:${appId}`).digest('base64url');
  const pingUrlOf = (appId: string) =>
    `${deps.publicUrl}/api/memberships/${encodeURIComponent(appId)}/gumroad/ping?secret=${pingSecretOf(appId)}`;
  const webhookUrlOf = (appId: string) =>
    `${deps.publicUrl}/api/memberships/${encodeURIComponent(appId)}/stripe/webhook`;
  const notificationUrlOf = (appId: string, provider: MembershipProvider) =>
    provider === 'stripe' ? webhookUrlOf(appId) : pingUrlOf(appId);

  async function ownedWithSignup(user: SessionUser, appId: string) {
    const app = await deps.getOwned(user, appId);
    if (app.settings.isSignupEnabled !== true) throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.needsSignup);
    return app;
  }

  async function gumroadProductsWith(token: string): Promise<StoredProduct[]> {
    const products = await deps.gumroad(token).listProducts();
    if (!products) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.tokenRejected);
    return products.map(productOf);
  }

  /** The provider's products with the app's stored key (tagged with the provider). */
  async function productsOf(app: AppRow, provider: MembershipProvider): Promise<StoredProduct[]> {
    if (provider === 'stripe') {
      const key = deps.stripeKeyOf(app);
      if (!key) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeNoKey);
      return (await deps.stripe(key).listProducts()).map((p) => ({ ...p, provider }));
    }
    const token = deps.gumroadTokenOf(app);
    if (!token) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.noToken);
    return gumroadProductsWith(token);
  }

  /** The provider the builder is setting up (the connected product's until they pick another). */
  const settingUpOf = (app: AppRow): MembershipProvider => {
    const paid = app.settings.paidMembershipsSettings as { paymentProvider?: unknown } | null | undefined;
    return paid?.paymentProvider === 'stripe' ? 'stripe' : 'gumroad';
  };

  async function liveApp(appId: string) {
    const app = await deps.findApp(appId);
    const product = app ? membershipProductOf(app.settings) : null;
    return app && product ? { app, product } : null;
  }
  async function liveStripe(appId: string) {
    const live = await liveApp(appId);
    const key = live && providerOf(live.product) === 'stripe' ? deps.stripeKeyOf(live.app) : null;
    if (!live || !key) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
    return { ...live, stripe: deps.stripe(key) };
  }
  async function signedInEmail(appId: string, appUserId: string | null) {
    const email = appUserId ? await deps.appUserEmailOf(appId, appUserId) : null;
    if (!appUserId || !email) throw new AppError('UNAUTHORIZED', MEMBERSHIP_MESSAGES.membershipRequired);
    return { appUserId, email };
  }

  /** A verified Gumroad sale of the app's product as a payment. */
  function saleChange(appId: string, product: StoredProduct, sale: GumroadSale, appUserId: string | null) {
    const occurredAt = dateOr(sale.created_at, new Date());
    const months = product.recurrence ? PERIOD_MONTHS[product.recurrence] : null;
    const change: MembershipChange = {
      appId,
      provider: 'gumroad',
      eventId: `sale:${sale.id}`,
      subscriptionId: sale.subscription_id ?? `sale:${sale.id}`,
      kind: 'payment',
      amount: sale.price ?? product.price,
      currency: sale.currency ?? product.currency,
      appUserId,
      email: sale.email ?? null,
      productId: sale.product_id ?? product.id,
      status: 'active',
      periodEnd: months && sale.subscription_id ? addMonths(occurredAt, months) : null,
      cancelledAt: null,
      occurredAt,
    };
    return change;
  }
  const isOfProduct = (sale: GumroadSale, product: StoredProduct) =>
    sale.product_id === product.id || sale.product_permalink === product.id;

  /** A sale applied: its payment, then (refunded or charged back) its refund, which ends the membership. */
  async function applySale(appId: string, product: StoredProduct, sale: GumroadSale, appUserId: string | null) {
    const payment = saleChange(appId, product, sale, appUserId);
    await repo.apply(payment);
    if (!sale.refunded && !sale.chargedback) return;
    await repo.apply({
      ...payment,
      eventId: `${sale.chargedback ? 'dispute' : 'refund'}:${sale.id}`,
      kind: 'refund',
      status: 'ended',
      periodEnd: null,
      // Gumroad's sale does not say when it was refunded: the refund is as new as our hearing of it.
      occurredAt: new Date(),
    });
  }

  /** A paid Checkout session of the app's price as a payment (the webhook and the paywall's check: one event). */
  function sessionChange(appId: string, product: StoredProduct, session: Stripe.Checkout.Session): MembershipChange {
    const occurredAt = fromUnix(session.created) ?? new Date();
    const months = product.recurrence ? PERIOD_MONTHS[product.recurrence] : 1;
    return {
      appId,
      provider: 'stripe',
      eventId: `checkout:${session.id}`,
      subscriptionId: idOf(session.subscription) ?? session.id,
      kind: 'payment',
      amount: session.amount_total ?? product.price,
      currency: session.currency ?? product.currency,
      appUserId: session.client_reference_id ?? session.metadata?.tesseraUserId ?? null,
      email: session.customer_details?.email ?? session.customer_email ?? null,
      productId: product.id,
      status: 'active',
      periodEnd: addMonths(occurredAt, months),
      cancelledAt: null,
      occurredAt,
    };
  }
  const isAppSession = (appId: string, session: Stripe.Checkout.Session) =>
    session.metadata?.tesseraAppId === appId &&
    session.mode === 'subscription' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

  /** A refund or dispute of one of the customer's charges: ends their membership of this app at once. */
  async function refundChange(
    appId: string,
    stripe: MembershipStripe,
    event: Stripe.Event,
    charge: { customer: string | { id: string } | null; amount: number; currency: string },
  ) {
    const customerId = idOf(charge.customer);
    const subs = customerId ? await stripe.subscriptionsOf(customerId) : [];
    const sub = subs.find((s) => s.metadata?.tesseraAppId === appId);
    if (!sub) return;
    await repo.apply({
      appId,
      provider: 'stripe',
      eventId: event.id,
      subscriptionId: sub.id,
      kind: 'refund',
      amount: charge.amount,
      currency: charge.currency,
      appUserId: sub.metadata?.tesseraUserId ?? null,
      email: null,
      productId: sub.items?.data?.[0]?.price?.id ?? null,
      status: 'ended',
      periodEnd: null,
      cancelledAt: fromUnix(event.created),
      occurredAt: fromUnix(event.created) ?? new Date(),
    });
  }

  /** One verified Stripe event of the app's account, applied once; events of other products are ignored. */
  async function applyStripeEvent(
    appId: string,
    product: StoredProduct,
    stripe: MembershipStripe,
    event: Stripe.Event,
  ) {
    const occurredAt = fromUnix(event.created) ?? new Date();
    switch (event.type) {
      case 'checkout.session.completed':
        if (isAppSession(appId, event.data.object)) await repo.apply(sessionChange(appId, product, event.data.object));
        return;
      case 'invoice.paid': {
        // The first invoice is the Checkout session's payment; this records the renewals.
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        if (invoice.billing_reason !== 'subscription_cycle' || details?.metadata?.tesseraAppId !== appId) return;
        const subscriptionId = idOf(details.subscription);
        if (!subscriptionId) return;
        await repo.apply({
          appId,
          provider: 'stripe',
          eventId: `invoice:${invoice.id}`,
          subscriptionId,
          kind: 'payment',
          amount: invoice.amount_paid,
          currency: invoice.currency,
          appUserId: details.metadata?.tesseraUserId ?? null,
          email: invoice.customer_email ?? null,
          productId: product.id,
          status: 'active',
          periodEnd: fromUnix(invoice.lines?.data?.[0]?.period?.end),
          cancelledAt: null,
          occurredAt,
        });
        return;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        if (sub.metadata?.tesseraAppId !== appId) return;
        const status = event.type === 'customer.subscription.deleted' ? 'ended' : stripeStatus(sub);
        await repo.apply({
          appId,
          provider: 'stripe',
          eventId: event.id,
          subscriptionId: sub.id,
          kind: 'status',
          amount: null,
          currency: null,
          appUserId: sub.metadata?.tesseraUserId ?? null,
          email: null,
          productId: sub.items?.data?.[0]?.price?.id ?? null,
          status,
          // Cancelled at the period's end: access runs until then.
          periodEnd: status === 'cancelled' ? periodEndOf(sub) : null,
          cancelledAt: fromUnix(sub.canceled_at),
          occurredAt,
        });
        return;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const before = (event.data.previous_attributes as { amount_refunded?: number } | undefined)?.amount_refunded;
        const amount = charge.amount_refunded - (before ?? 0);
        await refundChange(appId, stripe, event, { customer: charge.customer, amount, currency: charge.currency });
        return;
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const charge = typeof dispute.charge === 'string' ? await stripe.getCharge(dispute.charge) : dispute.charge;
        if (charge)
          await refundChange(appId, stripe, event, {
            customer: charge.customer,
            amount: dispute.amount,
            currency: dispute.currency,
          });
        return;
      }
      default:
        return;
    }
  }

  async function statusOf(appId: string, appUserId: string | null, product: StoredProduct): Promise<MembershipStatus> {
    const [active, look] = await Promise.all([appUserId ? repo.activeOf(appId, appUserId) : null, deps.lookOf(appId)]);
    return {
      required: true,
      active: Boolean(active),
      provider: providerOf(product),
      product: shownProduct(product),
      accessUntil: active?.status === 'cancelled' && active.periodEnd ? active.periodEnd.toISOString() : null,
      look,
    };
  }

  return {
    /** Checks the owner's key with the provider, then stores it encrypted; answers their products. */
    async saveToken(user: SessionUser, appId: string, req: PaymentsTokenRequest) {
      const app = await ownedWithSignup(user, appId);
      const products =
        req.provider === 'stripe'
          ? await deps.stripe(req.accessToken).listProducts()
          : await gumroadProductsWith(req.accessToken);
      const shown = deps.shownSettings(app.settings);
      const paid = (shown.paidMembershipsSettings ?? {}) as Record<string, unknown>;
      await deps.saveSettings(user, appId, {
        ...shown,
        [req.provider === 'stripe' ? 'stripeSecretKey' : 'gumroadAccessToken']: req.accessToken,
        paidMembershipsSettings: { ...paid, paymentProvider: req.provider },
      });
      return { products: products.map(shownProduct) };
    },

    /** The signing secret of the Stripe webhook endpoint the owner added for this app, stored encrypted. */
    async saveWebhookSecret(user: SessionUser, appId: string, webhookSecret: string) {
      const app = await ownedWithSignup(user, appId);
      await deps.saveSettings(user, appId, { ...deps.shownSettings(app.settings), stripeWebhookSecret: webhookSecret });
      return { message: MEMBERSHIP_MESSAGES.stripeWebhookSecretSaved };
    },

    /** The owner's products with the stored key of the provider they set up (or the one asked for). */
    async products(user: SessionUser, appId: string, provider?: MembershipProvider) {
      const app = await deps.getOwned(user, appId);
      return { products: (await productsOf(app, provider ?? settingUpOf(app))).map(shownProduct) };
    },

    /**
     * Connects a product (also a resync of the same one, or a change to another, or to the other
     * provider): read back from the provider, stored in the settings with setup complete and memberships on.
     */
    async connect(user: SessionUser, appId: string, req: PaymentsConnectRequest): Promise<PaymentsConnectResponse> {
      const app = await ownedWithSignup(user, appId);
      const product = (await productsOf(app, req.provider)).find((p) => p.id === req.productId);
      if (!product)
        throw new AppError(
          'NOT_FOUND',
          req.provider === 'stripe' ? MEMBERSHIP_MESSAGES.stripePriceNotFound : MEMBERSHIP_MESSAGES.productNotFound,
        );
      const shown = deps.shownSettings(app.settings);
      await deps.saveSettings(user, appId, {
        ...shown,
        isPaidMembershipsEnabled: true,
        paidMembershipsProduct: { ...product, provider: req.provider },
        paidMembershipsSettings: { paymentProvider: req.provider, isSetupCompleted: true },
      });
      return {
        product: shownProduct(product),
        notificationUrl: notificationUrlOf(appId, req.provider),
        message: req.provider === 'stripe' ? MEMBERSHIP_MESSAGES.stripeConnected : MEMBERSHIP_MESSAGES.connected,
      };
    },

    /** Where the connected provider's pings or webhooks for this app go (shown to the owner once connected). */
    async notificationUrl(user: SessionUser, appId: string): Promise<PaymentsNotificationResponse> {
      const app = await deps.getOwned(user, appId);
      const product = app.settings.paidMembershipsProduct as StoredProduct | null | undefined;
      const provider = product?.id ? providerOf(product) : settingUpOf(app);
      return {
        provider,
        notificationUrl: notificationUrlOf(appId, provider),
        events: provider === 'stripe' ? [...STRIPE_MEMBERSHIP_EVENTS] : [],
        hasWebhookSecret: Boolean(deps.stripeWebhookSecretOf(app)),
      };
    },

    /** The end user's membership (the paywall); not required when memberships are off. */
    async status(appId: string, appUserId: string | null): Promise<MembershipStatus> {
      const live = await liveApp(appId);
      if (!live) return { required: false, active: false, provider: null, product: null, accessUntil: null };
      return statusOf(appId, appUserId, live.product);
    },

    /**
     * The product's checkout for this end user: Gumroad's product page with their e-mail and id, or a
     * Stripe Checkout session (their e-mail, their id as client reference) coming back to `returnUrl`.
     */
    async checkout(appId: string, appUserId: string | null, returnUrl?: string): Promise<{ url: string }> {
      const live = await liveApp(appId);
      if (!live) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const user = await signedInEmail(appId, appUserId);
      if (providerOf(live.product) === 'stripe') {
        if (!returnUrl) throw new AppError('BAD_REQUEST', 'returnUrl: must be the paywall page');
        const { stripe } = await liveStripe(appId);
        const back = new URL(returnUrl);
        back.searchParams.delete('session_id');
        const cancelUrl = back.toString();
        // Stripe fills {CHECKOUT_SESSION_ID} in (kept unencoded).
        const successUrl = `${cancelUrl}${back.search ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
        const url = await stripe.createCheckout({
          priceId: live.product.id,
          email: user.email,
          metadata: { tesseraAppId: appId, tesseraUserId: user.appUserId },
          successUrl,
          cancelUrl,
        });
        return { url };
      }
      if (!live.product.checkoutUrl) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const url = new URL(live.product.checkoutUrl);
      url.searchParams.set('email', user.email);
      url.searchParams.set('tessera_user', user.appUserId);
      url.searchParams.set('wanted', 'true');
      return { url: url.toString() };
    },

    /**
     * The end user says they paid: Gumroad's sales of the product to their e-mail, or the Stripe
     * Checkout session they came back with (read from Stripe, theirs only), are applied; answers their membership.
     */
    async verify(appId: string, appUserId: string | null, sessionId?: string): Promise<MembershipStatus> {
      const live = await liveApp(appId);
      if (!live) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const user = await signedInEmail(appId, appUserId);
      if (providerOf(live.product) === 'stripe') {
        const { stripe } = await liveStripe(appId);
        const session = sessionId ? await stripe.getSession(sessionId) : null;
        if (session && isAppSession(appId, session) && session.client_reference_id === user.appUserId)
          await repo.apply(sessionChange(appId, live.product, session));
      } else {
        const token = deps.gumroadTokenOf(live.app);
        if (token) {
          const sales = await deps.gumroad(token).findSales(live.product.id, user.email);
          for (const sale of sales.filter((s) => isOfProduct(s, live.product)))
            await applySale(appId, live.product, sale, user.appUserId);
        }
      }
      await repo.attachByEmail(appId, user.appUserId, user.email);
      return statusOf(appId, user.appUserId, live.product);
    },

    /**
     * A Gumroad ping for one app (form fields). Gumroad does not sign pings: the URL carries the
     * app's secret, and what the ping claims is read back from Gumroad with the owner's token.
     */
    async gumroadPing(appId: string, secret: string | undefined, form: Record<string, string>) {
      const expected = Buffer.from(pingSecretOf(appId));
      const given = Buffer.from(secret ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError('UNAUTHORIZED', MEMBERSHIP_MESSAGES.badPing);
      const live = await liveApp(appId);
      const token = live && providerOf(live.product) === 'gumroad' ? deps.gumroadTokenOf(live.app) : null;
      if (!live || !token) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const client = deps.gumroad(token);
      const resource = form.resource_name ?? 'sale';
      if (GUMROAD_SUBSCRIPTION_PINGS.has(resource)) {
        const subscriptionId = form.subscription_id;
        const subscriber = subscriptionId ? await client.getSubscriber(subscriptionId) : null;
        if (!subscriber || subscriber.product_id !== live.product.id)
          throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.badPing);
        const cancelledAt = subscriber.cancelled_at ?? subscriber.user_requested_cancellation_at ?? null;
        const stamp = subscriptionPingTime(resource, form, subscriber);
        await repo.apply({
          appId,
          provider: 'gumroad',
          eventId: `${resource}:${subscriber.id}:${stamp}`,
          subscriptionId: subscriber.id,
          kind: 'status',
          amount: null,
          currency: null,
          appUserId: null,
          email: subscriber.user_email ?? null,
          productId: subscriber.product_id ?? null,
          status: subscriberStatus(subscriber.status),
          periodEnd: null,
          cancelledAt: cancelledAt ? dateOr(cancelledAt, new Date()) : null,
          occurredAt: dateOr(stamp, new Date()),
        });
        return { received: true as const };
      }
      // A sale, refund or dispute ping: the sale as Gumroad has it now says which.
      const sale = form.sale_id ? await client.getSale(form.sale_id) : null;
      if (!sale) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.badPing);
      // A dispute ping may come before Gumroad marks the sale charged back.
      const seen = resource === 'dispute' ? { ...sale, chargedback: true } : sale;
      // Another product of the same seller is not this app's business.
      if (isOfProduct(sale, live.product)) await applySale(appId, live.product, seen, form.tessera_user ?? null);
      return { received: true as const };
    },

    /** A Stripe webhook for one app, signed with the app's signing secret; each event applies once. */
    async stripeWebhook(appId: string, rawBody: string, signature: string | undefined) {
      const live = await liveStripe(appId);
      const webhookSecret = deps.stripeWebhookSecretOf(live.app);
      if (!webhookSecret) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeNoWebhookSecret);
      const event = live.stripe.verifyWebhook(rawBody, signature, webhookSecret);
      await applyStripeEvent(appId, live.product, live.stripe, event);
      return { received: true as const };
    },

    /**
     * Whether a caller may use the app's data: always when memberships are off; the owner; else an
     * end user with a membership giving access now.
     */
    async allows(appId: string, caller: { builderId?: string | null; appUserId?: string | null }) {
      const app = await deps.findApp(appId);
      if (!app || !membershipProductOf(app.settings)) return true;
      if (caller.builderId && caller.builderId === app.ownerUserId) return true;
      return Boolean(caller.appUserId && (await repo.activeOf(appId, caller.appUserId)));
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
