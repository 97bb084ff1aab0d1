import type { Hono } from 'hono';
import type { RuntimeBoot } from '@tessera/contracts/runtime';
import type { HostApp } from './app-host.service';

/** What the app host's router knows of a request: the app its Host names, and whether that is a custom hostname. */
export type HostEnv = { Variables: { hostApp: HostApp; isCustomHost: boolean } };

/**
 * Routes another module serves on an app's own host (the tool run API, the app chat assistant),
 * registered through the app host: they go on its router before its own catch-alls.
 */
export interface HostRoutes {
  /** The `/live_api/…` paths these routes answer on an app host (the entity API never sees them). */
  livePaths: RegExp;
  /**
   * Paths whose calls spend the owner's model budget: while paid memberships are on, its members'
   * (and its owner's preview's) only (docs/product/memberships.md).
   */
  membersOnly: string[];
  register(routes: Hono<HostEnv>): void;
  /**
   * What these routes add to the boot data of the app's pages (the chat assistant: whether its
   * widget shows), so a page never asks for what the app does not have.
   */
  bootOf?: (app: HostApp) => Promise<Partial<Pick<RuntimeBoot, 'chat'>>>;
}

/** Who may use an app on its host: the rules of the app users' and the memberships' modules. */
export interface HostAccess {
  /** True when the request carries a live session of one of this app's users, issued on `host`. */
  isAppUser: (appId: string, authorization: string | undefined, host: string) => Promise<boolean>;
  /**
   * Paid memberships (docs/product/memberships.md): null when the caller may use the app, else where
   * to send them: the login page (no user) or the paywall (a user without a membership). The host's
   * app (its settings as the host has them) says whether memberships are on at all.
   */
  paywallOf: (app: HostApp, authorization: string | undefined, host: string) => Promise<'login' | 'paywall' | null>;
  /** Whether the app's paid memberships are on (its tool pages say so). */
  isMembersOnly: (app: HostApp) => boolean;
}
