import { text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A row sealed at rest (db/at-rest.ts): the master key's id and the row's data key wrapped
 * under it. Both null on a row written before encryption (converted at start-up).
 */
export const sealedRow = () => ({
  keyId: text('key_id'),
  dataKey: text('data_key'),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
