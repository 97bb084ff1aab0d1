import { Hono, type MiddlewareHandler } from 'hono';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PROVIDERS,
  MembershipCheckoutRequestSchema,
  MembershipVerifyRequestSchema,
  PaymentsConnectRequestSchema,
  PaymentsTokenRequestSchema,
  PaymentsWebhookSecretRequestSchema,
} from '@tessera/contracts/memberships';
import { AppError } from '../../platform/errors';
import { readJson } from '../../platform/http/validate';
import type { CallerVariables } from '../app-users';
import type { AuthVariables } from '../auth';
import type { MembershipsService } from './memberships.service';

export const MEMBERSHIP_PING_PATH = '/api/memberships/:appId/gumroad/ping';
export const MEMBERSHIP_WEBHOOK_PATH = '/api/memberships/:appId/stripe/webhook';

/** Paid memberships (docs/product/memberships.md#calls): the owner's setup, the paywall's calls, the providers' notifications. */
export function membershipsRoutes({
  memberships,
  signedIn,
}: {
  memberships: MembershipsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables & CallerVariables }>();
  const payments = '/api/apps/:appId/payments';
  app.post(`${payments}/token`, signedIn, async (c) =>
    c.json(
      await memberships.saveToken(c.var.user, c.req.param('appId'), await readJson(c, PaymentsTokenRequestSchema)),
    ),
  );
  app.post(`${payments}/webhook-secret`, signedIn, async (c) => {
    const { webhookSecret } = await readJson(c, PaymentsWebhookSecretRequestSchema);
    return c.json(await memberships.saveWebhookSecret(c.var.user, c.req.param('appId'), webhookSecret));
  });
  app.get(`${payments}/products`, signedIn, async (c) => {
    const asked = c.req.query('provider');
    const provider = MEMBERSHIP_PROVIDERS.find((p) => p === asked);
    return c.json(await memberships.products(c.var.user, c.req.param('appId'), provider));
  });
  app.post(`${payments}/connect`, signedIn, async (c) =>
    c.json(
      await memberships.connect(c.var.user, c.req.param('appId'), await readJson(c, PaymentsConnectRequestSchema)),
    ),
  );
  app.get(`${payments}/notification-url`, signedIn, async (c) =>
    c.json(await memberships.notificationUrl(c.var.user, c.req.param('appId'))),
  );
  // Gumroad posts form fields; the secret in the URL is the app's (Gumroad does not sign pings).
  app.post(MEMBERSHIP_PING_PATH, async (c) => {
    // No prototype: a field named __proto__ stays a field.
    const form: Record<string, string> = Object.create(null);
    const type = c.req.header('content-type') ?? '';
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const body = await c.req.parseBody();
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
    }
    return c.json(await memberships.gumroadPing(c.req.param('appId'), c.req.query('secret'), form));
  });
  // Signed by Stripe with the app's signing secret: the raw body is what the signature covers.
  app.post(MEMBERSHIP_WEBHOOK_PATH, async (c) =>
    c.json(await memberships.stripeWebhook(c.req.param('appId'), await c.req.text(), c.req.header('stripe-signature'))),
  );

  // The paywall on the app's host (callers identified by app.ts's entity API middleware).
  const own = '/live_api/apps/:appId/membership';
  app.get(own, async (c) => c.json(await memberships.status(c.req.param('appId'), c.var.appUser?.userId ?? null)));
  app.post(`${own}/checkout`, async (c) => {
    const { returnUrl } = await readJson(c, MembershipCheckoutRequestSchema);
    // Stripe sends the end user back here: only to the host they are on (their session lives there).
    if (returnUrl && new URL(returnUrl).host !== new URL(c.req.url).host)
      throw new AppError('BAD_REQUEST', 'returnUrl: must be the paywall page');
    return c.json(await memberships.checkout(c.req.param('appId'), c.var.appUser?.userId ?? null, returnUrl));
  });
  app.post(`${own}/verify`, async (c) => {
    const { sessionId } = await readJson(c, MembershipVerifyRequestSchema);
    return c.json(await memberships.verify(c.req.param('appId'), c.var.appUser?.userId ?? null, sessionId));
  });
  return app;
}

type AppOfRead = { ownerUserId: string; settings: Record<string, unknown> };

/**
 * The entity API refuses an app's data to callers without a membership while paid memberships are
 * on (the owner and `User/me` excepted: the paywall needs to know who is asking).
 */
export function requireMembership(memberships: MembershipsService): MiddlewareHandler<{ Variables: CallerVariables }> {
  return async (c, next) => {
    // A server key acts for the owner; a site key's caller is the site's visitor or end user, gated as here.
    const isServerKey = (c.var as { appKeyKind?: string }).appKeyKind === 'server';
    if (isServerKey || /\/entities\/User\/me\/?$/.test(c.req.path)) return next();
    const appId = c.req.param('appId') ?? '';
    // The entity API read its app with the builder's session (entities.routes.ts sessionWithEntity).
    const { entityRead } = c.var as { entityRead?: { appId: string; schemas: AppOfRead | null } };
    const allowed = await memberships.allows(
      appId,
      { builderId: c.var.user?.id ?? null, appUserId: c.var.appUser?.userId ?? null },
      entityRead?.appId === appId ? entityRead.schemas : undefined,
    );
    if (!allowed) throw new AppError('FORBIDDEN', MEMBERSHIP_MESSAGES.membershipRequired, { reason: 'membership' });
    return next();
  };
}
