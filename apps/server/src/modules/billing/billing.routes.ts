import { Hono, type MiddlewareHandler } from 'hono';
import { CheckoutRequestSchema, GumroadClaimRequestSchema } from '@tessera/contracts/plans';
import type { AuthVariables } from '../auth';
import { readJson } from '../../platform/http/validate';
import type { BillingService } from './billing.service';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';
export const GUMROAD_PING_PATH = '/api/billing/gumroad/ping';

/** Plans, checkout and the providers' callbacks (docs/product/accounts-and-plans.md#calls). */
export function billingRoutes({
  billing,
  signedIn,
}: {
  billing: BillingService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  // `appId` is accepted for the product's call shape; the builder plans are the same for every app.
  app.get('/api/live_api/app/paidPlans', (c) => c.json(billing.paidPlans()));
  app.post('/api/billing/checkout', signedIn, async (c) =>
    c.json(await billing.checkout(c.var.user, await readJson(c, CheckoutRequestSchema))),
  );
  app.get('/api/billing/subscription', signedIn, async (c) => c.json(await billing.subscription(c.var.user)));
  app.post('/api/billing/portal', signedIn, async (c) => c.json(await billing.portal(c.var.user)));
  app.post('/api/billing/gumroad/claim', signedIn, async (c) => {
    const { saleId } = await readJson(c, GumroadClaimRequestSchema);
    return c.json(await billing.claimGumroadSale(c.var.user, saleId));
  });
  // Signed by Stripe: the raw body is what the signature covers.
  app.post(STRIPE_WEBHOOK_PATH, async (c) =>
    c.json(await billing.stripeWebhook(await c.req.text(), c.req.header('stripe-signature'))),
  );
  // Gumroad posts form fields; the secret in the URL is ours (Gumroad does not sign pings).
  app.post(GUMROAD_PING_PATH, async (c) => {
    // No prototype: a field named __proto__ stays a field.
    const form: Record<string, string> = Object.create(null);
    const type = c.req.header('content-type') ?? '';
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const body = await c.req.parseBody();
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
    }
    return c.json(await billing.gumroadPing(c.req.query('secret'), form));
  });
  return app;
}
