import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { loanOrders } from './orders.ts';

/** Owned by modules/payments. */

export const PAYOUT_STATES = ['requested', 'completed', 'failed', 'needs_review'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/**
 * A payout of an order's whole principal to the borrower's bank account, through a
 * payment provider. One per order. `provider_transaction_id` is the provider's own id,
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
  },
  (table) => [
    uniqueIndex('payouts_order_id_idx').on(table.orderId),
    uniqueIndex('payouts_provider_transaction_idx').on(table.provider, table.providerTransactionId),
    check('payouts_amount_positive', sql`${table.amount} > 0`),
  ],
);
