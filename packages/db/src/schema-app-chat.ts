import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * The chat assistant of a generated app (docs/product/app-chat.md#data): its status, the
 * chatAppId given on first activation, and what the builder set. Its conversation turns are
 * recorded as runs (`tool_runs`, tool id `app-chat`).
 */
export const appChats = pgTable('app_chats', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** active or draft. */
  status: text('status').notNull().default('draft'),
  chatAppId: text('chat_app_id'),
  name: text('name').notNull(),
  welcomeMessage: text('welcome_message').notNull().default(''),
  instructions: text('instructions').notNull().default(''),
  /** The data sources it may use; null: every data source of the app. */
  dataItemIds: jsonb('data_item_ids').$type<string[] | null>(),
  /** Whether it may read the app's records (each end user only those the entity's read level gives them). */
  canReadRecords: boolean('can_read_records').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
