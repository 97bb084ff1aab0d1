import { defineRoutes, type ApiRoute } from './api-route';
import { AnalyticsQuerySchema, AnalyticsResponseSchema } from './analytics';

/** An app's analytics (docs/product/analytics.md#calls). */
export const ANALYTICS_ROUTES = defineRoutes({
  readAnalytics: {
    method: 'get',
    path: '/api/apps/{appId}/analytics',
    tag: 'Apps',
    summary: "The app's visits, unique visitors, sign-ups, records and tool runs per day (owner only)",
    auth: 'builder',
    query: AnalyticsQuerySchema,
    responses: { 200: AnalyticsResponseSchema },
  },
  recordVisit: {
    method: 'post',
    path: '/live_api/analytics/visit',
    tag: 'App host',
    summary: 'Count a visit of the published app (the runtime sends it once per page load)',
    description:
      'No body, no cookie. Unique visitors are counted by a hash of the address and browser under a salt that changes daily; no address is stored.',
    auth: 'none',
    host: 'appHost',
    responses: { 204: { description: 'Counted (or ignored: not published, or the preview).' } },
  },
});
export const ANALYTICS_API_ROUTES: readonly ApiRoute[] = Object.values(ANALYTICS_ROUTES);
