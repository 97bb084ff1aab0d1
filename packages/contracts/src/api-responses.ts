import { z } from 'zod';
import type { AppConfirmationPending } from './app-user-confirm';
import { APP_USER_ROLES, type AppSession, type AppUser } from './app-users';
import { AppLookSchema } from './app-branding';
import { AppSummarySchema } from './apps';
import { SessionUserSchema } from './auth';
import type { ChatMessage, ChatModelOption, VersionDetail, VersionDiffFile, VersionEntry } from './chat';
import { RetrievedChunkSchema } from './context';
import { CsvMappingSchema, type CsvImportSummary } from './csv';
import { ACCESS_LEVELS, PROPERTY_TYPES } from './entities';
import type { AppBundle } from './runtime';
import type { PreviewUrlResponse } from './runtime-api';

/**
 * Answers of routes that had no schema of their own: written for the API description
 * (api-routes.ts), each checked against the type the server returns (`satisfies`), so the two
 * cannot drift apart silently.
 */

export const StatusTrueSchema = z.object({ status: z.literal(true) });

/** An entity's JSON Schema as stored (docs/entity-access.md for `x-accessControl`). */
export const EntitySchemaSchema = z.looseObject({
  type: z.literal('object'),
  title: z.string().optional(),
  description: z.string().optional(),
  properties: z.record(z.string(), z.looseObject({ type: z.enum(PROPERTY_TYPES) })),
  required: z.array(z.string()).optional(),
  'x-accessControl': z.object({
    permissions: z.object({ read: z.enum(ACCESS_LEVELS), write: z.enum(ACCESS_LEVELS) }),
  }),
});

/** `GET /api/apps/{appId}`: the summary plus the whole definition. */
export const AppDetailsSchema = AppSummarySchema.extend({
  publishedVersionId: z.string().nullable(),
  appUrl: z.string(),
  definition: z.record(z.string(), z.unknown()),
  style: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  customDomains: z.array(z.string()),
  entities: z.record(z.string(), EntitySchemaSchema),
});

/** One record of an entity: the entity's own fields plus the columns every record has. */
export const EntityRecordSchema = z.looseObject({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creatorId: z.string().nullable(),
});
export const EntityRecordListSchema = z.array(EntityRecordSchema);

export const CsvImportSummarySchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), line: z.number().int(), message: z.string() })),
}) satisfies z.ZodType<CsvImportSummary>;

export const AppUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(APP_USER_ROLES),
  createdAt: z.string(),
}) satisfies z.ZodType<AppUser>;
export const AppSessionSchema = z.object({ token: z.string(), user: AppUserSchema }) satisfies z.ZodType<AppSession>;
/** Sign-up's answer: a session, or (while the app asks new users to confirm) the code step. */
export const AppSignUpResultSchema = z.union([
  AppSessionSchema,
  z.object({ confirmationRequired: z.literal(true), email: z.string() }) satisfies z.ZodType<AppConfirmationPending>,
]);

export const VersionEntrySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  timestamp: z.string(),
  messageId: z.string().nullable(),
  content: z.string(),
  userRequest: z.string().nullable(),
}) satisfies z.ZodType<VersionEntry>;
export const VersionListResponseSchema = z.object({ versions: z.array(VersionEntrySchema) });

const FileSchema = z.object({ path: z.string(), content: z.string() });
export const VersionDetailSchema = z.object({
  files: z.array(FileSchema),
  version: z.object({
    id: z.string(),
    number: z.number().int(),
    messageId: z.string().nullable(),
    createdAt: z.string(),
    metadata: z.object({ description: z.string() }),
  }),
}) satisfies z.ZodType<VersionDetail>;
export const VersionChangesResponseSchema = z.object({
  files: z.array(
    z.object({
      path: z.string(),
      oldCode: z.string(),
      newCode: z.string(),
      status: z.enum(['added', 'modified', 'deleted', 'unchanged']),
    }) satisfies z.ZodType<VersionDiffFile>,
  ),
});
export const PublishResponseSchema = z.object({ versionId: z.string(), number: z.number().int() });

export const ChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  parts: z.array(z.looseObject({ type: z.string() })),
  annotations: z.array(z.looseObject({})),
  status: z.enum(['streaming', 'complete', 'error']),
  createdAt: z.string(),
}) satisfies z.ZodType<ChatMessage>;
export const ChatMessagesResponseSchema = z.object({ messages: z.array(ChatMessageSchema) });
export const RevertResponseSchema = ChatMessagesResponseSchema.extend({ versionId: z.string().nullable() });
export const ChatModelsResponseSchema = z.object({
  models: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      provider: z.string(),
      isDefault: z.boolean(),
    }) satisfies z.ZodType<ChatModelOption>,
  ),
});

export const PreviewUrlResponseSchema = z.object({
  url: z.string(),
  versionId: z.string(),
  expiresAt: z.string(),
  builderOrigin: z.string(),
}) satisfies z.ZodType<PreviewUrlResponse>;
export const FileUrlResponseSchema = z.object({ file_url: z.string() });
export const SearchResponseSchema = z.object({ chunks: z.array(RetrievedChunkSchema) });
export const GenerateMappingResponseSchema = z.object({ mappings: z.array(CsvMappingSchema) });

export const AppBundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  versionId: z.string(),
  pages: z.array(z.string()),
  components: z.array(z.string()),
  entities: z.record(z.string(), EntitySchemaSchema),
  userEntity: EntitySchemaSchema,
  mainPage: z.string().nullable(),
  slug: z.string(),
  moduleUrl: z.string().nullable(),
  cssUrl: z.string().nullable(),
  issues: z.array(z.looseObject({ message: z.string() })),
  isPreview: z.boolean(),
  look: AppLookSchema,
}) satisfies z.ZodType<Omit<AppBundle, 'entities' | 'userEntity' | 'issues'>>;
export const InvokeLlmResponseSchema = z.object({ result: z.unknown() });
export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** The server's version, and the commit in a git checkout (null otherwise). */
const ServerVersion = { version: z.string(), commit: z.string().nullable() };
export const LivezResponseSchema = z.object({ status: z.literal('ok'), ...ServerVersion });
export const ReadyzResponseSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  draining: z.boolean(),
  database: z.enum(['ok', 'unreachable']),
  pendingMigrations: z.number(),
  ...ServerVersion,
});

/** The identity provider's answers the SPA reads (better-auth; the token is also in `set-auth-token`). */
export const AuthUserSchema = SessionUserSchema.extend({
  image: z.string().nullish(),
  /** An admin turned the account off (it can no longer sign in). */
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const SignedInResponseSchema = z.object({ token: z.string().nullable(), user: AuthUserSchema });
export const SuccessResponseSchema = z.object({ success: z.boolean() });
/** `GET /api/auth/get-session`: null when signed out; `session.token` is the bearer token. */
export const GetSessionResponseSchema = z
  .object({
    session: z.looseObject({ token: z.string(), expiresAt: z.string(), userId: z.string() }),
    user: AuthUserSchema,
  })
  .nullable();

/** A Server-Sent Events answer, described in words. */
export const eventStreamResponse = (description: string) => ({
  200: { description, contentType: 'text/event-stream' },
});
