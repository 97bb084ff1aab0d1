import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/*
 * better-auth's four models. Property names are the ones better-auth expects (camelCase); column
 * names follow our snake_case convention. Prefixed `auth_` so they never clash with product tables
 * (better-auth's "account" is a sign-in method, our `accounts` is the builder's account).
 */
export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/** The builder's account (docs/product/accounts-and-plans.md#data Account): one per signed-up user, created idempotently. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accountType: text('account_type').notNull().default('builder'),
    plan: text('plan').notNull().default('lite'),
    hasPaidAppPackage: boolean('has_paid_app_package').notNull().default(false),
    subscriptionId: text('subscription_id'),
    planSubscriptionStatus: text('plan_subscription_status'),
    planSubscriptionCancelledAt: timestamp('plan_subscription_cancelled_at', { withTimezone: true }),
    appId: text('app_id'),
    appHeader: text('app_header'),
    hasBusinessInfo: boolean('has_business_info').notNull().default(false),
    /** Set for the first account of a fresh install; ADMIN_EMAILS adds admins at read time. */
    isAdmin: boolean('is_admin').notNull().default(false),
    saleId: text('sale_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_user_id_idx').on(t.userId)],
);

/** Mails kept by the dev outbox when no SMTP server is configured. */
export const devMails = pgTable(
  'dev_mails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mails_created_at_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every server process (login attempts, mail sends). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** An app of a builder (docs/product/runtime.md#calls): a single tool, a generated app or a space. */
export const apps = pgTable(
  'apps',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** The saved app or genApp payload, minus the entities (kept in app_entities). */
    definition: jsonb('definition')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    style: jsonb('style')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    appBuilderVersion: integer('app_builder_version').notNull().default(4),
    /** The version end users get on the app's host; null until the first publish. */
    publishedVersionId: text('published_version_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('apps_owner_idx').on(t.ownerUserId, t.updatedAt)],
);

/**
 * Every slug any app has ever had, never deleted: an address stays with its first app after a
 * rename or a deletion (a tombstone), so another builder's code can never be served on an origin
 * whose storage holds the first app's end-user tokens. No foreign key: the row outlives the app.
 */
export const appSlugs = pgTable('app_slugs', {
  slug: text('slug').primaryKey(),
  appId: text('app_id').notNull(),
  createdAt: createdAt(),
});

/** The entities (data tables) of an app, each described by a JSON Schema with x-accessControl. */
export const appEntities = pgTable(
  'app_entities',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `json`, not `jsonb`: the order of the properties is the order of the columns. */
    schema: json('schema').$type<Record<string, unknown>>().notNull(),
    /**
     * Fields renamed in the Database panel since the last publish, new name -> published name:
     * records carry both keys until publish moves the values (docs/publishing.md).
     */
    renamedFrom: jsonb('renamed_from')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);

/**
 * Every record of every entity of every app, as JSONB (docs/decisions/0003): a GIN index serves
 * equality filters, the (app, entity, created_at) index the default order and paging.
 */
export const entityRecords = pgTable(
  'entity_records',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    creatorId: text('creator_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('entity_records_list_idx').on(t.appId, t.entity, t.createdAt.desc(), t.id),
    index('entity_records_data_idx').using('gin', sql`${t.data} jsonb_path_ops`),
  ],
);

/** End users of one app (its built-in User entity): separate from builders, per app. */
export const appUsers = pgTable(
  'app_users',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Stored lowercased; unique within the app. */
    email: text('email').notNull(),
    /** Null for an invited user who has not chosen a password yet. */
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull().default(''),
    role: text('role').notNull().default('user'),
    /** Values of the fields the app adds to its User entity. */
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * When the user proved the address is theirs (a sign-up code, a reset or invitation link); null
     * means unconfirmed, and nothing that trusts an address (SendEmail, memberships by e-mail,
     * invitations) trusts it. Accounts made before confirmation existed start unconfirmed.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The live confirmation code, kept as a keyed hash only; null once spent. */
    confirmCodeHash: text('confirm_code_hash'),
    confirmCodeExpiresAt: timestamp('confirm_code_expires_at', { withTimezone: true }),
    /** Wrong guesses of the live code; past the limit the code is dead and a new one must be sent. */
    confirmCodeAttempts: integer('confirm_code_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('app_users_app_email_idx').on(t.appId, t.email)],
);

/** Revocable sessions of app users; only a hash of the token is kept. */
export const appSessions = pgTable(
  'app_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    appUserId: text('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    /** The host name the session was issued on: its token is refused on any other. */
    host: text('host').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('app_sessions_user_idx').on(t.appUserId), index('app_sessions_app_idx').on(t.appId)],
);
