import type { HostApp } from './app-host.service';

/** The app a request's Host named, kept from the front door (host-dispatch.ts) to the host's router. */
const hostAppOf = new WeakMap<Request, { app: HostApp; isCustom: boolean }>();

/** Remembers the app of a request the front door hands to the app host. */
export function setHostApp(request: Request, found: { app: HostApp; isCustom: boolean }): void {
  hostAppOf.set(request, found);
}

/** The app the front door found for this request (every request on the host's router has one). */
export function hostAppOfRequest(request: Request): { app: HostApp; isCustom: boolean } {
  return hostAppOf.get(request)!;
}
