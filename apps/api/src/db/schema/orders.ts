import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLOSED_ORDER_STATES, type TOrderState } from '@app/contract/schemas/orders.ts';
import type { TLoanQuote } from '@app/contract/schemas/loans.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Owned by modules/orders (the order's lifecycle); the loan's money is repayments' (schema/repayments.ts). */

export { CLOSED_ORDER_STATES };

/**
 * A loan order from application to settlement (PRODUCT.md "Orders: one state machine").
 * The product's terms and the quote are copied at application: editing a product never
 * changes an order. The user reference is kept after an account deletion (the user row
 * is anonymised, not removed): the law requires the records, not the identity.
 */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Shown to the borrower and on the contract, e.g. L20261123000042. */
    orderNo: text('order_no'),
    state: text('state').$type<TOrderState>().notNull(),
    productId: integer('product_id'),
    productName: text('product_name').notNull().default(''),
    /** The product's terms as they were at application. */
    terms: jsonb('terms').$type<LoanProductTerms>(),
    /** NT$, integer. */
    principal: integer('principal').notNull(),
    /** Days (single repayment) or months (equal instalments), by terms.method. */
    term: integer('term').notNull().default(0),
    /** The receiving account (bank_accounts.id of the same user). */
    bankAccountId: integer('bank_account_id'),
    /** The receiving account as shown, masked (臺灣銀行 ****1234), kept as it was at application. */
    bankAccountLabel: text('bank_account_label').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    /** The quote the borrower saw and applied for (payout assumed on the application day). */
    quote: jsonb('quote').$type<TLoanQuote>(),
    requestId: text('request_id'),
    contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
    /** The payout date in Asia/Taipei; the schedule counts from it. */
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    /** A refusal's reason codes (decisions), shown to the borrower as one plain message. */
    refusalCodes: jsonb('refusal_codes').$type<string[]>().notNull().default([]),
    /** After a refusal, no new application before this Taipei date. */
    coolDownUntil: date('cool_down_until', { mode: 'string' }),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('loan_orders_user_id_idx').on(table.userId),
    uniqueIndex('loan_orders_order_no_idx').on(table.orderNo),
    // One open order per user, also under concurrent applications on several instances.
    uniqueIndex('loan_orders_one_open_per_user')
      .on(table.userId)
      .where(sql`state not in ('已結清', '已拒絕', '已取消')`),
    // The daily jobs walk repaying orders only (a lender's table is mostly closed ones).
    index('loan_orders_repaying_idx')
      .on(table.id)
      .where(sql`state in ('待還款', '已逾期')`),
  ],
);

/** Every state change, with its time and cause (one row per transition, same transaction). */
export const orderStateChanges = pgTable(
  'order_state_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    fromState: text('from_state').$type<TOrderState>(),
    toState: text('to_state').$type<TOrderState>().notNull(),
    /** Who or what caused it: 'borrower', 'decision', 'payout', 'repayment', 'overdue-job', 'operator'… */
    cause: text('cause').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_state_changes_order_id_idx').on(table.orderId)],
);
