import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ConnectorsResponseSchema,
  ContextItemResponseSchema,
  DeleteContextItemResponseSchema,
  IngestMetadataResponseSchema,
  IngestResponseSchema,
  ListContextItemsResponseSchema,
  ReplaceDataItemResponseSchema,
  type ConnectorsResponse,
  type ContextItem,
  type ContextItemMetadata,
  type IngestTextRequest,
  type ListContextItemsResponse,
} from '@tessera/contracts/context';
import { ApiError, NETWORK_ERROR_MESSAGE, apiFetch, getToken, isApiError, setToken } from '../../../shared/api';
import { toApiError } from '../../../shared/api/errors';

export const contextKeys = {
  all: ['context-items'] as const,
  list: (appId: string) => ['context-items', appId] as const,
  connectors: ['context-connectors'] as const,
};

const enc = encodeURIComponent;
const appQuery = (appId: string) => `appId=${enc(appId)}`;

/** `GET /api/context/items?appId=`: the app's items and whether the monthly data limit is used up. */
export function fetchContextItems(appId: string, signal?: AbortSignal): Promise<ListContextItemsResponse> {
  return apiFetch(`/api/context/items?${appQuery(appId)}`, { schema: ListContextItemsResponseSchema, signal });
}

/** The SSE stream of the app's item changes (see ContextItemEventSchema). */
export function contextEventsUrl(appId: string): string {
  return `/api/context/items/events?${appQuery(appId)}`;
}

/**
 * `POST /api/context/ingest/file?appId=[&replaceItemId=]` as multipart (apiFetch only speaks JSON):
 * same token handling and error shape as every other call. A replacement names the item it replaces,
 * so the plan's item limit does not count that one twice.
 */
export async function uploadContextFile(
  appId: string,
  file: File,
  { replaceItemId, signal }: { replaceItemId?: string; signal?: AbortSignal } = {},
): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers = new Headers({ accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    const query = replaceItemId ? `${appQuery(appId)}&replaceItemId=${enc(replaceItemId)}` : appQuery(appId);
    response = await fetch(`/api/context/ingest/file?${query}`, {
      method: 'POST',
      headers,
      body,
      credentials: 'omit',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  const newToken = response.headers.get('set-auth-token');
  if (newToken) setToken(newToken);
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, data);
  const parsed = IngestResponseSchema.safeParse(data);
  if (!parsed.success)
    throw new ApiError(
      response.status,
      'INTERNAL',
      'The server sent an answer this page does not understand. Reload and try again.',
    );
  return parsed.data.contextItemId;
}

export const contextApi = {
  ingestText: (appId: string, request: IngestTextRequest) =>
    apiFetch(`/api/context/ingest/text?${appQuery(appId)}`, {
      method: 'POST',
      body: request,
      schema: IngestResponseSchema,
    }),
  ingestMetadata: (appId: string, contextItems: ContextItemMetadata[]) =>
    apiFetch(`/api/context/ingest/metadata?${appQuery(appId)}`, {
      method: 'POST',
      body: { contextItems },
      schema: IngestMetadataResponseSchema,
    }),
  rename: (id: string, name: string) =>
    apiFetch(`/api/context/${enc(id)}`, { method: 'PATCH', body: { name }, schema: ContextItemResponseSchema }),
  delete: (id: string) =>
    apiFetch(`/api/context/${enc(id)}`, { method: 'DELETE', schema: DeleteContextItemResponseSchema }),
  /** Runs the item's ingestion again (`POST /api/context/{id}/sync`); unchanged chunks are kept. */
  resync: (id: string) =>
    apiFetch(`/api/context/${enc(id)}/sync`, { method: 'POST', body: {}, schema: ContextItemResponseSchema }),
  replace: (appId: string, oldItemId: string, newItemId: string) =>
    apiFetch(`/api/tools/${enc(appId)}/replaceDataItem`, {
      method: 'POST',
      body: { oldItemId, newItemId },
      schema: ReplaceDataItemResponseSchema,
    }),
};

/** The app's data items; `refetchInterval` is the polling fallback of the live updates. */
export function useContextItems(
  appId: string,
  { enabled = true, refetchInterval }: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    queryKey: contextKeys.list(appId),
    queryFn: ({ signal }) => fetchContextItems(appId, signal),
    enabled: enabled && Boolean(appId),
    refetchInterval,
  });
}

/**
 * Which connectors the server has credentials for. A server without the endpoint (or an error)
 * reads as none configured, which is what the dialog shows anyway.
 */
export function useConnectors(enabled = true) {
  return useQuery({
    queryKey: contextKeys.connectors,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async (): Promise<ConnectorsResponse> => {
      try {
        return await apiFetch('/api/context/connectors', { schema: ConnectorsResponseSchema });
      } catch (err) {
        if (isApiError(err) && (err.status === 404 || err.status === 0)) return { connectors: [] };
        throw err;
      }
    },
  });
}

/** Writes one changed item into the cached list (a live event, a rename); unknown items are ignored. */
export function mergeContextItem(queryClient: QueryClient, appId: string, item: ContextItem) {
  queryClient.setQueryData<ListContextItemsResponse>(contextKeys.list(appId), (data) => {
    if (!data) return data;
    let found = false;
    const contextItems = data.contextItems.map((existing) => {
      if (existing.id !== item.id) return existing;
      found = true;
      return item;
    });
    return found ? { ...data, contextItems } : data;
  });
}

/** The item mutations of the list; each refreshes the list when it settles. */
export function useContextItemMutations(appId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: contextKeys.list(appId) });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => contextApi.rename(id, name),
    onSuccess: ({ contextItem }) => mergeContextItem(queryClient, appId, contextItem),
  });
  const remove = useMutation({
    mutationFn: (id: string) => contextApi.delete(id),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<ListContextItemsResponse>(contextKeys.list(appId), (data) =>
        data ? { ...data, contextItems: data.contextItems.filter((item) => item.id !== id) } : data,
      ),
    onSettled: refresh,
  });
  const replace = useMutation({
    mutationFn: async ({ oldItemId, file }: { oldItemId: string; file: File }) => {
      const newItemId = await uploadContextFile(appId, file, { replaceItemId: oldItemId });
      return { newItemId, result: await replaceUploaded(appId, oldItemId, newItemId) };
    },
    onSettled: refresh,
  });
  const resync = useMutation({
    mutationFn: (id: string) => contextApi.resync(id),
    onSuccess: ({ contextItem }) => mergeContextItem(queryClient, appId, contextItem),
  });
  return { rename, remove, replace, resync, refresh };
}

/** Marks a failure of the replace call itself (the upload worked) so the UI shows the replace message. */
export class ReplaceFailedError extends Error {
  constructor(readonly reason: unknown) {
    super('replace failed');
    this.name = 'ReplaceFailedError';
  }
}

async function replaceUploaded(appId: string, oldItemId: string, newItemId: string) {
  try {
    return await contextApi.replace(appId, oldItemId, newItemId);
  } catch (err) {
    throw new ReplaceFailedError(err);
  }
}

/** The ingest mutations of the add forms; each refreshes the list once the item exists. */
export function useIngestMutations(appId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: contextKeys.list(appId) });
  const text = useMutation({
    mutationFn: (request: IngestTextRequest) => contextApi.ingestText(appId, request),
    onSuccess: refresh,
  });
  const file = useMutation({ mutationFn: (file: File) => uploadContextFile(appId, file), onSuccess: refresh });
  const metadata = useMutation({
    mutationFn: (items: ContextItemMetadata[]) => contextApi.ingestMetadata(appId, items),
    onSuccess: refresh,
  });
  return { text, file, metadata };
}
