/**
 * The navigation rules of docs/product/accounts-and-plans.md#screens-and-routes as one pure function, so they can be tested without a browser.
 *
 * - `/` goes to /home when signed in, else to /login.
 * - Without a user: public pages are left alone; any other page goes to /login?redirectTo=<page>.
 *   /auth/verifyEmail is only exempt on first load: a user who signs out there goes to login.
 * - A user with an unverified e-mail goes to /auth/verifyEmail carrying the query string (plus
 *   continueUrl=<page> when absent), except on the root, item, tool, joinPlan, logout, settings
 *   and auth pages (and on public pages such as error pages and the dev outbox).
 */
export interface NavigationInput {
  pathname: string;
  search: string;
  user: { emailVerified: boolean } | null;
  /** There was a user at the previous evaluation: the session just ended (sign-out, 401, other tab). */
  wasSignedIn: boolean;
}

/** Pages anyone may see without signing in. */
const PUBLIC_PAGES = [
  /^\/login$/,
  /^\/logout$/,
  /^\/auth\/handler$/,
  /^\/error(\/.*)?$/,
  /^\/dev\/mail$/,
  /^\/tool(\/.*)?$/,
  /^\/joinPlan$/,
];
/** Public on first load only. */
const FIRST_LOAD_PUBLIC_PAGES = [/^\/auth(\/.*)?$/];
/** Pages an unverified user may stay on. */
const UNVERIFIED_ALLOWED = [
  /^\/auth(\/.*)?$/,
  /^\/login$/,
  /^\/logout$/,
  /^\/settings$/,
  /^\/item(\/.*)?$/,
  /^\/tool(\/.*)?$/,
  /^\/joinPlan$/,
  /^\/error(\/.*)?$/,
  /^\/dev\/mail$/,
];

const matches = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Where the user must go instead of the current page, or null to stay. */
export function resolveNavigation({ pathname, search, user, wasSignedIn }: NavigationInput): string | null {
  const path = normalisePath(pathname);
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';

  if (path === '/') {
    if (!user) return `/login${query}`;
    return resolveNavigation({ pathname: '/home', search: query, user, wasSignedIn }) ?? `/home${query}`;
  }

  if (!user) {
    if (matches(PUBLIC_PAGES, path)) return null;
    if (!wasSignedIn && matches(FIRST_LOAD_PUBLIC_PAGES, path)) return null;
    return `/login?${new URLSearchParams({ redirectTo: path + query })}`;
  }

  if (!user.emailVerified && !matches(UNVERIFIED_ALLOWED, path)) {
    const params = new URLSearchParams(query);
    if (!params.has('continueUrl')) params.set('continueUrl', path + query);
    return `/auth/verifyEmail?${params}`;
  }
  return null;
}
