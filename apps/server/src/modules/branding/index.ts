// App style and App texts of a builder's app, the fonts the app hosts serve, and the look a publish
// makes live.
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { createBrandingRepo } from './branding.repo';
import { brandingRoutes } from './branding.routes';
import { createBrandingService, type BrandingServiceDeps } from './branding.service';

export interface BrandingRoutesDeps extends Omit<BrandingServiceDeps, 'brandingRepo'> {
  signedIn: SignedIn;
}

/**
 * Builds the branding module in two steps: its repo's reads of an app's look and texts first (the
 * app host and the export read them), then `routes()` once the apps exist.
 */
export function createBrandingModule({ db }: Platform) {
  const repo = createBrandingRepo(db);
  return {
    repo,
    routes: ({ signedIn, ...deps }: BrandingRoutesDeps) =>
      brandingRoutes({ branding: createBrandingService({ brandingRepo: repo, ...deps }), signedIn }),
  };
}

export type { BrandingRepo } from './branding.repo';
export { publishLook } from './branding.repo';
export { serveFont } from './fonts';
