import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * A tool run over every row of an uploaded CSV (docs/product/tools.md#batch-runs): the file's
 * columns, which column feeds which field, the state and the counts the builder watches. The rows
 * are kept in `tool_batch_rows`, so a batch job resumes where it stopped after a restart.
 */
export const toolBatches = pgTable(
  'tool_batches',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    toolId: text('tool_id').notNull(),
    fileName: text('file_name').notNull(),
    /** The CSV's header, in order. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** Field name -> the column it is read from. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    /** queued, running, done, cancelled, stopped (the plan's runs ran out), failed. */
    status: text('status').notNull(),
    totalRows: integer('total_rows').notNull(),
    doneRows: integer('done_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    /** Why the batch stopped, in words. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tool_batches_tool_idx').on(t.appId, t.toolId, t.createdAt)],
);

/** One CSV row of a batch: its cells (in the header's order) and, once run, its result or error. */
export const toolBatchRows = pgTable(
  'tool_batch_rows',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => toolBatches.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** pending, succeeded, failed. */
    status: text('status').notNull().default('pending'),
    runId: text('run_id'),
    result: text('result'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowIndex] })],
);

/**
 * A key that runs one tool through the public API (docs/api.md): only its SHA-256 is kept, with
 * the first characters to tell keys apart; revoked keys stay listed as revoked.
 */
export const toolApiKeys = pgTable(
  'tool_api_keys',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    toolId: text('tool_id').notNull(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters (`ttk_ab12cd`), shown in the list. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('tool_api_keys_tool_idx').on(t.appId, t.toolId)],
);
