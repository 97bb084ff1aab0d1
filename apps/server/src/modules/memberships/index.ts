// Paid memberships of apps' end users (docs/product/memberships.md), with each owner's own Gumroad or
// Stripe account: the owner's setup, the paywall, the providers' notifications, and the rule that an
// app with memberships on serves its data and host only to members.
import { Hono } from 'hono';
import type { AppSettings } from '@tessera/contracts/apps';
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { AppHostModule } from '../app-host';
import type { AppUsersModule } from '../app-users';
import type { AppRow } from '../apps/apps.repo';
import type { SettingsSecrets } from '../apps/settings-secrets';
import { createGumroadClient } from '../billing';
import { createMembershipStripe } from './memberships-stripe';
import { createMembershipsRepo } from './memberships.repo';
import { membershipsRoutes, requireMembership } from './memberships.routes';
import { createMembershipsService, membershipProductOf } from './memberships.service';

export interface MembershipsModuleDeps {
  signedIn: SignedIn;
  /** The apps module's: the app by id, the builder's own app (404 otherwise), and saving its settings as the panel does. */
  findApp: (appId: string) => Promise<AppRow | null>;
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
  saveSettings: (user: SessionUser, appId: string, settings: AppSettings) => Promise<unknown>;
  /** The apps module's encrypted settings (the owner's provider tokens). */
  settingsSecrets: SettingsSecrets;
  appUsers: Pick<AppUsersModule, 'appUsers' | 'addressOf'>;
  /** The app host: the paywall wears the app's look, and who may use an app there is decided here. */
  appHost: Pick<AppHostModule, 'findLook' | 'useAccess'>;
}

/** Builds the memberships module and tells the app host who may use an app (its users, its members). */
export function createMembershipsModule({ db, config }: Platform, deps: MembershipsModuleDeps) {
  const { settingsSecrets, appHost } = deps;
  const { appUsers } = deps.appUsers;
  const repo = createMembershipsRepo(db);
  const memberships = createMembershipsService({
    repo,
    findApp: deps.findApp,
    getOwned: deps.getOwned,
    saveSettings: deps.saveSettings,
    shownSettings: settingsSecrets.toShown,
    gumroadTokenOf: (row) => settingsSecrets.tokenOf(row.id, row.settings),
    gumroad: (accessToken) =>
      createGumroadClient({ accessToken, apiUrl: config.billing.apiUrls.gumroad, policy: config.outboundPolicy }),
    stripeKeyOf: (row) => settingsSecrets.tokenOf(row.id, row.settings, 'stripeSecretKey'),
    stripeWebhookSecretOf: (row) => settingsSecrets.tokenOf(row.id, row.settings, 'stripeWebhookSecret'),
    stripe: (secretKey) => createMembershipStripe({ secretKey, apiUrl: config.billing.apiUrls.stripe }),
    lookOf: (appId) => appHost.findLook(appId, 'published'),
    appUserEmailOf: deps.appUsers.addressOf,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
  });
  appHost.useAccess({
    // A user without the membership the app asks for is not one of its users here (uploads, model calls).
    isAppUser: async (appId, authorization, host) => {
      const principal = await appUsers.principalOf(appId, authorization, host);
      return Boolean(principal && (await memberships.allows(appId, { appUserId: principal.userId })));
    },
    paywallOf: async (app, authorization, host) => {
      // Without memberships every caller may: no query at all (tool runs ask on every run).
      if (!membershipProductOf(app.settings)) return null;
      const principal = await appUsers.principalOf(app.id, authorization, host);
      if (await memberships.allows(app.id, { appUserId: principal?.userId ?? null })) return null;
      return principal ? 'paywall' : 'login';
    },
    isMembersOnly: (hostApp) => membershipProductOf(hostApp.settings) !== null,
  });
  // After the entity API's callers are identified: members only while memberships are on.
  const routes = new Hono();
  routes.use('/live_api/apps/:appId/entities/*', requireMembership(memberships));
  routes.route('/', membershipsRoutes({ memberships, signedIn: deps.signedIn }));
  return {
    memberships,
    routes,
    /** Paid memberships' payments less refunds per day since a day (YYYY-MM-DD), in their currency. */
    revenueSince: (appId: string, from: string) => repo.revenueSince(appId, new Date(`${from}T00:00:00Z`)),
  };
}

export type MembershipsModule = ReturnType<typeof createMembershipsModule>;
export type { MembershipsService } from './memberships.service';
