import { VISITOR_COOKIE } from '@tessera/contracts/tool-runs';

const VISITOR_COOKIE_MAX_AGE_S = 400 * 86_400;

/** The visitor id cookie: on this app's host only, unreadable by its scripts, a bit over a year. */
export const visitorCookie = (token: string, secure: boolean) =>
  `${VISITOR_COOKIE}=${token}; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
