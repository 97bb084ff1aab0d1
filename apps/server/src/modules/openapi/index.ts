// The OpenAPI document of the API and its reference page, built from the contracts' route registry.
import type { Platform } from '../../platform/platform';
import { openApiRoutes } from './openapi.routes';

/** Builds the OpenAPI module: `GET /api/openapi.json` and `GET /api/docs`. */
export function createOpenApiModule({ config }: Platform) {
  return { routes: openApiRoutes({ publicUrl: config.publicUrl, appsDomain: config.appsDomain }) };
}
