import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The install's own settings that its admins change on /admin (docs/product/accounts-and-plans.md#data):
 * one row per key, e.g. `defaultPlan`. A key without a row falls back to its environment variable.
 */
export const installSettings = pgTable('install_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
