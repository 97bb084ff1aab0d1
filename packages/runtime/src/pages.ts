import { DEFAULT_PAGE_NAMES, normalizePageName } from '@tessera/contracts/runtime';

/**
 * The page to show for a requested name (docs/product/runtime.md#screens-and-routes): matched case-insensitively with hyphens
 * ignored; otherwise the main page, then the default pages, then the first page.
 */
export function resolvePage(
  pages: readonly string[],
  requested: string | null,
  mainPage: string | null,
): string | null {
  const find = (name: string) => pages.find((p) => normalizePageName(p) === normalizePageName(name));
  const hit =
    (requested && find(requested)) || (mainPage && find(mainPage)) || DEFAULT_PAGE_NAMES.map(find).find(Boolean);
  return hit ?? pages[0] ?? null;
}

/** The page segment of a path under the app's base path (`/app/{slug}/taskdetail/` -> `taskdetail`), or null at the root. */
export function pageNameOfPath(pathname: string, basePath: string): string | null {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length).replace(/^\/+/, '');
  const segment = rest.split('/')[0] ?? '';
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `createPageUrl('TaskDetail?id=1')` -> `/app/{slug}/taskdetail/?id=1` (no prefix on a custom hostname). */
export function pageUrl(basePath: string, target: string): string {
  const [name = '', ...query] = target.split('?');
  const [page = '', hash] = name.split('#');
  const segment = page
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
  const path = segment ? `${basePath}/${encodeURI(segment)}/` : `${basePath}/`;
  return path + (query.length ? `?${query.join('?')}` : '') + (hash ? `#${hash}` : '');
}

/** A `nextUrl` is followed only when it stays on this origin (no open redirect through the login page). */
export function safeNextUrl(nextUrl: string | null, origin: string, fallback: string): string {
  if (!nextUrl) return fallback;
  try {
    const url = new URL(nextUrl, origin);
    if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
