/**
 * `@tessera/sdk`: what generated app code reaches through `@/entities/*`, `@/integrations/Core` and
 * `@/utils` (docs/generated-apps.md). Talks only to the app's own host; the app user's token lives
 * in this origin's localStorage, the preview token in its sessionStorage.
 */
import { APP_MESSAGES } from '@tessera/contracts';
import { type AppUser } from '@tessera/contracts/app-users';
import { ENTITY_LIST_MAX_LIMIT, type EntityPermissions, type EntitySchema } from '@tessera/contracts/entities';
import {
  appLoginPath,
  IMAGE_UPLOAD_TOAST_MS,
  PREVIEW_TOKEN_FRAGMENT,
  PREVIEW_TOKEN_HEADER,
  RUNTIME_MESSAGES,
  UPLOAD_MAX_BYTES,
} from '@tessera/contracts/runtime';
import { type RunToolResponse, type ToolFieldValue } from '@tessera/contracts/tool-runs';
import { logDebug } from './debug-log';
import { pageUrl } from './pages';
import { showToast } from './toasts';

const TOKEN_KEY = 'tessera.appUserToken';
/** The fragment that carries a fresh session to the next page when storage is refused. */
export const SESSION_FRAGMENT = 'tessera-session';
const PREVIEW_KEY = 'tessera.previewToken';

let settings = { appId: '', basePath: '' };

/** Called once by the runtime before any app code runs. */
export function configureSdk(next: { appId: string; basePath: string }): void {
  settings = next;
}

const storage = (kind: 'local' | 'session'): Storage | null => {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
};

// In memory first, like the preview token: a framed preview may be refused localStorage.
let appUserToken: string | null = null;
export const getAppUserToken = () => appUserToken ?? storage('local')?.getItem(TOKEN_KEY) ?? null;
/** Keeps the app user's token; false when the browser refused to store it (it then lives for this page view). */
export function setAppUserToken(token: string | null): boolean {
  appUserToken = token;
  try {
    const local = storage('local');
    if (!local) return false;
    if (token) local.setItem(TOKEN_KEY, token);
    else local.removeItem(TOKEN_KEY);
    return true;
  } catch {
    return false;
  }
}
// Kept in memory too: a framed preview may be refused storage by the browser's third-party rules.
let previewToken: string | null = null;
export const getPreviewToken = () => previewToken ?? storage('session')?.getItem(PREVIEW_KEY) ?? null;
export function setPreviewToken(token: string | null): void {
  previewToken = token;
  try {
    if (token) storage('session')?.setItem(PREVIEW_KEY, token);
    else storage('session')?.removeItem(PREVIEW_KEY);
  } catch {
    // Storage refused: the in-memory token still serves this page view.
  }
}

/** The headers that say who is calling: the app user's session and, in the preview, the preview token. */
export function callerHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getAppUserToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const preview = getPreviewToken();
  if (preview) headers[PREVIEW_TOKEN_HEADER] = preview;
  return headers;
}

/** An API error with the server's message and status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The page (path) whose data the entity API refused to this visitor for want of a session (a 401, or a
// call not sent for that reason): the runtime shows a sign-in card there. Keyed by the path, so another
// page forgets it with no reset that could run after the page's own first calls and undo them.
let signInNeededAt: string | null = null;
const signInListeners = new Set<() => void>();
const currentPath = () => window.location.pathname ?? '';
export const isSignInNeeded = () => signInNeededAt !== null && signInNeededAt === currentPath();
export function setSignInNeeded(value: boolean): void {
  const next = value ? currentPath() : null;
  if (signInNeededAt === next) return;
  signInNeededAt = next;
  signInListeners.forEach((l) => l());
}
export function subscribeSignInNeeded(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

/** One call to the app host, logged in the debug log; errors carry the server's message. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const started = performance.now();
  const headers: Record<string, string> = { ...callerHeaders(), accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload });
  } catch (err) {
    logDebug('error', `${method} ${path} failed`, String(err));
    throw new ApiError('The network request failed, check your connection', 0, null);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  const ms = Math.round(performance.now() - started);
  logDebug(res.ok ? 'info' : 'warn', `${method} ${path} ${res.status} (${ms} ms)`);
  if (!res.ok) {
    const error = (data as { error?: { message?: string; code?: string } } | null)?.error;
    // Signed-in users are refused with a 403: a 401 means no session, or one the server no longer knows.
    // User.me answers null for a lapsed session by itself (a public page may call it).
    if (res.status === 401 && path.startsWith(entityPath('')) && !path.startsWith(entityPath('User', '/me'))) {
      setAppUserToken(null);
      setSignInNeeded(true);
    }
    throw new ApiError(error?.message ?? `Request failed (${res.status})`, res.status, error?.code ?? null);
  }
  return data as T;
}

const entityPath = (name: string, rest = '') =>
  `/live_api/apps/${encodeURIComponent(settings.appId)}/entities/${encodeURIComponent(name)}${rest}`;

/**
 * The limit a list sends: what the entity API serves in one call. Generated code asks for "all" rows
 * with 10000 or Infinity; that gets the maximum (and a note in the debug log) rather than a refusal.
 */
function listLimit(entityName: string, limit: number | undefined): number | undefined {
  if (limit === undefined || limit === null) return undefined;
  const n = Number(limit);
  if (!(n >= 1)) return undefined;
  if (n <= ENTITY_LIST_MAX_LIMIT) return Math.floor(n);
  logDebug(
    'warn',
    `${entityName}: one list call returns at most ${ENTITY_LIST_MAX_LIMIT} rows (asked for ${limit}); page with skip`,
  );
  return ENTITY_LIST_MAX_LIMIT;
}

function listQuery(params: { q?: unknown; sort?: string; limit?: number; skip?: number }): string {
  const search = new URLSearchParams();
  if (params.q !== undefined) search.set('q', JSON.stringify(params.q));
  search.set('sort', params.sort ?? '-createdAt');
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.skip !== undefined) search.set('skip', String(params.skip));
  return `?${search}`;
}

export type EntityRecord = { id: string; createdAt: string; creatorId: string | null; [field: string]: unknown };

// Who may read and write each entity of the loaded version (its bundle's schemas).
let permissions = new Map<string, EntityPermissions>();
/** Called by the runtime with the bundle's schemas, before the app's pages render. */
export function configureEntities(schemas: Record<string, EntitySchema>): void {
  permissions = new Map();
  // The User entity's schema may carry no rules of its own: its calls then go to the API as they are.
  for (const [name, schema] of Object.entries(schemas)) {
    const rules = (schema as Partial<EntitySchema>)['x-accessControl']?.permissions;
    if (rules) permissions.set(name, rules);
  }
}

/**
 * A visitor's call (no app user, not the builder's preview) that the entity API would refuse for
 * want of a session is not sent: it fails here as the API's 401 would, and the page asks to sign in.
 */
function visitorRefusal(name: string, operation: keyof EntityPermissions): ApiError | null {
  const level = permissions.get(name)?.[operation];
  if (level === undefined || level === 'anonymous' || getAppUserToken() || getPreviewToken()) return null;
  logDebug('info', `${name}: only signed-in users may ${operation} it; not asked`);
  setSignInNeeded(true);
  return new ApiError(APP_MESSAGES.unauthorized, 401, 'UNAUTHORIZED');
}

/** The client of one entity (docs/generated-apps.md "Entity client"). */
export function entity(name: string) {
  const call = <T>(operation: keyof EntityPermissions, method: string, rest: string, body?: unknown): Promise<T> => {
    const refused = visitorRefusal(name, operation);
    return refused ? Promise.reject(refused) : apiRequest<T>(method, entityPath(name, rest), body);
  };
  const client = {
    list: (sort?: string, limit?: number, skip?: number) =>
      call<EntityRecord[]>('read', 'GET', listQuery({ sort, limit: listLimit(name, limit), skip })),
    filter: (query: Record<string, unknown>, sort?: string, limit?: number, skip?: number) =>
      call<EntityRecord[]>('read', 'GET', listQuery({ q: query ?? {}, sort, limit: listLimit(name, limit), skip })),
    get: (id: string) => call<EntityRecord>('read', 'GET', `/${encodeURIComponent(id)}`),
    create: (data: Record<string, unknown>) => call<EntityRecord>('write', 'POST', '', data),
    update: (id: string, data: Record<string, unknown>) =>
      call<EntityRecord>('write', 'PUT', `/${encodeURIComponent(id)}`, data),
    delete: (id: string) => call<unknown>('write', 'DELETE', `/${encodeURIComponent(id)}`),
    deleteMany: (query: Record<string, unknown>) =>
      call<{ deleted: number }>('write', 'DELETE', `?q=${encodeURIComponent(JSON.stringify(query ?? {}))}`),
    bulkCreate: (rows: Array<Record<string, unknown>>) => call<EntityRecord[]>('write', 'POST', '/bulk', rows),
    schema: () => call<unknown>('read', 'GET', '/schema'),
  };
  if (name !== 'User') return client;
  return { ...client, me, updateMe, login, logout };
}

/** The signed-in app user, or null. */
export async function me(): Promise<AppUser | null> {
  if (!getAppUserToken()) return null;
  try {
    return await apiRequest<AppUser>('GET', entityPath('User', '/me'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setAppUserToken(null);
      return null;
    }
    throw err;
  }
}

export const updateMe = (data: Record<string, unknown>) => apiRequest<AppUser>('PUT', entityPath('User', '/me'), data);

/**
 * This page's URL to come back to after the login page. In the preview the token rides along in
 * the fragment: a framed preview may have no storage to find it in after the round trip.
 */
export function returnUrl(href = window.location.href): string {
  const preview = getPreviewToken();
  if (!preview) return href;
  const [base = '', fragment = ''] = href.split('#');
  const hash = new URLSearchParams(fragment);
  hash.set(PREVIEW_TOKEN_FRAGMENT, preview);
  return `${base}#${hash}`;
}

/** The login page's URL, coming back to `nextUrl` (default: here). */
export const loginUrl = (nextUrl?: string) =>
  `${appLoginPath(settings.appId)}?nextUrl=${encodeURIComponent(returnUrl(nextUrl))}`;

/** The paywall of an app with paid memberships, coming back to `nextUrl` (default: here). */
export const paywallUrl = (nextUrl?: string) =>
  `/apps/${encodeURIComponent(settings.appId)}/membership?nextUrl=${encodeURIComponent(returnUrl(nextUrl))}`;

/** Goes to the app's login page, coming back to `nextUrl` (default: here). */
export function login(nextUrl?: string): void {
  window.location.assign(loginUrl(nextUrl));
}

/** Ends the session on the server, forgets the token and reloads the page as an anonymous visitor. */
export async function logout(): Promise<void> {
  if (getAppUserToken())
    await apiRequest('POST', `/live_api/apps/${encodeURIComponent(settings.appId)}/auth/sign-out`).catch(
      () => undefined,
    );
  setAppUserToken(null);
  window.location.reload();
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/** `Core.UploadFile({ file })` -> `{ file_url }` on this host (images under 10 MB). */
export async function UploadFile({ file }: { file: File | Blob }): Promise<{ file_url: string }> {
  const fail = (message: string): never => {
    showToast(message, { type: 'error', durationMs: IMAGE_UPLOAD_TOAST_MS });
    throw new ApiError(message, 400, 'BAD_REQUEST');
  };
  if (!(file instanceof Blob)) fail(RUNTIME_MESSAGES.uploadFailed);
  if (!IMAGE_TYPES.includes(file.type)) fail(RUNTIME_MESSAGES.notAnImage);
  if (file.size >= UPLOAD_MAX_BYTES) fail(RUNTIME_MESSAGES.fileTooLarge);
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  try {
    return await apiRequest<{ file_url: string }>('POST', '/integrations/Core/UploadFile', form);
  } catch (err) {
    showToast(RUNTIME_MESSAGES.uploadFailed, { type: 'error', durationMs: IMAGE_UPLOAD_TOAST_MS });
    throw err;
  }
}

/**
 * `Core.InvokeLLM({ prompt, response_json_schema?, add_context_from_data_sources? })` -> text, or the
 * parsed object when a schema is given; with add_context_from_data_sources the answer draws on the
 * app's data sources. Without a model on the server, the offline answer model quotes that data.
 */
export async function InvokeLLM(input: {
  prompt: string;
  response_json_schema?: Record<string, unknown>;
  add_context_from_data_sources?: boolean;
}): Promise<unknown> {
  const { result } = await apiRequest<{ result: unknown }>('POST', '/integrations/Core/InvokeLLM', input);
  return result;
}

/** `Core.SendEmail({ to, subject, body, from_name? })`: a plain-text mail to one of this app's users. */
export async function SendEmail(input: {
  to: string;
  subject: string;
  body: string;
  from_name?: string;
}): Promise<{ sent: true }> {
  return apiRequest<{ sent: true }>('POST', '/integrations/Core/SendEmail', input);
}

/**
 * `Core.ExtractDataFromUploadedFile({ file, json_schema })` -> `{ status: 'success', output }`: a text,
 * CSV, DOCX or PDF file (under 4 MB) read into a value of the JSON Schema.
 */
export async function ExtractDataFromUploadedFile({
  file,
  json_schema,
}: {
  file: File | Blob;
  json_schema: Record<string, unknown>;
}): Promise<{ status: 'success'; output: unknown }> {
  const form = new FormData();
  // The schema goes first: the server reads the fields before the file part.
  form.append('json_schema', JSON.stringify(json_schema));
  form.append('file', file, file instanceof File ? file.name : 'document');
  return apiRequest<{ status: 'success'; output: unknown }>(
    'POST',
    '/integrations/Core/ExtractDataFromUploadedFile',
    form,
  );
}

/** `Core.GenerateImage({ prompt })` -> `{ url }` where the server has an image model (a clear error otherwise). */
export async function GenerateImage(input: { prompt: string }): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('POST', '/integrations/Core/GenerateImage', input);
}

/**
 * `Core.RunTool({ tool, inputs })` -> `{ runId, result, sources, creditsLeft, runsLeft }`: a run of one
 * of this app's active tools (`tool` is its path; `inputs` its field values, the main input being
 * `input`), with the caller's limits and credits like a run on the tool's own page. A refusal (a
 * limit, no credits, a missing field, a draft tool) throws an ApiError with the server's message.
 */
export async function RunTool({
  tool,
  inputs = {},
}: {
  tool: string;
  inputs?: Record<string, ToolFieldValue>;
}): Promise<RunToolResponse> {
  return apiRequest<RunToolResponse>('POST', '/integrations/Core/RunTool', { tool, inputs });
}

/** `createPageUrl('TaskDetail?id=1')` -> this page's URL on this host. */
export function createPageUrl(target: string): string {
  return pageUrl(settings.basePath, target);
}

export { showToast as toast } from './toasts';
export { getDebugLog } from './debug-log';
export { useAppLook } from './look';
