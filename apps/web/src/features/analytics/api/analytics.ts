import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ANALYTICS_ROUTES, type AnalyticsRange } from '@tessera/contracts/analytics';
import { callRoute } from '../../../shared/api';

/** `GET /api/apps/{appId}/analytics?days=`: the app's per-day figures (its owner only). */
export function useAnalytics(appId: string, days: AnalyticsRange) {
  return useQuery({
    queryKey: ['analytics', appId, days] as const,
    queryFn: () => callRoute(ANALYTICS_ROUTES.readAnalytics, { appId }, { query: { days: String(days) } }),
    // Switching the range keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
