import { Hono, type MiddlewareHandler } from 'hono';
import { ANALYTICS_ROUTES, type AnalyticsRange } from '@tessera/contracts/analytics';
import { isValidVisitToken } from '../../platform/crypto/visit-token';
import { clientIp } from '../../platform/http/client-ip';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth';
import type { AnalyticsService } from './analytics.service';

/** `GET /api/apps/{id}/analytics?days=`: the app's owner only (docs/product/analytics.md#calls). */
export function analyticsRoutes({
  analytics,
  signedIn,
}: {
  analytics: AnalyticsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  routesOn(app)(ANALYTICS_ROUTES.readAnalytics, signedIn, async ({ c, params, query }) => {
    const { days } = query();
    return analytics.read(c.var.user, params.appId, days ? (Number(days) as AnalyticsRange) : undefined);
  });
  return app;
}

export interface AnalyticsHostDeps {
  analytics: AnalyticsService;
  /** The id of the app served on a Host (null: not an app host, or no such app). */
  hostAppIdOf: (host: string | undefined) => Promise<string | null>;
  trustProxy: boolean;
  /** Checks the visit token the app's shell carried (platform/crypto/visit-token.ts). */
  secret: string;
}

/**
 * `POST /live_api/analytics/visit?t=` on an app's own host: the runtime's beacon. Answers 204 at
 * once; the visit counts (in memory, written with others) only with a token the app's shell gave
 * this address within the hour. Other requests go on untouched.
 */
export function analyticsHost({ analytics, hostAppIdOf, trustProxy, secret }: AnalyticsHostDeps): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path !== '/live_api/analytics/visit') return next();
    const appId = await hostAppIdOf(c.req.header('host'));
    if (!appId) return next();
    const ip = clientIp(c, trustProxy);
    if (isValidVisitToken(secret, c.req.query('t') ?? '', appId, ip))
      analytics.recordVisit(appId, ip, c.req.header('user-agent') ?? '');
    return c.body(null, 204);
  };
}
