import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * Custom domains of apps (docs/product/custom-domains.md). Apps may claim one hostname side by side
 * while their claims are unverified; the first to verify its TXT record holds it, and one verified
 * claim per hostname is all the install allows. The app is served there once verified.
 */
export const appDomains = pgTable(
  'app_domains',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Lower-case, international names as punycode, no trailing dot. */
    hostname: text('hostname').notNull(),
    /** The random value the TXT record must hold; public by nature (it is published in DNS). */
    verificationToken: text('verification_token').notNull(),
    /** pending, verified or failed: the result of the last check. */
    status: text('status').notNull().default('pending'),
    /** Why the last check failed, in the builder's words; null otherwise. */
    failureReason: text('failure_reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_domains_app_id_idx').on(t.appId),
    uniqueIndex('app_domains_app_hostname_idx').on(t.appId, t.hostname),
    uniqueIndex('app_domains_verified_hostname_idx')
      .on(t.hostname)
      .where(sql`${t.status} = 'verified'`),
  ],
);
