import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './schema';

/**
 * Every payment-provider event applied to a builder's plan (a Gumroad sale or ping, a Stripe webhook,
 * an admin's change): the primary key makes each one apply exactly once however often it is replayed.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    /** gumroad | stripe | admin */
    provider: text('provider').notNull(),
    /** The provider's id of the event (Stripe event id, Gumroad sale id or ping key). */
    eventId: text('event_id').notNull(),
    /** purchase | status */
    kind: text('kind').notNull(),
    subscriptionId: text('subscription_id'),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The tier a purchase grants. */
    plan: text('plan'),
    /** When the provider says it happened (orders out-of-order deliveries). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('billing_events_account_idx').on(t.accountId)],
);

/**
 * A provider's subscription (or one-time sale) as last reported: the newest state wins, so an older
 * event arriving late changes nothing. An account takes its plan from its subscription.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** Null until the purchase is matched to a builder (a sale made before sign-up). */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    plan: text('plan'),
    customerId: text('customer_id'),
    /** The buyer's e-mail as the provider reports it (matches a sale to a builder signing up). */
    email: text('email'),
    /** active | cancelled (access until the period ends) | past_due | ended */
    status: text('status').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the state above was true at the provider. */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subscriptionId] }),
    index('billing_subscriptions_account_idx').on(t.accountId),
  ],
);
