import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './schema';

/**
 * An app's texts, and the style and texts its end users get (docs/product/runtime.md#data). The
 * builder's current style lives on `apps.style`; publishing copies it and the texts here, in the
 * transaction that publishes the version, so the live app changes look only when it is published.
 */
export const appLooks = pgTable('app_looks', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** App texts as the builder saved them (header, description, welcome message, link description). */
  texts: jsonb('texts').$type<Record<string, unknown>>().notNull().default({}),
  /** The style at the last publish; null before it. */
  publishedStyle: jsonb('published_style').$type<Record<string, unknown>>(),
  /** The texts at the last publish; null before it. */
  publishedTexts: jsonb('published_texts').$type<Record<string, unknown>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
