import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AppLook, type AppSettings } from '@tessera/contracts/apps';
import { APP_CONFIRM_MESSAGES } from '@tessera/contracts/app-users';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  MEMBERSHIP_MESSAGES,
  type MembershipProduct,
  type MembershipProvider,
  type MembershipStatus,
  type PaymentsConnectRequest,
  type PaymentsConnectResponse,
  type PaymentsNotificationResponse,
  type PaymentsTokenRequest,
} from '@tessera/contracts/memberships';
import { AppError } from '../../platform/errors';
import type { AppRow } from '../apps/apps.repo';
import { GUMROAD_SUBSCRIPTION_PINGS, type GumroadClient, type GumroadProduct } from '../billing';
import {
  gumroadSaleChanges,
  gumroadSubscriberChange,
  isAppSession,
  isOfProduct,
  stripeEventChanges,
  stripeSessionChange,
  type StoredProduct,
} from './membership-changes';
import { STRIPE_MEMBERSHIP_EVENTS, type MembershipStripe } from './memberships-stripe';
import type { MembershipChange, MembershipsRepo } from './memberships.repo';

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
  /** The app user's address, and whether they confirmed it (only a confirmed one is matched to sales). */
  appUserEmailOf: (appId: string, appUserId: string) => Promise<{ email: string; isConfirmed: boolean } | null>;
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

const recurrenceOf = (duration: string | null | undefined): MembershipProduct['recurrence'] =>
  duration === 'monthly' || duration === 'yearly' ? duration : null;
const providerOf = (product: StoredProduct): MembershipProvider => product.provider ?? 'gumroad';
const shownProduct = ({ checkoutUrl: _u, provider: _p, ...product }: StoredProduct): MembershipProduct => product;

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
    const found = appUserId ? await deps.appUserEmailOf(appId, appUserId) : null;
    if (!appUserId || !found) throw new AppError('UNAUTHORIZED', MEMBERSHIP_MESSAGES.membershipRequired);
    return { appUserId, ...found };
  }

  /** Changes applied one after another (a payment before its refund), each exactly once. */
  async function applyAll(changes: MembershipChange[]) {
    for (const change of changes) await repo.apply(change);
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
     * An unconfirmed address matches no sale: without a membership of their own such a user is told to confirm it.
     */
    async verify(appId: string, appUserId: string | null, sessionId?: string): Promise<MembershipStatus> {
      const live = await liveApp(appId);
      if (!live) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const user = await signedInEmail(appId, appUserId);
      if (providerOf(live.product) === 'stripe') {
        const { stripe } = await liveStripe(appId);
        const session = sessionId ? await stripe.getSession(sessionId) : null;
        if (session && isAppSession(appId, session) && session.client_reference_id === user.appUserId)
          await repo.apply(stripeSessionChange(appId, live.product, session));
      } else if (user.isConfirmed) {
        const token = deps.gumroadTokenOf(live.app);
        if (token) {
          const sales = await deps.gumroad(token).findSales(live.product.id, user.email);
          for (const sale of sales.filter((s) => isOfProduct(s, live.product)))
            await applyAll(gumroadSaleChanges(appId, live.product, sale, user.appUserId));
        }
      }
      // Sales are matched by e-mail only to an address its owner confirmed (docs/product/memberships.md).
      if (user.isConfirmed) await repo.attachByEmail(appId, user.appUserId, user.email);
      const status = await statusOf(appId, user.appUserId, live.product);
      if (!status.active && !user.isConfirmed)
        throw new AppError('FORBIDDEN', APP_CONFIRM_MESSAGES.membershipUnconfirmed);
      return status;
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
        // A member of a product the builder has since replaced still has their subscription here.
        const isOurs =
          subscriber &&
          (subscriber.product_id === live.product.id || (await repo.find(appId, 'gumroad', subscriber.id)));
        if (!subscriber || !isOurs) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.badPing);
        await repo.apply(gumroadSubscriberChange(appId, resource, form, subscriber));
        return { received: true as const };
      }
      // A sale, refund or dispute ping: the sale as Gumroad has it now says which.
      const sale = form.sale_id ? await client.getSale(form.sale_id) : null;
      if (!sale) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.badPing);
      // A dispute ping may come before Gumroad marks the sale charged back.
      const seen = resource === 'dispute' ? { ...sale, chargedback: true } : sale;
      // Another product of the same seller is not this app's business, unless it sold a membership of
      // this app before the builder replaced the product (its renewals, refunds and disputes).
      const isOurs =
        isOfProduct(sale, live.product) ||
        (await repo.find(appId, 'gumroad', sale.subscription_id ?? `sale:${sale.id}`));
      if (isOurs) await applyAll(gumroadSaleChanges(appId, live.product, seen, form.tessera_user ?? null));
      return { received: true as const };
    },

    /** A Stripe webhook for one app, signed with the app's signing secret; each event applies once. */
    async stripeWebhook(appId: string, rawBody: string, signature: string | undefined) {
      const live = await liveStripe(appId);
      const webhookSecret = deps.stripeWebhookSecretOf(live.app);
      if (!webhookSecret) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.stripeNoWebhookSecret);
      const event = live.stripe.verifyWebhook(rawBody, signature, webhookSecret);
      await applyAll(await stripeEventChanges(appId, live.product, live.stripe, event));
      return { received: true as const };
    },

    /**
     * Whether a caller may use the app's data: always when memberships are off; the owner; else an
     * end user with a membership giving access now.
     */
    async allows(
      appId: string,
      caller: { builderId?: string | null; appUserId?: string | null },
      known?: { ownerUserId: string; settings: Record<string, unknown> } | null,
    ) {
      // `known`: the app as this request already read it (null: there is none).
      const app = known === undefined ? await deps.findApp(appId) : known;
      if (!app || !membershipProductOf(app.settings)) return true;
      if (caller.builderId && caller.builderId === app.ownerUserId) return true;
      return Boolean(caller.appUserId && (await repo.activeOf(appId, caller.appUserId)));
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
