/**
 * The app's look in the page (docs/product/runtime.md#screens-and-routes, App style and App texts): the theme variables
 * on `:root`, the favicon, the tab title and description, and the texts and logo the app's own code
 * reads through `useAppLook()` (`@/utils`). The bundle carries the look; the builder's preview gets
 * edits at once through the `look_changed` frame message.
 */
import { useSyncExternalStore } from 'react';
import { EMPTY_LOOK, themeCss, type AppLook } from '@tessera/contracts/apps';

let look: AppLook = EMPTY_LOOK;
let appName = '';
const listeners = new Set<() => void>();

/** Inter, served by the app's own host (no font is fetched from another site). */
const FONT_FACES = ['Inter Variable', 'Inter']
  .map(
    (family) =>
      `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:100 900;src:url(/_runtime/fonts/inter-latin-wght-normal.woff2) format("woff2-variations")}`,
  )
  .join('');

function upsert<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  id: string,
  attrs: Record<string, string>,
): HTMLElementTagNameMap[K] {
  let el = document.getElementById(id) as HTMLElementTagNameMap[K] | null;
  if (!el) {
    el = document.createElement(tag);
    el.id = id;
    document.head.appendChild(el);
  }
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

/** The shell's icon (app-shell.ts) until the look names one: empty, asked of no host. */
const NO_FAVICON = 'data:,';

/** Resolves a `/files/...` address against the page (uploads live on the app's own host). */
const absolute = (url: string) => new URL(url, window.location.href).href;

/** Puts a look in the page and tells the app's components. */
export function applyLook(next: AppLook, name: string = appName): void {
  look = next;
  appName = name;
  upsert('style', 'tessera-app-look', {}).textContent = `${FONT_FACES}${themeCss(next.style)}`;
  const favicon = next.style.faviconUrl ?? next.style.logoUrl;
  // No icon of its own: an empty one, so the browser never asks the host for a /favicon.ico it lacks.
  upsert('link', 'tessera-favicon', { rel: 'icon', href: favicon ? absolute(favicon) : NO_FAVICON });
  const description = next.texts.shareDescription ?? next.texts.description;
  if (description) upsert('meta', 'tessera-description', { name: 'description', content: description });
  else document.getElementById('tessera-description')?.remove();
  document.title = next.texts.header ?? name;
  for (const listener of listeners) listener();
}

export const getLook = () => look;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What an app's components show of the builder's texts and logo; empty fields are the app's own choice. */
export interface AppLookForComponents {
  name: string;
  header: string;
  description: string;
  welcomeMessage: string;
  logoUrl: string | null;
}

/**
 * `useAppLook()` from `@/utils`: the App texts and logo, kept current while the builder edits them.
 * `header` falls back to the app's name; the other texts are '' when the builder set none.
 */
export function useAppLook(): AppLookForComponents {
  const current = useSyncExternalStore(subscribe, getLook);
  return {
    name: appName,
    header: current.texts.header ?? appName,
    description: current.texts.description ?? '',
    welcomeMessage: current.texts.welcomeMessage ?? '',
    logoUrl: current.style.logoUrl ? absolute(current.style.logoUrl) : null,
  };
}

/** The "Built with Tessera" badge, unless the owner's plan hides it. */
export function useShowsWatermark(): boolean {
  return useSyncExternalStore(subscribe, getLook).showWatermark;
}
