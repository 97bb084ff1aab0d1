import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TOKEN_REFRESH_INTERVAL_MS, type SessionResponse } from '@tessera/contracts/auth';
import { apiFetch, clearToken, getToken, onTokenChange } from '../api';

/** `GET /api/auth/get-session`: the identity provider's session and the signed-in user. */
export type Session = NonNullable<SessionResponse>;

export const SESSION_QUERY_KEY = ['session'] as const;

/** Reads the session of the stored token; a token the server no longer knows is dropped. */
export async function fetchSession(): Promise<Session | null> {
  if (!getToken()) return null;
  const data = await apiFetch<Session | null>('/api/auth/get-session', { onUnauthorized: 'throw' });
  if (!data?.user) {
    clearToken();
    return null;
  }
  return data;
}

/** Fetches the session now (after a sign-in, a verification) and caches it for every reader. */
export function refreshSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 });
}

/**
 * The current session. It refreshes every TOKEN_REFRESH_INTERVAL_MS (docs/product/accounts-and-plans.md#limits); token changes,
 * in this tab or another, refresh it at once (see useSessionSync).
 */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    // Without a token there is nothing to ask the server: signed out, at once and without a flash.
    initialData: () => (getToken() ? undefined : null),
    staleTime: TOKEN_REFRESH_INTERVAL_MS,
    refetchInterval: TOKEN_REFRESH_INTERVAL_MS,
    retry: 1,
  });
  return {
    user: query.data?.user ?? null,
    session: query.data ?? null,
    isPending: query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: query.refetch,
  };
}

/** Keeps the cached session in step with the token: mount once near the root. */
export function useSessionSync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onTokenChange((token) => {
        if (token === null) {
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
          queryClient.removeQueries({
            predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] && q.queryKey[0] !== 'config',
          });
        } else {
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }
      }),
    [queryClient],
  );
}

/**
 * Ends the session on the server (best effort) and forgets it here. The token is cleared even when
 * the server cannot be reached, so signing out always works.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getToken()) {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {}, onUnauthorized: 'throw' }).catch(() => undefined);
  }
  clearToken();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}
