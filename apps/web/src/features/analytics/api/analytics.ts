import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AnalyticsResponseSchema, type AnalyticsRange } from '@tessera/contracts/analytics';
import { apiFetch } from '../../../shared/api';

/** `GET /api/apps/{appId}/analytics?days=`: the app's per-day figures (its owner only). */
export function useAnalytics(appId: string, days: AnalyticsRange) {
  return useQuery({
    queryKey: ['analytics', appId, days] as const,
    queryFn: () =>
      apiFetch(`/api/apps/${encodeURIComponent(appId)}/analytics?days=${days}`, { schema: AnalyticsResponseSchema }),
    // Switching the range keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
