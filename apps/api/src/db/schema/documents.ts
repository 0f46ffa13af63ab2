import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, integer } from 'drizzle-orm/pg-core';
import { userRef } from './users.ts';

/** Owned by modules/documents: legal texts, their versions, and which version each user accepted. */

/** Legal texts (user agreement, privacy policy…), shown by /pages/agreement. */
export const documents = pgTable('documents', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  version: text('version').notNull(),
  /** Markdown. */
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every version a document has had (decision 0151), written with the document's current
 * row in one transaction and never changed: the console shows them, and an acceptance
 * names one.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    publishedBy: text('published_by').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('document_versions_key_version_uq').on(table.key, table.version)],
);

/**
 * The versions of the user agreement and the privacy policy a user accepted: the ones
 * current when the first login registered them (the login form requires the consent).
 */
export const documentAcceptances = pgTable(
  'document_acceptances',
  {
    userId: userRef(),
    key: text('key').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key, table.version] }),
    index('document_acceptances_key_version_idx').on(table.key, table.version),
  ],
);
