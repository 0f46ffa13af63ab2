import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Owned by modules/documents: legal texts. */

/** Legal texts (user agreement, privacy policy…), shown by /pages/agreement. */
export const documents = pgTable('documents', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  version: text('version').notNull(),
  /** Markdown. */
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
