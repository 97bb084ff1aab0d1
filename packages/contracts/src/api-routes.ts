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
import type { ApiResponseSpec, ApiRoute } from './api-route';
import { ErrorBodySchema } from './errors';

/**
 * Every HTTP route of the server, described once: the server builds its OpenAPI document from this
 * list (`GET /api/openapi.json`, `GET /api/docs`), and a test checks it against the routes the app
 * registers. Request schemas are the very objects the routes validate with.
 */

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
