import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDIT_ROUTES, type CreditAdjustmentRequest } from '@tessera/contracts/credits';
import { callRoute } from '../../../shared/api';

export const creditKeys = {
  all: (appId: string) => ['end-users', appId] as const,
  list: (appId: string, q: string) => ['end-users', appId, 'list', q] as const,
  history: (appId: string, appUserId: string) => ['end-users', appId, 'history', appUserId] as const,
};

/** `GET /api/apps/{appId}/end-users?q=`: the newest end users with their credits and runs. */
export function useEndUsers(appId: string, q: string) {
  return useQuery({
    queryKey: creditKeys.list(appId, q),
    queryFn: () => callRoute(CREDIT_ROUTES.listEndUsers, { appId }, { query: q ? { q } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/end-users/{appUserId}/credits`: one end user and the changes made to their credits. */
export function useCreditHistory(appId: string, appUserId: string) {
  return useQuery({
    queryKey: creditKeys.history(appId, appUserId),
    queryFn: () => callRoute(CREDIT_ROUTES.creditHistory, { appId, appUserId }),
  });
}

/** `POST …/end-users/{appUserId}/credits`; the list and the history are read again after it. */
export function useAdjustCredits(appId: string, appUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreditAdjustmentRequest) =>
      callRoute(CREDIT_ROUTES.adjustCredits, { appId, appUserId }, { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.all(appId) }),
  });
}
