import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Owned by modules/verification-codes. */

/**
 * Verification codes, stored as an HMAC (key derived from the server's cipher key) so a
 * database leak alone cannot be brute-forced over the 10^6 possible codes. The number is
 * kept only as its blind index (`phone_hash`, db/sealed-tables.ts `phoneIndex`): nothing
 * reads it back. (The number in clear, kept by rows of before, went with migration 0024.)
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneHash: text('phone_hash').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('verification_codes_phone_hash_purpose_idx').on(table.phoneHash, table.purpose, table.createdAt),
    index('verification_codes_created_at_idx').on(table.createdAt),
  ],
);
