/**
 * URL rules of the crawler: which links count as the same page (normalised, fragment dropped) and
 * which stay on the same site.
 */

// Links to these are not web pages; skipping them saves a request each.
const NON_PAGE_EXTENSIONS =
  /\.(?:pdf|docx?|xlsx?|pptx?|csv|zip|gz|tgz|rar|7z|tar|png|jpe?g|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|eot|css|js|mjs|json|xml|rss|atom|exe|dmg|apk|iso)$/i;

/** The canonical form of an http(s) link resolved against `base`, without its fragment; null for other schemes or garbage. */
export function normalizeUrl(href: string, base: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  // "?" alone is the same page as none.
  if (url.search === '?' || url.search === '') url.search = '';
  return url.href;
}

/** True when the link's path looks like a file rather than a page (by extension). */
export function looksLikeFile(url: URL): boolean {
  return NON_PAGE_EXTENSIONS.test(url.pathname);
}

const withoutWww = (hostname: string) => hostname.replace(/^www\./, '');
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
const isIpHost = (hostname: string) => /^\[.*\]$/.test(hostname) || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * True when `url` belongs to the site that `start` is on: the same host (a leading `www.` ignored)
 * or one of its subdomains, on either scheme. Without a public-suffix list this is narrower than
 * "same registrable domain" when the crawl starts on a subdomain, never wider. An explicit port
 * must match, so another service on the same machine is another site.
 */
export function isSameSite(url: URL, start: URL): boolean {
  const a = url.hostname.toLowerCase();
  const b = start.hostname.toLowerCase();
  const samePort = url.port === start.port || (!url.port && !start.port) || portOf(url) === portOf(start);
  if (!samePort) return false;
  if (isIpHost(a) || isIpHost(b)) return a === b;
  const base = withoutWww(b);
  const host = withoutWww(a);
  return host === base || host.endsWith(`.${base}`);
}
