import { Hono, type MiddlewareHandler } from 'hono';
import { AnalyticsQuerySchema, type AnalyticsRange } from '@tessera/contracts/analytics';
import { AppError } from '../../platform/errors';
import { clientIp } from '../../platform/http/client-ip';
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
  app.get('/api/apps/:appId/analytics', signedIn, async (c) => {
    const query = AnalyticsQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new AppError('VALIDATION_FAILED', query.error.issues[0]!.message);
    const days = query.data.days ? (Number(query.data.days) as AnalyticsRange) : undefined;
    return c.json(await analytics.read(c.var.user, c.req.param('appId'), days));
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
