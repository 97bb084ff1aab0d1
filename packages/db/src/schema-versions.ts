import {
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * Immutable versions of a generated app: each holds the whole snapshot (files + entity schemas),
 * so restore, diff and bundling read one row. `json`, not `jsonb`: entity property order is column order.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 ... per app. */
    number: integer('number').notNull(),
    snapshot: json('snapshot')
      .$type<{ files: Record<string, string>; entities: Record<string, Record<string, unknown>> }>()
      .notNull(),
    /** The chat message whose turn made it (null for imports and restores without a message). */
    messageId: text('message_id'),
    /** What the version changed, in a sentence ("Create the task tracker", "Restored version 2"). */
    description: text('description').notNull().default(''),
    /** The builder's request that led to it, when it came from the chat. */
    userRequest: text('user_request'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_versions_app_number_idx').on(t.appId, t.number)],
);

/**
 * The entity schemas (fields and access rules) of an app's published version: what its end users
 * get. app_entities holds the latest ones, for the builder's preview and Database panel; publishing
 * replaces these rows in the transaction that migrates the records (docs/publishing.md).
 */
export const publishedEntities = pgTable(
  'published_entities',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `json`, not `jsonb`: the order of the properties is the order of the columns. */
    schema: json('schema').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);

/** The builder chat of an app: UI messages with their parts and annotations (docs/product/editor-and-chat.md#data, docs/product/runtime.md#data). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Order within the app's chat; ids come from clients, so order never relies on them. */
    seq: integer('seq').notNull(),
    role: text('role').notNull(),
    parts: jsonb('parts').$type<Array<Record<string, unknown>>>().notNull(),
    /** annotations[0] of the spec: versionId, usage, status, systemActionInfo, model. */
    annotations: jsonb('annotations').$type<Array<Record<string, unknown>>>().notNull(),
    /** streaming | complete | error */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_app_seq_idx').on(t.appId, t.seq),
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);

/** Builder chat messages sent per account and UTC day: the daily limit (docs/product/runtime.md#errors) without scanning messages. */
export const chatUsage = pgTable(
  'chat_usage',
  {
    userId: text('user_id').notNull(),
    day: text('day').notNull(),
    messages: integer('messages').notNull().default(0),
    /** Total cost in USD of that day's turns, for the admin summary. */
    cost: doublePrecision('cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
