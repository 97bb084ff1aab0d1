import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * Per-app API keys for exported projects (docs/product/export.md#app-keys). Only the SHA-256 of a
 * key is kept; the key itself is shown once when it is created. Revoking deletes the row.
 */
export const appKeys = pgTable(
  'app_keys',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's last characters, so the builder can tell keys apart. */
    hint: text('hint').notNull(),
    /** Read-only unless the builder allowed changes when creating the key. */
    canWrite: boolean('can_write').notNull().default(false),
    /**
     * `site`: built into an exported site, it names the app and the caller stays its visitor or
     * signed-in end user under the entity access rules. `server`: full access to the app's records,
     * for the builder's own server only (docs/product/export.md#app-keys).
     */
    kind: text('kind').notNull().default('site'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('app_keys_app_idx').on(t.appId)],
);
