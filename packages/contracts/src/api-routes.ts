import type { z } from 'zod';
import { ANALYTICS_API_ROUTES } from './api-routes-analytics';
import { MEMBERSHIP_API_ROUTES } from './api-routes-memberships';
import { APP_CHAT_API_ROUTES } from './api-routes-app-chat';
import { DOMAINS_API_ROUTES } from './api-routes-domains';
import { APPS_API_ROUTES } from './api-routes-apps';
import { AUTH_API_ROUTES } from './api-routes-auth';
import { ADMIN_API_ROUTES, BILLING_API_ROUTES } from './api-routes-billing';
import { CODE_API_ROUTES } from './api-routes-code';
import { EXPORT_API_ROUTES } from './api-routes-export';
import { CONTEXT_API_ROUTES } from './api-routes-context';
import { CREDITS_API_ROUTES } from './api-routes-credits';
import { LIVE_API_ROUTES } from './api-routes-live';
import { TOOL_BATCH_API_ROUTES } from './api-routes-tool-batches';
import { TOOL_RUN_API_ROUTES } from './api-routes-tool-runs';
import { TOOLS_API_ROUTES } from './api-routes-tools';
import { TEMPLATE_API_ROUTES } from './api-routes-templates';
import { ErrorBodySchema } from './errors';

/**
 * Every HTTP route of the server, described once: the server builds its OpenAPI document from this
 * list (`GET /api/openapi.json`, `GET /api/docs`), and a test checks it against the routes the app
 * registers. Request schemas are the very objects the routes validate with.
 */

export const API_TAGS = {
  System: 'Health and public configuration.',
  Auth: 'Builder sign-up, sign-in and mailed links (the identity provider under /api/auth, and the mail-sending account calls).',
  Account: 'The builder account: plan, role, admin.',
  Billing: "Builder plans: the plan cards, Stripe Checkout and portal, Gumroad sales, and the providers' webhooks.",
  Apps: 'Apps of the signed-in builder: create, list, read, rename, duplicate, delete, style, settings, entity schemas.',
  Chat: 'The app-building chat and its live stream.',
  Versions: 'Immutable app versions: list, read, changes, restore, publish, previews.',
  Entities: "A generated app's data: the entity API, per-entity access rules.",
  'App users': 'End users of a generated app: their sign-up, sign-in, profile and invitations.',
  'App host': "What an app's own host ({slug}.APPS_DOMAIN) answers besides pages: its bundle and integrations.",
  'Data sources': 'Context items of an app: uploads, pasted text, web pages, connectors, live status, search.',
  Tools: 'Single AI tools of an app: the tools collection, activation, magic field creation, the claim invitation.',
  Templates: "The template library: admins' published apps that builders copy into apps of their own.",
  CSV: 'CSV import helpers.',
  Dev: 'The dev mail outbox (loopback clients only, while mails are not sent over SMTP).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * Who may call: `none` (anyone), `builder` (a builder's bearer token), `appUser` (one of the app's
 * users by their `tsa_` token, or the owner's signed preview on the app host), `ownerOrAppUser`
 * (optional: the app owner's builder token, one of the app's users, or no one; the entity's access
 * rules decide).
 */
export type ApiAuth = 'none' | 'builder' | 'appUser' | 'ownerOrAppUser';
export const API_AUTH_LABELS: Record<ApiAuth, string> = {
  none: 'None',
  builder: 'Builder bearer token',
  appUser: "App user's bearer token (tsa_…) or the owner's preview token",
  ownerOrAppUser:
    "Optional: the owner's builder token, an app user's token, or none (the entity's access rules decide)",
};

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A response without a zod schema: its media type and what it carries, in words. */
export interface ApiResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Default `application/json`. */
  contentType?: string;
}

export interface ApiRoute {
  method: ApiMethod;
  /** OpenAPI form: `/api/apps/{appId}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  auth: ApiAuth;
  /** `appHost`: served on an app's own host only; `both`: on the builder's origin and on the app's host. */
  host?: 'appHost' | 'both';
  query?: z.ZodObject;
  /** A JSON body, validated with this schema. */
  body?: z.ZodType;
  /** A multipart body: its parts, in words (uploads stream; no JSON). */
  multipart?: string;
  /** Success answers by status. Errors are added by `responsesOf`. */
  responses: Record<number, z.ZodType | ApiResponseSpec>;
  /** Error statuses besides the ones `responsesOf` derives (400 for input, 401 for auth, 404 for ids). */
  errors?: number[];
}

export const API_ROUTES: readonly ApiRoute[] = [
  ...AUTH_API_ROUTES,
  ...APPS_API_ROUTES,
  ...CODE_API_ROUTES,
  ...EXPORT_API_ROUTES,
  ...LIVE_API_ROUTES,
  ...TOOL_RUN_API_ROUTES,
  ...CONTEXT_API_ROUTES,
  ...BILLING_API_ROUTES,
  ...ADMIN_API_ROUTES,
  ...TOOLS_API_ROUTES,
  ...TOOL_BATCH_API_ROUTES,
  ...CREDITS_API_ROUTES,
  ...ANALYTICS_API_ROUTES,
  ...MEMBERSHIP_API_ROUTES,
  ...APP_CHAT_API_ROUTES,
  ...DOMAINS_API_ROUTES,
  ...TEMPLATE_API_ROUTES,
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: the message names the field.',
  401: 'Not signed in, or the token is not valid here.',
  403: 'Not allowed (plan limit, role, or access rules).',
  404: 'Not found, or not yours.',
  409: 'Conflict with the current state.',
  413: 'Body too large.',
  429: 'Too many requests.',
  502: 'A mail or an outbound fetch failed.',
};

/** A route's answers, errors included: every error has the `{ error: { code, message, details } }` shape. */
export function responsesOf(route: ApiRoute): Record<number, ApiResponseSpec> {
  const out: Record<number, ApiResponseSpec> = {};
  for (const [status, value] of Object.entries(route.responses))
    out[Number(status)] = 'safeParse' in value ? { description: 'OK', schema: value } : value;
  const errors = new Set(route.errors);
  if (route.body || route.query || route.multipart) errors.add(400);
  if (route.auth === 'builder' || route.auth === 'appUser') errors.add(401);
  if (route.path.includes('{')) errors.add(404);
  for (const status of [...errors].sort())
    out[status] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error.', schema: ErrorBodySchema };
  return out;
}
