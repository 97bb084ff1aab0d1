// Visits and active users of published apps, and the builder's figures (docs/product/analytics.md).
import type { Platform } from '../../platform/platform';
import type { SignedIn } from '../../platform/http/signed-in';
import type { AppHostService } from '../app-host';
import { createAnalyticsRepo } from './analytics.repo';
import { analyticsHost, analyticsRoutes } from './analytics.routes';
import { createAnalyticsService, type AnalyticsDeps } from './analytics.service';

export interface AnalyticsModuleDeps extends Pick<AnalyticsDeps, 'getOwned' | 'revenueSince'> {
  signedIn: SignedIn;
  /** Which app a Host serves (the app host's): the visit beacon counts on app hosts only. */
  appHost: Pick<AppHostService, 'appHostOf' | 'appOfSlug'>;
}

/** Builds the analytics module: the service (active users are marked through it), its routes and the beacon. */
export function createAnalyticsModule({ db, config, logger }: Platform, deps: AnalyticsModuleDeps) {
  const { appHost } = deps;
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(db),
    getOwned: deps.getOwned,
    secret: config.authSecret,
    logger,
    revenueSince: deps.revenueSince,
  });
  return {
    analytics,
    routes: analyticsRoutes({ analytics, signedIn: deps.signedIn }),
    /** The runtime's visit beacon on an app's own host, mounted before the app hosts' front door. */
    beacon: analyticsHost({
      analytics,
      hostAppIdOf: async (host) => {
        const found = appHost.appHostOf(host);
        return found ? ((await appHost.appOfSlug(found.slug))?.id ?? null) : null;
      },
      trustProxy: config.trustProxy,
      secret: config.authSecret,
    }),
  };
}

export type { AnalyticsService } from './analytics.service';
