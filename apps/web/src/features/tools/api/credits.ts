import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreditAdjustmentResponseSchema,
  CreditHistoryResponseSchema,
  EndUsersResponseSchema,
  type CreditAdjustmentRequest,
} from '@tessera/contracts/credits';
import { apiFetch } from '../../../shared/api';

const usersPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/end-users`;
const creditsPath = (appId: string, appUserId: string) =>
  `${usersPath(appId)}/${encodeURIComponent(appUserId)}/credits`;

export const creditKeys = {
  all: (appId: string) => ['end-users', appId] as const,
  list: (appId: string, q: string) => ['end-users', appId, 'list', q] as const,
  history: (appId: string, appUserId: string) => ['end-users', appId, 'history', appUserId] as const,
};

/** `GET /api/apps/{appId}/end-users?q=`: the newest end users with their credits and runs. */
export function useEndUsers(appId: string, q: string) {
  return useQuery({
    queryKey: creditKeys.list(appId, q),
    queryFn: () =>
      apiFetch(`${usersPath(appId)}?${new URLSearchParams(q ? { q } : {})}`, { schema: EndUsersResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/end-users/{appUserId}/credits`: one end user and the changes made to their credits. */
export function useCreditHistory(appId: string, appUserId: string) {
  return useQuery({
    queryKey: creditKeys.history(appId, appUserId),
    queryFn: () => apiFetch(creditsPath(appId, appUserId), { schema: CreditHistoryResponseSchema }),
  });
}

/** `POST …/end-users/{appUserId}/credits`; the list and the history are read again after it. */
export function useAdjustCredits(appId: string, appUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreditAdjustmentRequest) =>
      apiFetch(creditsPath(appId, appUserId), {
        method: 'POST',
        body: request,
        schema: CreditAdjustmentResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.all(appId) }),
  });
}
