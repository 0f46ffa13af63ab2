import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sealedRow } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/bank-accounts (onboarding step 4). */

/**
 * A user's bank account for payouts. The bank and branch codes refer to the Taiwan bank
 * directory (db/banks/*.tsv, read into memory at start), not to a table. The full account
 * number is kept for the payout and never leaves the server after entry.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    bankCode: text('bank_code').notNull(),
    /** Null only for a bank without a branch list. */
    branchCode: text('branch_code'),
    /** Sealed, as is the holder's name (db/at-rest.ts). */
    accountNumber: text('account_number').notNull(),
    /** HMAC-SHA256 of the account number under BLIND_INDEX_KEY; null only on a row not yet converted. */
    accountNumberHash: text('account_number_hash'),
    holderName: text('holder_name').notNull(),
    /** The passbook-cover photo: an upload key of the same user. */
    passbookImageKey: text('passbook_image_key'),
    isDefault: boolean('is_default').notNull().default(false),
    ...sealedRow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('bank_accounts_user_id_idx').on(table.userId),
    // One account once per user.
    uniqueIndex('bank_accounts_user_account_hash_uq').on(table.userId, table.bankCode, table.accountNumberHash),
    // At most one default per user, whatever the race (exactly one is kept by the use cases).
    uniqueIndex('bank_accounts_one_default_uq')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
