import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The managed list of template categories (docs/product/templates.md#data): admins add them, a
 * template names one. A name is unique whatever its case.
 */
export const templateCategories = pgTable(
  'template_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('template_categories_name_idx').on(sql`lower(${t.name})`)],
);
