import { bigint, date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * What an app's end users did, one row per app and UTC day (docs/product/analytics.md#data):
 * sign-ups and tool runs (with their tokens and cost) are counted by database triggers as the rows
 * are inserted (and a run's tokens and cost as it finishes); active end users by the analytics
 * service, once per user and day. The analytics page reads these rows instead of grouping the
 * events themselves.
 */
export const appStatDays = pgTable(
  'app_stat_days',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    signUps: integer('sign_ups').notNull().default(0),
    activeUsers: integer('active_users').notNull().default(0),
    toolRuns: integer('tool_runs').notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day] })],
);

/** Records created per app, UTC day and entity, counted by a trigger on `entity_records`. */
export const appEntityDays = pgTable(
  'app_entity_days',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    entity: text('entity').notNull(),
    records: integer('records').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.entity] })],
);

/**
 * The end users seen active in an app on a day (signed in, or a request with their session): one
 * row per user and day at most, only to count each once; days before yesterday are deleted.
 */
export const appDayActiveUsers = pgTable(
  'app_day_active_users',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    appUserId: text('app_user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.appUserId] })],
);
