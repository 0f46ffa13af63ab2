import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { loanOrders } from './orders.ts';

/** Owned by modules/payments. */

export const PAYOUT_STATES = ['requested', 'completed', 'failed', 'needs_review'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** How a payout leaves the lender: the payment gateway's API, or a batch file uploaded to the lender's corporate bank. */
export const PAYOUT_CHANNELS = ['gateway', 'bank'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];

/**
 * A payout of an order's whole principal to the borrower's bank account, through a
 * payment provider. One per order, and one more for each failed one finance retries. `provider_transaction_id` is the provider's own id,
 * unique: a notification is applied once per id. No personal data here: the receiving
 * account stays with bank-accounts (the order names it).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** NT$, integer: the order's principal, nothing deducted. */
    amount: integer('amount').notNull(),
    /** The provider's name (`sandbox`, or a gateway adapter's), set when it accepted the request. */
    provider: text('provider'),
    /** Set when the provider accepted the request (or its notification named it). */
    providerTransactionId: text('provider_transaction_id'),
    state: text('state').$type<PayoutState>().notNull().default('requested'),
    /** Why a notification was held or failed (the notified amount, the provider's code); never personal data. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    requestedAt: createdAt(),
    /** When the provider accepted the request. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a notification settled it (completed, failed or held). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Fixed when requested (the configured channel then). */
    channel: text('channel').$type<PayoutChannel>().notNull().default('gateway'),
    /**
     * Finance releases needed before it is sent, fixed when requested from the amount and the
     * configured thresholds: 0 (goes out at once), 1, or 2 by two different operators.
     */
    releasesNeeded: integer('releases_needed').notNull().default(0),
    /** The operator (admin operators' id) of the first of two releases, and when. */
    firstReleasedBy: integer('first_released_by'),
    firstReleasedAt: timestamp('first_released_at', { withTimezone: true }),
    /** The operator whose release let it go (the only one, or the second), and when. */
    releasedBy: integer('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The bank batch file it was put in (`YYYYMMDD-N`), once; a bank payout is in one file only. */
    bankBatch: text('bank_batch'),
    /**
     * 1 for the order's first payout; a failed one retried by finance gets a new payout with the
     * next number (decision 0165), so each attempt keeps its own batch file, result and release.
     */
    attempt: integer('attempt').notNull().default(1),
    /** The failed payout this one retries (null for the first attempt). */
    retryOf: integer('retry_of'),
    /** On a failed payout: the operator who retried it, and when (a failed payout is retried once). */
    retriedBy: integer('retried_by'),
    retriedAt: timestamp('retried_at', { withTimezone: true }),
  },
  (table) => [
    // One payout per order and attempt: a repeated decision adds none, a retry adds one.
    uniqueIndex('payouts_order_attempt_idx').on(table.orderId, table.attempt),
    uniqueIndex('payouts_retry_of_idx').on(table.retryOf),
    uniqueIndex('payouts_provider_transaction_idx').on(table.provider, table.providerTransactionId),
    check('payouts_amount_positive', sql`${table.amount} > 0`),
    check('payouts_releases_needed', sql`${table.releasesNeeded} between 0 and 2`),
    index('payouts_bank_batch_idx').on(table.bankBatch),
    index('payouts_requested_at_idx').on(table.requestedAt),
    // The dashboard's money paid out per day: completed payouts by when they settled, with their
    // amounts, read from the index alone (decision 0175).
    index('payouts_completed_settled_at_idx')
      .on(table.settledAt, table.amount)
      .where(sql`state = 'completed'`),
  ],
);
