import { customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The shared file store on PostgreSQL (plugins/file-storage.ts): the sealed bytes of every
 * uploaded file, readable by every instance. `key_id` names the master key of the file's
 * data key (the same is in the bytes' header), for rotation. Removed with the owner's
 * account by the uploads module's erasure (after its commit), hence no foreign key.
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    ownerId: integer('owner_id').notNull(),
    key: text('key').notNull(),
    keyId: text('key_id'),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.key] }), index('file_blobs_key_id_idx').on(table.keyId)],
);
