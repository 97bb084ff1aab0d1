import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * Visits of a published app, one row per app and day (docs/product/analytics.md#data): the beacon
 * adds one visit, and one visitor when its salted hash is new that day. The analytics page reads
 * these rows only, so a year of traffic costs at most 366 rows per app.
 */
export const appVisitDays = pgTable(
  'app_visit_days',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day] })],
);

/**
 * Who visited an app on a day, as a hash of the address, browser and app under a salt that changes
 * every day (no address is stored, and hashes of different days cannot be linked). Only used to
 * count unique visitors; days before yesterday are deleted.
 */
export const appDayVisitors = pgTable(
  'app_day_visitors',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.visitorHash] })],
);
