import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MEMBERSHIP_MESSAGES,
  type AppSettings,
  type MembershipProduct,
  type MembershipStatus,
  type PaymentsConnectRequest,
  type PaymentsConnectResponse,
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
import type { MembershipChange, MembershipsRepo } from './memberships.repo';

/** A connected product as stored in the app's settings (`paidMembershipsProduct`). */
type StoredProduct = MembershipProduct & { checkoutUrl?: string };

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
 * Gumroad product with their own access token; end users buy it, and every sale or ping, verified
 * with Gumroad's API, goes through repo.apply, which applies it exactly once.
 */
export function createMembershipsService(deps: Deps) {
  const { repo } = deps;
  const pingSecretOf = (appId: string) =>
    createHmac('sha256', deps.secret).update(`membership-ping:${appId}`).digest('base64url');
  const notificationUrlOf = (appId: string) =>
    `${deps.publicUrl}/api/memberships/${encodeURIComponent(appId)}/gumroad/ping?secret=${pingSecretOf(appId)}`;

  async function ownedWithSignup(user: SessionUser, appId: string) {
    const app = await deps.getOwned(user, appId);
    if (app.settings.isSignupEnabled !== true) throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.needsSignup);
    return app;
  }

  async function productsWith(token: string): Promise<StoredProduct[]> {
    const products = await deps.gumroad(token).listProducts();
    if (!products) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.tokenRejected);
    return products.map(productOf);
  }

  async function liveApp(appId: string) {
    const app = await deps.findApp(appId);
    const product = app ? membershipProductOf(app.settings) : null;
    return app && product ? { app, product } : null;
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
    (sale.product_id === product.id || sale.product_permalink === product.id) && !sale.refunded && !sale.chargedback;

  async function statusOf(appId: string, appUserId: string | null, product: StoredProduct): Promise<MembershipStatus> {
    const { checkoutUrl: _url, ...shown } = product;
    const active = appUserId ? await repo.activeOf(appId, appUserId) : null;
    return {
      required: true,
      active: Boolean(active),
      provider: 'gumroad',
      product: shown,
      accessUntil: active?.status === 'cancelled' && active.periodEnd ? active.periodEnd.toISOString() : null,
    };
  }

  return {
    /** Checks the owner's Gumroad token with Gumroad, then stores it encrypted; answers their products. */
    async saveGumroadToken(user: SessionUser, appId: string, accessToken: string) {
      const app = await ownedWithSignup(user, appId);
      const products = await productsWith(accessToken);
      const shown = deps.shownSettings(app.settings);
      const paid = (shown.paidMembershipsSettings ?? {}) as Record<string, unknown>;
      await deps.saveSettings(user, appId, {
        ...shown,
        gumroadAccessToken: accessToken,
        paidMembershipsSettings: { ...paid, paymentProvider: 'gumroad' },
      });
      return { products: products.map(({ checkoutUrl: _u, ...p }) => p) };
    },

    /** The owner's Gumroad products, with the stored token. */
    async products(user: SessionUser, appId: string) {
      const app = await deps.getOwned(user, appId);
      const token = deps.gumroadTokenOf(app);
      if (!token) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.noToken);
      return { products: (await productsWith(token)).map(({ checkoutUrl: _u, ...p }) => p) };
    },

    /**
     * Connects a product (also a resync of the same one, or a change to another): read back from
     * Gumroad, stored in the settings with setup complete and memberships on.
     */
    async connect(user: SessionUser, appId: string, req: PaymentsConnectRequest): Promise<PaymentsConnectResponse> {
      const app = await ownedWithSignup(user, appId);
      const token = deps.gumroadTokenOf(app);
      if (!token) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.noToken);
      const product = (await productsWith(token)).find((p) => p.id === req.productId);
      if (!product) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.productNotFound);
      const shown = deps.shownSettings(app.settings);
      await deps.saveSettings(user, appId, {
        ...shown,
        isPaidMembershipsEnabled: true,
        paidMembershipsProduct: product,
        paidMembershipsSettings: { paymentProvider: 'gumroad', isSetupCompleted: true },
      });
      const { checkoutUrl: _u, ...shownProduct } = product;
      return {
        product: shownProduct,
        notificationUrl: notificationUrlOf(appId),
        message: MEMBERSHIP_MESSAGES.connected,
      };
    },

    /** Where Gumroad's pings for this app go (shown to the owner once connected). */
    async notificationUrl(user: SessionUser, appId: string): Promise<{ notificationUrl: string }> {
      await deps.getOwned(user, appId);
      return { notificationUrl: notificationUrlOf(appId) };
    },

    /** The end user's membership (the paywall); not required when memberships are off. */
    async status(appId: string, appUserId: string | null): Promise<MembershipStatus> {
      const live = await liveApp(appId);
      if (!live) return { required: false, active: false, provider: null, product: null, accessUntil: null };
      return statusOf(appId, appUserId, live.product);
    },

    /** The product's checkout for this end user: their e-mail (and id) go along so the sale is matched. */
    async checkout(appId: string, appUserId: string | null): Promise<{ url: string }> {
      const live = await liveApp(appId);
      if (!live) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const email = appUserId ? await deps.appUserEmailOf(appId, appUserId) : null;
      if (!appUserId || !email) throw new AppError('UNAUTHORIZED', MEMBERSHIP_MESSAGES.membershipRequired);
      if (!live.product.checkoutUrl) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const url = new URL(live.product.checkoutUrl);
      url.searchParams.set('email', email);
      url.searchParams.set('tessera_user', appUserId);
      url.searchParams.set('wanted', 'true');
      return { url: url.toString() };
    },

    /**
     * The end user says they paid: their sales of the product are looked up with Gumroad's API
     * (by their e-mail) and applied; answers their membership.
     */
    async verify(appId: string, appUserId: string | null): Promise<MembershipStatus> {
      const live = await liveApp(appId);
      if (!live) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notEnabled);
      const email = appUserId ? await deps.appUserEmailOf(appId, appUserId) : null;
      if (!appUserId || !email) throw new AppError('UNAUTHORIZED', MEMBERSHIP_MESSAGES.membershipRequired);
      const token = deps.gumroadTokenOf(live.app);
      if (token) {
        const sales = await deps.gumroad(token).findSales(live.product.id, email);
        for (const sale of sales.filter((s) => isOfProduct(s, live.product)))
          await repo.apply(saleChange(appId, live.product, sale, appUserId));
        await repo.attachByEmail(appId, appUserId, email);
      }
      return statusOf(appId, appUserId, live.product);
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
      const token = live ? deps.gumroadTokenOf(live.app) : null;
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
      const sale = form.sale_id ? await client.getSale(form.sale_id) : null;
      if (!sale) throw new AppError('BAD_REQUEST', MEMBERSHIP_MESSAGES.badPing);
      // Another product of the same seller is not this app's business.
      if (isOfProduct(sale, live.product))
        await repo.apply(saleChange(appId, live.product, sale, form.tessera_user ?? null));
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
