import { z } from 'zod';
import { EntitySchemaSchema } from './api-responses';
import { ACCESS_LEVELS, type EntitySchema } from './entities';

/** What one field of an entity becomes for end users at the next publish. */
export const FieldChangeSchema = z.object({
  field: z.string(),
  change: z.enum(['added', 'removed', 'renamed', 'retyped']),
  /** The published name of a renamed field. */
  from: z.string().optional(),
  /** Published and new type (with the format, e.g. `string/date`) of a retyped field. */
  oldType: z.string().optional(),
  newType: z.string().optional(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

const LevelsSchema = z.object({ read: z.enum(ACCESS_LEVELS), write: z.enum(ACCESS_LEVELS) });

export const EntityChangeSchema = z.object({
  entity: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  fields: z.array(FieldChangeSchema),
  /** Set when the read or write level changes. */
  access: z.object({ before: LevelsSchema, after: LevelsSchema }).optional(),
});
export type EntityChange = z.infer<typeof EntityChangeSchema>;

/** A stored value the new type cannot take: it is kept in the record under `keptAs`. */
export const UnconvertibleValueSchema = z.object({
  entity: z.string(),
  recordId: z.string(),
  field: z.string(),
  value: z.unknown(),
  keptAs: z.string(),
  reason: z.string(),
});
export type UnconvertibleValue = z.infer<typeof UnconvertibleValueSchema>;

/** At most this many unconvertible values are listed (all are counted and kept). */
export const PUBLISH_UNCONVERTIBLE_LISTED = 100;

/** `GET /api/apps/{appId}/publish/dry-run`: what publishing the latest version changes for end users. */
export const PublishDryRunResponseSchema = z.object({
  versionId: z.string(),
  number: z.number().int(),
  /** False before the first publish: end users have nothing yet, every entity is new to them. */
  isPublished: z.boolean(),
  entities: z.array(EntityChangeSchema),
  unconvertible: z.array(UnconvertibleValueSchema),
  unconvertibleCount: z.number().int(),
});
export type PublishDryRunResponse = z.infer<typeof PublishDryRunResponseSchema>;

/** `POST /api/apps/{appId}/publish`: `versionId` (from the dry run) refuses to publish anything newer unseen. */
export const PublishRequestSchema = z.object({ versionId: z.string().min(1).optional() });
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

/** The answer of a Database-panel schema change: the new version and code that still names a removed field. */
export const SchemaEditResponseSchema = z.object({
  name: z.string(),
  schema: EntitySchemaSchema,
  versionId: z.string().nullable(),
  /** Files the rename rewrote. */
  updatedFiles: z.array(z.string()),
  /** `pages/Tasks.jsx still refers to "rating_1_5", which Task no longer has`. */
  warnings: z.array(z.string()),
});
export type SchemaEditResponse = Omit<z.infer<typeof SchemaEditResponseSchema>, 'schema'> & { schema: EntitySchema };
