// Export ("eject") of a generated app as a standalone project, and import of one back (docs/product/export.md).
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { appExportRoutes } from './app-export.routes';
import { createAppExportService, type AppExportDeps } from './app-export.service';

export interface AppExportModuleDeps extends Omit<AppExportDeps, 'publicUrl'> {
  signedIn: SignedIn;
}

/** Builds the export module: its routes. */
export function createAppExportModule({ config }: Platform, { signedIn, ...deps }: AppExportModuleDeps) {
  return {
    routes: appExportRoutes({ appExport: createAppExportService({ ...deps, publicUrl: config.publicUrl }), signedIn }),
  };
}

export { IMPORT_ROUTE } from './app-export.routes';
