import { Hono, type MiddlewareHandler } from 'hono';
import { ANALYTICS_ROUTES, type AnalyticsRange } from '@tessera/contracts/analytics';
import { clientIp } from '../../platform/http/client-ip';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth/session';
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
}

/**
 * `POST /live_api/analytics/visit` on an app's own host: the runtime's beacon. Answers 204 at once;
 * the visit is counted in memory and written with others. Other requests go on untouched.
 */
export function analyticsHost({ analytics, hostAppIdOf, trustProxy }: AnalyticsHostDeps): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path !== '/live_api/analytics/visit') return next();
    const appId = await hostAppIdOf(c.req.header('host'));
    if (!appId) return next();
    analytics.recordVisit(appId, clientIp(c, trustProxy), c.req.header('user-agent') ?? '');
    return c.body(null, 204);
  };
}
