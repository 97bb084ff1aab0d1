import {
  answerSchemaOf,
  routeUrl,
  type ApiRoute,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
} from '@tessera/contracts/api';
import { toast } from '@tessera/ui';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from './errors';
import { getToken, setToken } from './token';

/** Any contract schema (zod) that can check an answer. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the answer with the contract's schema. */
  schema?: ResponseSchema<T>;
  /** 'redirect' (data APIs): a 401 signs the user out and sends them to login. 'throw': the caller handles it. */
  onUnauthorized?: 'redirect' | 'throw';
  /** Cookies are never needed except to pick up a session the OAuth callback left in one. */
  credentials?: RequestCredentials;
  /** Send the stored bearer token (default). Off only to read a cookie session (OAuth return). */
  withToken?: boolean;
  signal?: AbortSignal;
  /** Reads the headers of a successful answer (e.g. a list's X-Total-Count). */
  onHeaders?: (headers: Headers) => void;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** Registers what a 401 from a data API does (the app clears the session; the router then goes to login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  unauthorizedHandler = handler;
}

/**
 * The one fetch wrapper of the builder: sends the bearer token, stores any token the server hands
 * back in `set-auth-token`, turns error bodies into ApiError with the server's message, and shows
 * one generic toast when the network is down.
 */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const {
    method = request.body === undefined ? 'GET' : 'POST',
    body,
    schema,
    onUnauthorized = 'redirect',
    credentials = 'omit',
    withToken = true,
    signal,
  } = request;
  const headers = new Headers({ accept: 'application/json' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const token = withToken ? getToken() : null;
  if (token) headers.set('authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials,
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    toast.error(NETWORK_ERROR_MESSAGE, { id: 'network-error' });
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }

  const newToken = response.headers.get('set-auth-token');
  if (newToken) setToken(newToken);

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (!response.ok) {
    const error = toApiError(response.status, data);
    if (response.status === 401 && onUnauthorized === 'redirect') unauthorizedHandler();
    throw error;
  }
  request.onHeaders?.(response.headers);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError(
      response.status,
      'INTERNAL',
      'The server sent an answer this page does not understand. Reload and try again.',
    );
  return parsed.data;
}

/** A call of a contracts registry route: its body (when the route takes one) and a query string. */
export interface RouteRequest<R extends ApiRoute> extends Pick<
  ApiRequest<RouteAnswer<R>>,
  'onUnauthorized' | 'signal'
> {
  body?: RouteBody<R>;
  query?: Record<string, string> | URLSearchParams;
}

/**
 * Calls a route of the contracts' registry: the method and the address come from its entry (a path is
 * written once), and the answer is checked with the entry's schema and typed by it.
 */
export function callRoute<R extends ApiRoute>(
  route: R,
  params: RouteParams<R>,
  { query, ...request }: RouteRequest<R> = {},
): Promise<RouteAnswer<R>> {
  return apiFetch(routeUrl(route, params, query), {
    ...request,
    method: route.method.toUpperCase() as NonNullable<ApiRequest<unknown>['method']>,
    schema: answerSchemaOf(route) as ResponseSchema<RouteAnswer<R>> | undefined,
  });
}

/** A call whose body or answer is not JSON (an upload, a zip, a CSV), with the builder's token and the server's error messages. */
export async function rawFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: toApiError gives the generic message
    }
    throw toApiError(res.status, body);
  }
  return res;
}
