/** @tessera/contracts/analytics: An app's visit and usage analytics. */
export {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  ANALYTICS_MESSAGES,
  AnalyticsQuerySchema,
  AnalyticsDaySchema,
  AnalyticsResponseSchema,
  type AnalyticsRange,
  type AnalyticsDay,
  type AnalyticsResponse,
} from '../analytics';
export { ANALYTICS_ROUTES } from '../api-routes-analytics';
