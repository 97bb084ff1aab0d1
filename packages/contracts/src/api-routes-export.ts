import {
  AppKeysResponseSchema,
  CreateAppKeyRequestSchema,
  CreatedAppKeySchema,
  ExportQuerySchema,
  ImportProjectResponseSchema,
} from './app-export';
import { defineRoutes, type ApiRoute } from './api-route';

/** Export and import of generated apps, and their app keys (docs/product/export.md#calls). */
export const EXPORT_ROUTES = defineRoutes({
  exportApp: {
    method: 'get',
    path: '/api/apps/{appId}/export',
    tag: 'Versions',
    summary: 'The latest version as a standalone Vite + React project (zip)',
    description:
      'mode=server builds in the app key sent in the `X-Tessera-App-Key` header (one of this app’s keys); mode=local gives the project its own data, seeded with the app’s records. Who may: as for the code editor.',
    auth: 'builder',
    query: ExportQuerySchema,
    responses: { 200: { description: 'The project as a zip archive', contentType: 'application/zip' } },
    errors: [403],
  },
  importProject: {
    method: 'post',
    path: '/api/apps/{appId}/import',
    tag: 'Versions',
    summary: 'Import an exported (possibly edited) project as a new version',
    description:
      'The zip’s `src/app/` files become the version’s files; entity schemas stay as they are. Refused with a 400 when the validator finds errors; 413 past 5 MB.',
    auth: 'builder',
    multipart: 'file: the zip (at most 5 MB, 500 files, 10 MB unzipped)',
    responses: { 200: ImportProjectResponseSchema },
    errors: [403, 413],
  },
  listAppKeys: {
    method: 'get',
    path: '/api/apps/{appId}/keys',
    tag: 'Apps',
    summary: "The app's keys (never the keys themselves)",
    auth: 'builder',
    responses: { 200: AppKeysResponseSchema },
  },
  createAppKey: {
    method: 'post',
    path: '/api/apps/{appId}/keys',
    tag: 'Apps',
    summary: 'Create an app key; the answer carries the key this once',
    auth: 'builder',
    body: CreateAppKeyRequestSchema,
    responses: { 200: CreatedAppKeySchema },
    errors: [403],
  },
  revokeAppKey: {
    method: 'delete',
    path: '/api/apps/{appId}/keys/{keyId}',
    tag: 'Apps',
    summary: 'Revoke an app key',
    auth: 'builder',
    responses: { 200: { description: '`{ "status": true }`' } },
  },
});
export const EXPORT_API_ROUTES: readonly ApiRoute[] = Object.values(EXPORT_ROUTES);
