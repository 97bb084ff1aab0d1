/**
 * The builder's token cookie. Over https it is `__Host-tessera_token`: the browser accepts that
 * name only when set by this very host with Secure, Path=/ and no Domain, so a sibling host on the
 * same registrable domain (an app on `*.example.com` next to the builder) cannot plant or shadow
 * it. Plain http (local use) keeps `tessera_token`, since `__Host-` cookies need https.
 */
const MAX_AGE_S = 7 * 24 * 3600;

/** The token cookie's name on this page's scheme. */
export function tokenCookieName(isHttps: boolean): string {
  return isHttps ? '__Host-tessera_token' : 'tessera_token';
}

/** The `document.cookie` assignment that stores `value` (or removes the cookie when null). */
export function tokenCookie(value: string | null, isHttps: boolean): string {
  const name = tokenCookieName(isHttps);
  const secure = isHttps ? '; Secure' : '';
  return value
    ? `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Strict${secure}`
    : `${name}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
}

/** The token in a `document.cookie` string, under this scheme's name only. */
export function readTokenCookie(cookies: string, isHttps: boolean): string | null {
  const wanted = tokenCookieName(isHttps);
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) {
      const value = rest.join('=');
      try {
        return value ? decodeURIComponent(value) : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
