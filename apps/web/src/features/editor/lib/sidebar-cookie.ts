/** docs/product/editor-and-chat.md#screens-and-routes: the sidebar's open state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE_NAME = 'tessera_sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;

/** Reads the sidebar state from a cookie header string; open when nothing was saved. */
export function readSidebarOpen(cookie: string): boolean {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return value !== 'false';
  }
  return true;
}

/** The cookie string that saves the sidebar state. */
export function sidebarCookie(isOpen: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${isOpen}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
