import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apps, appUsers } from './schema';

/**
 * Paid memberships of an app's end users (docs/product/memberships.md#data): one row per
 * provider subscription (or one-time sale), the newest reported state winning. An end user has
 * access while it is active, or cancelled until its period ends.
 */
export const appMemberships = pgTable(
  'app_memberships',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** gumroad | stripe */
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** Null until the purchase is matched to one of the app's users (by e-mail or the id passed at checkout). */
    appUserId: text('app_user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    /** The buyer's e-mail as the provider reports it, lowercased. */
    email: text('email'),
    productId: text('product_id'),
    /** active | cancelled (access until periodEnd) | past_due | ended */
    status: text('status').notNull(),
    /** The end of the period paid for; null for a one-time sale (no end). */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the state above was true at the provider (an older event does not move it). */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.provider, t.subscriptionId] }),
    index('app_memberships_user_idx').on(t.appId, t.appUserId),
    index('app_memberships_email_idx').on(t.appId, t.email),
  ],
);

/**
 * Every provider event applied to an app's memberships, once (the primary key makes a replay a
 * no-op). A payment carries its amount and currency: the app's revenue is their sum per day.
 */
export const appMembershipEvents = pgTable(
  'app_membership_events',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the event (Gumroad sale or ping key, Stripe event or session id). */
    eventId: text('event_id').notNull(),
    /** payment | status */
    kind: text('kind').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** In the currency's smallest unit (cents); null for a status change. */
    amount: integer('amount'),
    /** ISO 4217, lowercase (usd). */
    currency: text('currency'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.provider, t.eventId] }),
    index('app_membership_events_day_idx').on(t.appId, t.kind, t.occurredAt),
  ],
);
