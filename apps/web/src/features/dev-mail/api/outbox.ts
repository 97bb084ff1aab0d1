import { useQuery } from '@tanstack/react-query';
import { OutboxResponseSchema } from '@tessera/contracts/auth';
import { apiFetch } from '../../../shared/api';

export const OUTBOX_REFRESH_MS = 2000;

/** `GET /api/dev/outbox`, newest first, refreshed every 2 s while the page is open. */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ['dev-outbox'],
    queryFn: () => {
      return apiFetch('/api/dev/outbox?limit=100', {
        schema: OutboxResponseSchema,
        onUnauthorized: 'throw',
        withToken: false,
      });
    },
    enabled,
    refetchInterval: OUTBOX_REFRESH_MS,
  });
}
