import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, any>;

export interface FakeStripeDelivery {
  type: string;
  payload: string;
  signature: string;
}

/** A recurring (or one-time) price of an account, as GET /v1/prices lists it. */
export interface FakeStripePrice {
  id: string;
  product: { id: string; name: string };
  unit_amount: number;
  currency: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
  active: boolean;
}

/** One Stripe account: its API key, its webhook endpoint and what was sent there, its prices. */
export interface FakeStripeAccount {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks are POSTed; `deliver` replaces the POST (in-process tests). */
  webhookUrl: string | null;
  deliver: ((payload: string, signature: string) => Promise<unknown>) | null;
  /** Every webhook sent, oldest first (replay them with `redeliver`). */
  deliveries: FakeStripeDelivery[];
  prices: FakeStripePrice[];
}

export interface FakeStripe extends FakeStripeAccount {
  /** The API origin (STRIPE_API_URL); the hosted checkout and portal pages are served here too. */
  baseUrl: string;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  charges: Map<string, Obj>;
  /** Another account (a builder's own Stripe, for paid memberships): its own key, webhooks and prices. */
  addAccount(options?: Partial<FakeStripeAccount>): FakeStripeAccount;
  /** Pays an open Checkout session as the hosted page's button does (webhooks included). */
  pay(sessionId: string): Promise<Obj>;
  /** The customer cancels at period end (customer.subscription.updated). */
  cancel(subscriptionId: string): Promise<void>;
  /** The subscription ends (customer.subscription.deleted). */
  end(subscriptionId: string): Promise<void>;
  /** The seller refunds the subscription's first charge (charge.refunded). */
  refund(subscriptionId: string): Promise<void>;
  /** The customer's bank disputes the subscription's first charge (charge.dispute.created). */
  dispute(subscriptionId: string): Promise<void>;
  /** Sends a delivery again, as Stripe's retries do. */
  redeliver(delivery: FakeStripeDelivery): Promise<unknown>;
  /** Stripe's signature header for a payload: t=<time>,v1=HMAC-SHA256(secret, "<time>.<payload>"). */
  sign(payload: string, secret?: string, time?: number): string;
  close(): Promise<void>;
}

/** Stripe's form encoding (a[b][0][c]=v) read back into objects and arrays. */
function parseForm(body: string): Obj {
  const out: Obj = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.split(/\[|\]\[|\]/).filter((k) => k !== '');
    let node: Obj = out;
    keys.forEach((key, i) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
      if (i === keys.length - 1) node[key] = value;
      else node = node[key] ??= /^\d+$/.test(keys[i + 1] ?? '') ? [] : Object.create(null);
    });
  }
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>body{font-family:system-ui;max-width:420px;margin:48px auto;padding:0 16px;color:#1a1a2e}
button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#635bff;color:#fff;cursor:pointer}
.box{border:1px solid #ddd;border-radius:12px;padding:20px}</style></head><body>${body}</body></html>`);
}

/**
 * A fake of the Stripe API on loopback, spoken to by the official `stripe` package: Checkout
 * sessions, a hosted checkout page the browser can "pay" on (it redirects to the success URL), the
 * customer portal (cancel at period end), prices, refunds and disputes, and webhooks signed with
 * Stripe's signing scheme. Each account (the platform's, and builders' for paid memberships) has its
 * own key, webhook endpoint and prices.
 */
export async function startFakeStripe(
  options: { webhookUrl?: string; port?: number; secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const newAccount = (given: Partial<FakeStripeAccount> = {}): FakeStripeAccount => ({
    secretKey: given.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: given.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`,
    webhookUrl: given.webhookUrl ?? null,
    deliver: given.deliver ?? null,
    deliveries: [],
    prices: given.prices ?? [],
  });
  const state: FakeStripe = {
    ...newAccount(options),
    baseUrl: '',
    sessions: new Map(),
    subscriptions: new Map(),
    charges: new Map(),
    addAccount: () => newAccount(),
    pay: async () => ({}),
    cancel: async () => {},
    end: async () => {},
    refund: async () => {},
    dispute: async () => {},
    redeliver: async () => undefined,
    sign: (payload, secret = state.webhookSecret, time = now()) =>
      `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${payload}`).digest('hex')}`,
    close: async () => {},
  };
  const accounts: FakeStripeAccount[] = [state];
  /** The account each session, subscription, charge and delivery belongs to (by object). */
  const ownerOf = new WeakMap<object, FakeStripeAccount>();
  const portals = new Map<string, Obj>();
  state.addAccount = (given) => {
    const account = newAccount(given);
    accounts.push(account);
    return account;
  };

  async function send(delivery: FakeStripeDelivery) {
    const account = ownerOf.get(delivery) ?? state;
    if (account.deliver) return account.deliver(delivery.payload, delivery.signature);
    if (!account.webhookUrl) return undefined;
    const res = await fetch(account.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    return res.status;
  }
  async function emit(account: FakeStripeAccount, type: string, object: Obj) {
    const created = now();
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const delivery = { type, payload, signature: state.sign(payload, account.webhookSecret, created) };
    ownerOf.set(delivery, account);
    account.deliveries.push(delivery);
    await send(delivery);
  }
  state.redeliver = (delivery) => send(delivery);
  const owned = (object: Obj) => ownerOf.get(object) ?? state;

  state.pay = async (sessionId) => {
    const session = state.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === 'complete') return session;
    const account = owned(session);
    const customer = id('cus');
    session.customer = customer;
    session.customer_details = { email: session.customer_email };
    session.payment_status = 'paid';
    session.status = 'complete';
    const price = account.prices.find((p) => p.id === session.line_items?.[0]?.price);
    const charge = {
      id: id('ch'),
      object: 'charge',
      customer,
      amount: session.amount_total ?? 0,
      amount_refunded: 0,
      currency: session.currency ?? 'usd',
      refunded: false,
      disputed: false,
    };
    ownerOf.set(charge, account);
    state.charges.set(charge.id, charge);
    if (session.mode === 'subscription') {
      const days = price?.recurring?.interval === 'year' ? 365 : 30;
      const periodEnd = now() + days * 86_400;
      const sub = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        metadata: session.subscription_data?.metadata ?? {},
        items: {
          object: 'list',
          data: [{ id: id('si'), price: { id: session.line_items?.[0]?.price }, current_period_end: periodEnd }],
        },
        latest_charge: charge.id,
      };
      ownerOf.set(sub, account);
      state.subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
      await emit(account, 'customer.subscription.created', { ...sub });
    }
    await emit(account, 'checkout.session.completed', { ...session });
    return session;
  };
  const subscriptionOf = (subscriptionId: string) => {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    return sub;
  };
  state.cancel = async (subscriptionId) => {
    const sub = subscriptionOf(subscriptionId);
    Object.assign(sub, { cancel_at_period_end: true, canceled_at: now() });
    await emit(owned(sub), 'customer.subscription.updated', { ...sub });
  };
  state.end = async (subscriptionId) => {
    const sub = subscriptionOf(subscriptionId);
    Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: sub.canceled_at ?? now() });
    await emit(owned(sub), 'customer.subscription.deleted', { ...sub });
  };
  state.refund = async (subscriptionId) => {
    const charge = state.charges.get(subscriptionOf(subscriptionId).latest_charge)!;
    Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
    await emit(owned(charge), 'charge.refunded', { ...charge });
  };
  state.dispute = async (subscriptionId) => {
    const charge = state.charges.get(subscriptionOf(subscriptionId).latest_charge)!;
    charge.disputed = true;
    await emit(owned(charge), 'charge.dispute.created', {
      id: id('dp'),
      object: 'dispute',
      charge: charge.id,
      amount: charge.amount,
      currency: charge.currency,
      status: 'needs_response',
    });
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const apiError = (status: number, message: string) =>
      json(status, { error: { type: 'invalid_request_error', message } });
    try {
      if (url.pathname.startsWith('/v1/')) {
        const account = accounts.find((a) => req.headers.authorization === `Bearer ${a.secretKey}`);
        if (!account) return apiError(401, 'Invalid API Key provided');
        const mine = (object: Obj | undefined) => (object && owned(object) === account ? object : undefined);
        const form = req.method === 'POST' ? parseForm(await readBody(req)) : {};
        if (req.method === 'GET' && url.pathname === '/v1/prices') {
          // expand[0]=data.product (the client numbers list parameters)
          const expanded = [...url.searchParams].some(([k, v]) => k.startsWith('expand[') && v === 'data.product');
          const data = account.prices
            .filter((p) => p.active || url.searchParams.get('active') !== 'true')
            .filter((p) => p.recurring || url.searchParams.get('type') !== 'recurring')
            .map((p) => ({
              object: 'price',
              ...p,
              product: expanded ? { object: 'product', ...p.product } : p.product.id,
            }));
          return json(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
        }
        if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
          const customer = url.searchParams.get('customer');
          const data = [...state.subscriptions.values()].filter(
            (s) => mine(s) && (!customer || s.customer === customer),
          );
          return json(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
        }
        const chargeMatch = /^\/v1\/charges\/([\w-]+)$/.exec(url.pathname);
        if (req.method === 'GET' && chargeMatch) {
          const charge = mine(state.charges.get(chargeMatch[1]!));
          return charge ? json(200, charge) : apiError(404, 'No such charge');
        }
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          if (!form.line_items?.[0]?.price) return apiError(400, 'Missing required param: line_items[0][price].');
          if (!form.success_url) return apiError(400, 'Missing required param: success_url.');
          const price = account.prices.find((p) => p.id === form.line_items[0].price);
          const session: Obj = {
            id: id('cs'),
            object: 'checkout.session',
            created: now(),
            amount_total: price ? price.unit_amount * Number(form.line_items[0].quantity ?? 1) : null,
            currency: price?.currency ?? null,
            mode: form.mode ?? 'payment',
            client_reference_id: form.client_reference_id ?? null,
            customer_email: form.customer_email ?? null,
            metadata: form.metadata ?? {},
            subscription_data: form.subscription_data ?? null,
            line_items: form.line_items,
            success_url: form.success_url,
            cancel_url: form.cancel_url ?? null,
            payment_status: 'unpaid',
            status: 'open',
            subscription: null,
            customer: null,
          };
          session.url = `${state.baseUrl}/c/pay/${session.id}`;
          ownerOf.set(session, account);
          state.sessions.set(session.id, session);
          const { subscription_data: _s, line_items: _l, ...visible } = session;
          return json(200, visible);
        }
        const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
        if (req.method === 'GET' && sessionMatch) {
          const session = mine(state.sessions.get(sessionMatch[1]!));
          return session ? json(200, session) : apiError(404, 'No such checkout.session');
        }
        const subMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
        if (req.method === 'GET' && subMatch) {
          const sub = mine(state.subscriptions.get(subMatch[1]!));
          return sub ? json(200, sub) : apiError(404, 'No such subscription');
        }
        if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
          if (!form.customer) return apiError(400, 'Missing required param: customer.');
          const portal = {
            id: id('bps'),
            object: 'billing_portal.session',
            customer: form.customer,
            return_url: form.return_url,
          };
          portals.set(portal.id, portal);
          return json(200, { ...portal, url: `${state.baseUrl}/p/${portal.id}` });
        }
        return apiError(404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
      }
      const payMatch = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
      if (payMatch) {
        const session = state.sessions.get(payMatch[1]!);
        if (!session) return page(res, 'Not found', '<p>This checkout session does not exist.</p>');
        if (req.method === 'POST') {
          await state.pay(session.id);
          res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
          return res.end();
        }
        return page(
          res,
          'Checkout',
          `<div class="box"><h1>Fake Stripe checkout</h1><p>Price <b>${esc(String(session.line_items?.[0]?.price))}</b>${
            session.amount_total != null
              ? ` · ${(session.amount_total / 100).toFixed(2)} ${esc(String(session.currency).toUpperCase())}`
              : ''
          }</p>
<p>${esc(session.customer_email ?? '')}</p><form method="post"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Back</a></p>` : ''}</div>`,
        );
      }
      const portalMatch = /^\/p\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
      if (portalMatch) {
        const portal = portals.get(portalMatch[1]!);
        if (!portal) return page(res, 'Not found', '<p>This portal session does not exist.</p>');
        const subs = [...state.subscriptions.values()].filter((s) => s.customer === portal.customer);
        if (req.method === 'POST' && portalMatch[2]) {
          for (const sub of subs) if (!sub.cancel_at_period_end) await state.cancel(sub.id);
          res.writeHead(303, { location: portal.return_url });
          return res.end();
        }
        return page(
          res,
          'Billing',
          `<div class="box"><h1>Fake Stripe billing portal</h1>${subs
            .map((s) => `<p>${esc(s.id)}: ${s.cancel_at_period_end ? 'cancels at period end' : esc(s.status)}</p>`)
            .join(
              '',
            )}<form method="post" action="/p/${esc(portal.id)}/cancel"><button type="submit">Cancel plan</button></form>
<p><a href="${esc(portal.return_url)}">Return</a></p></div>`,
        );
      }
      res.writeHead(404).end();
    } catch (err) {
      json(500, { error: { message: (err as Error).message } });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
