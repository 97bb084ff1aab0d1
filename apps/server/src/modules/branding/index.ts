// App style and App texts of a builder's app, the fonts the app hosts serve, and the look a publish
// makes live.
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { createBrandingRepo } from './branding.repo';
import { brandingRoutes } from './branding.routes';
import { createBrandingService, type BrandingServiceDeps } from './branding.service';

export interface BrandingModuleDeps extends Omit<BrandingServiceDeps, 'brandingRepo'> {
  signedIn: SignedIn;
}

/** Builds the branding module: its routes, and its repo's reads of an app's look and texts for the app host and the export. */
export function createBrandingModule({ db }: Platform, { signedIn, ...deps }: BrandingModuleDeps) {
  const repo = createBrandingRepo(db);
  return {
    routes: brandingRoutes({ branding: createBrandingService({ brandingRepo: repo, ...deps }), signedIn }),
    repo,
  };
}

export type { BrandingRepo } from './branding.repo';
export { publishLook } from './branding.repo';
export { serveFont } from './fonts';
