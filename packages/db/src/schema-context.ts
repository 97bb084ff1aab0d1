import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apps, authUsers } from './schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The durable job queue (platform/jobs): claimed with FOR UPDATE SKIP LOCKED, held by a lease the
 * worker renews; an expired lease makes the job claimable again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    /** Deduplicates enqueues: one live (queued or running) job per key. */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_live_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/** A data source item of an app (docs/product/data-sources.md#data context item). */
export const contextItems = pgTable(
  'context_items',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull().default('tessera'),
    providerItemId: text('provider_item_id'),
    externalFileId: text('external_file_id'),
    externalFileUrl: text('external_file_url'),
    status: text('status').notNull().default('unsynced'),
    errorReason: text('error_reason'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    numOfChunks: integer('num_of_chunks').notNull().default(0),
    originalContextItemId: text('original_context_item_id'),
    /** Hash of the parsed text last indexed: a re-sync of unchanged content is a no-op. */
    contentHash: text('content_hash'),
    /** Source-specific options (scraper maxPages/maxDepth, MIME type of the upload). */
    options: jsonb('options')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    progress: jsonb('progress').$type<{ done: number; total: number } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  },
  (t) => [index('context_items_app_idx').on(t.appId, t.createdAt)],
);

/** The raw bytes of an uploaded file or pasted text, kept so any worker can (re-)parse it. */
export const contextItemSources = pgTable('context_item_sources', {
  itemId: text('item_id')
    .primaryKey()
    .references(() => contextItems.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  bytes: bytea('bytes').notNull(),
});

/**
 * Chunks of parsed text with a generated full-text vector. Unique per (item, content hash): a
 * re-sync keeps unchanged chunks, adds new ones and drops the rest. Embeddings live in
 * `context_chunk_embeddings`, created only where pgvector exists (migration 0004 custom block).
 */
export const contextChunks = pgTable(
  'context_chunks',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => contextItems.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    ord: integer('ord').notNull(),
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (t) => [
    uniqueIndex('context_chunks_item_hash_idx').on(t.itemId, t.contentHash),
    index('context_chunks_app_idx').on(t.appId),
    index('context_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/** Bytes of parsed text each builder ingested per calendar month (the monthly data processing limit). */
export const dataUsage = pgTable(
  'data_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
