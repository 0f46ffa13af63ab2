import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { loanOrders } from './orders.ts';
import { users } from './users.ts';

/** Owned by modules/contracts. */

/**
 * A signed loan contract: the exact HTML the borrower signed (their signature image
 * embedded in it), its SHA-256, and the evidence of the signing. One per order. Kept
 * after an account deletion like the order itself: the law requires loan records.
 */
export const loanContracts = pgTable(
  'loan_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Printed in the contract: C + the Taipei signing date + the order id on eight digits. */
    contractNo: text('contract_no').notNull(),
    /** The template the text was filled from (templates/), e.g. 'v1'. */
    templateVersion: text('template_version').notNull(),
    /** The signed document, byte for byte as it is served back. */
    html: text('html').notNull(),
    /** Hex SHA-256 of `html` as UTF-8. */
    sha256: text('sha256').notNull(),
    /** The upload the signature came from (its bytes are embedded in `html`). */
    signatureImageKey: text('signature_image_key').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** The client's address as the server saw it (X-Forwarded-For behind a trusted proxy). */
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // One contract per order, also when two signatures race.
    uniqueIndex('loan_contracts_order_id_idx').on(table.orderId),
    uniqueIndex('loan_contracts_contract_no_idx').on(table.contractNo),
    index('loan_contracts_user_id_idx').on(table.userId),
  ],
);
