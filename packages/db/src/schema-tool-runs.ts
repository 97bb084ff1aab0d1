import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { appUsers, apps } from './schema';

/**
 * Every run of a published tool (docs/product/tools.md#data): who ran it (an end user or a signed
 * anonymous visitor id, as `subject`), the inputs, the sources the answer used, the model, tokens,
 * cost, credits, duration and outcome. The daily and weekly limits count these rows.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** The builder who owns the app (their plan's monthly run allowance). */
    ownerUserId: text('owner_user_id').notNull(),
    toolId: text('tool_id').notNull(),
    toolPath: text('tool_path').notNull(),
    /** `u:{appUserId}` or `v:{visitorId}`: whose limits the run counts against. */
    subject: text('subject').notNull(),
    appUserId: text('app_user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    sources: jsonb('sources')
      .$type<Array<{ contextItemId: string; name: string; excerpt: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    model: text('model').notNull(),
    /** running, succeeded, failed. */
    status: text('status').notNull(),
    result: text('result'),
    resultJson: jsonb('result_json'),
    /** The end user's own edit of the result, where the app allows it. */
    editedResult: text('edited_result'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** USD at the model's rates. */
    cost: doublePrecision('cost').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tool_runs_subject_idx').on(t.appId, t.subject, t.createdAt),
    index('tool_runs_owner_idx').on(t.ownerUserId, t.createdAt),
  ],
);

/** An end user's run credits in one app; made with the starting allowance on first use. */
export const appUserCredits = pgTable('app_user_credits', {
  appUserId: text('app_user_id')
    .primaryKey()
    .references(() => appUsers.id, { onDelete: 'cascade' }),
  appId: text('app_id').notNull(),
  balance: integer('balance').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Values of memorize fields an end user gave, to prefill the form next time. */
export const appUserMemories = pgTable(
  'app_user_memories',
  {
    appUserId: text('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appUserId, t.name] })],
);
