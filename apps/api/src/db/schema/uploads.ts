import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/uploads. */

/** Uploaded images: the bytes are in the file storage under the owner's id, never a public folder. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random, unguessable; the only handle clients get. */
    key: text('key').notNull().unique(),
    userId: userRef(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploaded_files_user_id_idx').on(table.userId)],
);
