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
  serverKeyNotForExport: 'A server key has full access and is never built into an exported site: use a site key',
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

/**
 * `site`: built into an exported site; it names the app and its visitor or signed-in end user stays
 * under the entity access rules. `server`: every record of the app, whatever the rules, for the
 * builder's own server only (never built into an export). docs/product/export.md#app-keys
 */
export const APP_KEY_KINDS = ['site', 'server'] as const;
export type AppKeyKind = (typeof APP_KEY_KINDS)[number];
/** How the export dialog names and explains each kind of key. */
export const APP_KEY_KIND_TEXTS: Record<AppKeyKind, { label: string; text: string; shownOnce: string }> = {
  site: {
    label: 'Site key',
    text: 'For the exported site. It tells Tessera which app is calling; visitors and signed-in users get only what the app’s access rules allow.',
    shownOnce:
      'Shown once. Download puts it in the project’s .env; anyone with the built site has it, and gets only what the access rules allow.',
  },
  server: {
    label: 'Server key (full access)',
    text: 'Every record, whatever the access rules. Only for your own server: never put it in a website or an app’s files.',
    shownOnce:
      'Shown once. Keep it on your server: it reaches every record of this app. Download never builds it into the project.',
  },
};

export const AppKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's last characters. */
  hint: z.string(),
  kind: z.enum(APP_KEY_KINDS),
  canWrite: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AppKey = z.infer<typeof AppKeySchema>;
export const AppKeysResponseSchema = z.object({ keys: z.array(AppKeySchema) });
export type AppKeysResponse = z.infer<typeof AppKeysResponseSchema>;

export const CreateAppKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name the key').max(100, 'The name is too long (100 characters at most)'),
  kind: z.enum(APP_KEY_KINDS, { error: 'must be site or server' }).default('site'),
  canWrite: z.boolean().default(false),
});
export type CreateAppKeyRequest = z.infer<typeof CreateAppKeyRequestSchema>;
/** The key in clear, this once. */
export const CreatedAppKeySchema = AppKeySchema.extend({ key: z.string() });
export type CreatedAppKey = z.infer<typeof CreatedAppKeySchema>;

export const ImportProjectResponseSchema = z.object({ versionId: z.string(), number: z.number().int() });
export type ImportProjectResponse = z.infer<typeof ImportProjectResponseSchema>;
