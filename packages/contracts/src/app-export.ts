import { z } from 'zod';

/** Export and import of generated apps, and their app keys (docs/product/export.md). */
export const EXPORT_MESSAGES = {
  exportFailed: 'Failed to export the app. Please try again.',
  importFailed: 'Failed to import the project. Please try again.',
  imported: 'Imported as version {number}',
  keyCreated: 'App key created. Copy it now: it is shown only once.',
  keyCreateFailed: 'Failed to create the app key',
  keyRevoked: 'App key revoked',
  keyRevokeFailed: 'Failed to revoke the app key',
  keyNeeded: 'Create an app key first: the exported app uses it to reach your data',
  keyNotFound: 'This app key does not exist',
  tooManyKeys: 'This app already has 20 app keys: revoke one first',
  invalidKey: 'This app key is not valid for this app',
  keyReadOnly: 'This app key is read-only',
  keyEntitiesOnly: 'App keys can only reach the records of the app’s own entities',
  notAZip: 'This file is not a zip archive',
  zipTooLarge: 'The zip file is too big (max 5 MB)',
  tooManyFiles: 'The project has too many files (max 500)',
  unzippedTooLarge: 'The project is too big once unzipped (max 10 MB)',
  badPath: 'The zip holds a path that is not allowed: {path}',
  noAppFiles: 'The zip holds no app files (src/app/app.json is missing)',
  notText: '{path} is not a UTF-8 text file',
  invalidCode: 'The project has errors: {issue}',
} as const;

/** Bounds of an imported project (docs/product/export.md#limits). */
export const IMPORT_MAX_ZIP_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_FILES = 500;
export const IMPORT_MAX_UNZIPPED_BYTES = 10 * 1024 * 1024;
export const APP_KEYS_MAX = 20;
/** The header an exported app sends its key in (never a cookie). */
export const APP_KEY_HEADER = 'x-tessera-app-key';
/** Where the app's own files sit inside an exported project. */
export const EXPORT_APP_DIR = 'src/app/';

export const EXPORT_DATA_MODES = ['server', 'local'] as const;
export type ExportDataMode = (typeof EXPORT_DATA_MODES)[number];

/**
 * `GET /api/apps/{appId}/export?mode=server|local`. In server mode the app key to build in comes in
 * the `X-Tessera-App-Key` header (never in the address, which logs keep).
 */
export const ExportQuerySchema = z.object({ mode: z.enum(EXPORT_DATA_MODES).default('server') });
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

export const AppKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's last characters. */
  hint: z.string(),
  canWrite: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AppKey = z.infer<typeof AppKeySchema>;
export const AppKeysResponseSchema = z.object({ keys: z.array(AppKeySchema) });
export type AppKeysResponse = z.infer<typeof AppKeysResponseSchema>;

export const CreateAppKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name the key').max(100, 'The name is too long (100 characters at most)'),
  canWrite: z.boolean().default(false),
});
export type CreateAppKeyRequest = z.infer<typeof CreateAppKeyRequestSchema>;
/** The key in clear, this once. */
export const CreatedAppKeySchema = AppKeySchema.extend({ key: z.string() });
export type CreatedAppKey = z.infer<typeof CreatedAppKeySchema>;

export const ImportProjectResponseSchema = z.object({ versionId: z.string(), number: z.number().int() });
export type ImportProjectResponse = z.infer<typeof ImportProjectResponseSchema>;
