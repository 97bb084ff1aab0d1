import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { appUsers, apps, authUsers } from './schema';

/**
 * Every change a builder made to an end user's credits (docs/product/tools.md#credits): who, when,
 * by how much, why, and the balance it left. Runs' own charges are on their run records.
 */
export const appUserCreditAdjustments = pgTable(
  'app_user_credit_adjustments',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    appUserId: text('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    /** The builder who made it (kept as null if their account goes). */
    byUserId: text('by_user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_user_credit_adjustments_user_idx').on(t.appUserId, t.createdAt)],
);
