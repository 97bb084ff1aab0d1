import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGumroadProduct {
  id: string;
  permalink: string;
  name: string;
  /** Price in cents. */
  price: number;
  /** Memberships renew; a product without it is a one-time sale. */
  recurrence: 'monthly' | 'yearly' | null;
}

export interface FakeGumroadSale {
  id: string;
  email: string;
  product_id: string;
  product_permalink: string;
  subscription_id: string | null;
  created_at: string;
  refunded: boolean;
  chargedback: boolean;
  /** Cents paid, and the currency. */
  price: number;
  currency: string;
}

export interface FakeGumroadSubscriber {
  id: string;
  product_id: string;
  user_email: string;
  status: string;
  created_at: string;
  cancelled_at: string | null;
  user_requested_cancellation_at: string | null;
  ended_at: string | null;
  failed_at: string | null;
}

export interface FakeGumroadPing {
  fields: Record<string, string>;
}

export interface FakeGumroad {
  /** API origin (GUMROAD_API_URL); product pages are served at /l/{permalink}. */
  baseUrl: string;
  accessToken: string;
  products: FakeGumroadProduct[];
  sales: Map<string, FakeGumroadSale>;
  subscribers: Map<string, FakeGumroadSubscriber>;
  /** The seller's ping URL (with its secret); `deliver` replaces the POST (in-process tests). */
  pingUrl: string | null;
  deliver: ((form: string) => Promise<unknown>) | null;
  /** Where the buyer goes after paying (`sale_id` is added), as the seller set it up. */
  redirectUrl: string | null;
  pings: FakeGumroadPing[];
  /** A purchase as the product page makes it (ping included). */
  buy(permalink: string, email: string): Promise<FakeGumroadSale>;
  /** The buyer cancels: the membership runs to its period's end (cancellation ping). */
  cancel(subscriptionId: string): Promise<void>;
  /** The membership ends (subscription_ended ping). */
  end(subscriptionId: string): Promise<void>;
  /** The seller refunds a sale (refund ping). */
  refund(saleId: string): Promise<void>;
  /** The buyer's bank disputes a sale (dispute ping; the sale is charged back). */
  dispute(saleId: string): Promise<void>;
  /** Sends a ping again (Gumroad retries). */
  replay(ping: FakeGumroadPing): Promise<unknown>;
  productLink(permalink: string): string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

const gumroadId = () => randomBytes(12).toString('base64url');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>body{font-family:system-ui;max-width:420px;margin:48px auto;padding:0 16px}
button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#ff90e8;color:#000;cursor:pointer}
input{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:8px 0}.box{border:2px solid #000;border-radius:8px;padding:20px}</style>
</head><body>${body}</body></html>`);
}

/**
 * A fake of Gumroad on loopback: product pages a browser can buy on (then redirected with
 * `sale_id`), the v2 API our client verifies sales and subscribers with (access token checked), and
 * pings (form-encoded, to the seller's ping URL) for sales and membership changes.
 */
export async function startFakeGumroad(
  options: {
    products?: FakeGumroadProduct[];
    pingUrl?: string;
    redirectUrl?: string;
    port?: number;
    accessToken?: string;
  } = {},
): Promise<FakeGumroad> {
  const state: FakeGumroad = {
    baseUrl: '',
    accessToken: options.accessToken ?? `gr_${randomBytes(16).toString('hex')}`,
    products: options.products ?? [
      { id: 'prod_explorer', permalink: 'explorer', name: 'Explorer', price: 1900, recurrence: 'monthly' },
      { id: 'prod_moon', permalink: 'moon', name: 'MOON', price: 14900, recurrence: 'monthly' },
      // A builder's own product, sold to their app's end users (paid memberships).
      { id: 'prod_club', permalink: 'club', name: 'Members Club', price: 900, recurrence: 'monthly' },
    ],
    sales: new Map(),
    subscribers: new Map(),
    pingUrl: options.pingUrl ?? null,
    deliver: null,
    redirectUrl: options.redirectUrl ?? null,
    pings: [],
    buy: async () => ({}) as FakeGumroadSale,
    cancel: async () => {},
    end: async () => {},
    refund: async () => {},
    dispute: async () => {},
    replay: async () => undefined,
    productLink: (permalink) => `${state.baseUrl}/l/${permalink}`,
    close: async () => {},
  };

  async function send(ping: FakeGumroadPing) {
    const form = new URLSearchParams(ping.fields).toString();
    if (state.deliver) return state.deliver(form);
    if (!state.pingUrl) return undefined;
    const res = await fetch(state.pingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return res.status;
  }
  async function ping(fields: Record<string, string>) {
    const p = { fields };
    state.pings.push(p);
    await send(p);
  }
  state.replay = (p) => send(p);

  state.buy = async (permalink, email) => {
    const product = state.products.find((p) => p.permalink === permalink || p.id === permalink);
    if (!product) throw new Error(`no product ${permalink}`);
    const createdAt = new Date().toISOString();
    const subscriptionId = product.recurrence ? gumroadId() : null;
    const sale: FakeGumroadSale = {
      id: gumroadId(),
      email,
      product_id: product.id,
      product_permalink: product.permalink,
      subscription_id: subscriptionId,
      created_at: createdAt,
      refunded: false,
      chargedback: false,
      price: product.price,
      currency: 'usd',
    };
    state.sales.set(sale.id, sale);
    if (subscriptionId)
      state.subscribers.set(subscriptionId, {
        id: subscriptionId,
        product_id: product.id,
        user_email: email,
        status: 'alive',
        created_at: createdAt,
        cancelled_at: null,
        user_requested_cancellation_at: null,
        ended_at: null,
        failed_at: null,
      });
    await ping({
      sale_id: sale.id,
      sale_timestamp: createdAt,
      product_id: product.id,
      permalink: product.permalink,
      product_name: product.name,
      email,
      price: String(product.price),
      ...(subscriptionId ? { subscription_id: subscriptionId, recurrence: product.recurrence! } : {}),
      test: 'true',
    });
    return sale;
  };
  state.cancel = async (subscriptionId) => {
    const sub = state.subscribers.get(subscriptionId);
    if (!sub) throw new Error(`no subscriber ${subscriptionId}`);
    const at = new Date().toISOString();
    Object.assign(sub, { status: 'pending_cancellation', cancelled_at: at, user_requested_cancellation_at: at });
    await ping({
      resource_name: 'cancellation',
      subscription_id: sub.id,
      product_id: sub.product_id,
      user_email: sub.user_email,
      cancelled: 'true',
      cancelled_at: at,
    });
  };
  state.end = async (subscriptionId) => {
    const sub = state.subscribers.get(subscriptionId);
    if (!sub) throw new Error(`no subscriber ${subscriptionId}`);
    const at = new Date().toISOString();
    Object.assign(sub, { status: 'cancelled', ended_at: at, cancelled_at: sub.cancelled_at ?? at });
    await ping({
      resource_name: 'subscription_ended',
      subscription_id: sub.id,
      product_id: sub.product_id,
      ended_at: at,
    });
  };

  async function saleEnds(saleId: string, resource: 'refund' | 'dispute') {
    const sale = state.sales.get(saleId);
    if (!sale) throw new Error(`no sale ${saleId}`);
    Object.assign(sale, resource === 'refund' ? { refunded: true } : { chargedback: true });
    await ping({
      resource_name: resource,
      sale_id: sale.id,
      product_id: sale.product_id,
      email: sale.email,
      ...(resource === 'refund' ? { refunded: 'true' } : { disputed: 'true' }),
    });
  }
  state.refund = (saleId) => saleEnds(saleId, 'refund');
  state.dispute = (saleId) => saleEnds(saleId, 'dispute');

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const list = /^\/v2\/(products|sales)$/.exec(url.pathname);
      if (list && req.method === 'GET') {
        if (url.searchParams.get('access_token') !== state.accessToken)
          return json(401, { success: false, message: 'The access token could not be found.' });
        if (list[1] === 'products')
          return json(200, {
            success: true,
            products: state.products.map((p) => ({
              id: p.id,
              name: p.name,
              price: p.price,
              currency: 'usd',
              short_url: state.productLink(p.permalink),
              subscription_duration: p.recurrence,
            })),
          });
        const email = url.searchParams.get('email')?.toLowerCase();
        const productId = url.searchParams.get('product_id');
        const sales = [...state.sales.values()]
          .filter((s) => (!email || s.email.toLowerCase() === email) && (!productId || s.product_id === productId))
          .reverse();
        return json(200, { success: true, sales });
      }
      const api = /^\/v2\/(sales|subscribers)\/([^/]+)$/.exec(url.pathname);
      if (api && req.method === 'GET') {
        if (url.searchParams.get('access_token') !== state.accessToken)
          return json(401, { success: false, message: 'The access token could not be found.' });
        const key = decodeURIComponent(api[2]!);
        if (api[1] === 'sales') {
          const sale = state.sales.get(key);
          return sale
            ? json(200, { success: true, sale })
            : json(404, { success: false, message: 'The sale was not found.' });
        }
        const subscriber = state.subscribers.get(key);
        return subscriber
          ? json(200, { success: true, subscriber })
          : json(404, { success: false, message: 'The subscriber was not found.' });
      }
      const productPage = /^\/l\/([\w-]+)$/.exec(url.pathname);
      if (productPage) {
        const product = state.products.find((p) => p.permalink === productPage[1]);
        if (!product) return page(res, 'Not found', '<p>This product does not exist.</p>');
        if (req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req));
          const sale = await state.buy(product.permalink, form.get('email') ?? '');
          if (!state.redirectUrl) return page(res, 'Thanks', `<p>Thanks! Sale ${esc(sale.id)}</p>`);
          const back = new URL(state.redirectUrl);
          back.searchParams.set('sale_id', sale.id);
          res.writeHead(303, { location: back.toString() });
          return res.end();
        }
        const price = `$${(product.price / 100).toFixed(2)}${product.recurrence ? ` a ${product.recurrence === 'monthly' ? 'month' : 'year'}` : ''}`;
        return page(
          res,
          product.name,
          `<div class="box"><h1>${esc(product.name)}</h1><p>${esc(price)}</p><form method="post">
<label>Email <input name="email" type="email" required value="${esc(url.searchParams.get('email') ?? '')}"></label>
<button type="submit">I want this!</button></form></div>`,
        );
      }
      const manage = /^\/subscriptions\/([^/]+)\/manage(\/cancel)?$/.exec(url.pathname);
      if (manage) {
        const sub = state.subscribers.get(decodeURIComponent(manage[1]!));
        if (!sub) return page(res, 'Not found', '<p>No such membership.</p>');
        if (req.method === 'POST' && manage[2]) {
          if (sub.status === 'alive') await state.cancel(sub.id);
          return page(res, 'Cancelled', '<p>Your membership was cancelled.</p>');
        }
        return page(
          res,
          'Membership',
          `<div class="box"><p>Status: ${esc(sub.status)}</p><form method="post" action="${esc(url.pathname)}/cancel"><button type="submit">Cancel membership</button></form></div>`,
        );
      }
      res.writeHead(404).end();
    } catch (err) {
      json(500, { success: false, message: (err as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
