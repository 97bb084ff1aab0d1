import type { z } from 'zod';

// What one entry of the route registry is, with the tags and callers the OpenAPI document names.

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
  errors?: readonly number[];
}

/**
 * A module's routes by name, each keeping its literal method, path and schemas: the server registers
 * its handlers against them and the web client builds its calls from them, so a path is written once.
 */
export function defineRoutes<const T extends Record<string, ApiRoute>>(routes: T): T {
  return routes;
}
