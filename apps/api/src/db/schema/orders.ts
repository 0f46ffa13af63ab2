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
    /** The product's version (loan_product_versions) the order was made with; null before versions were kept. */
    productVersion: integer('product_version'),
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
    // The review queue starts from the applications still awaiting a decision, not every past review (decision 0175).
    index('loan_orders_in_review_idx')
      .on(table.id)
      .where(sql`state = '審核中'`),
    // The dashboard's funnel: whether each person of a month's cohort signed, and was paid out,
    // from the index alone (a person's ten orders' rows read for it otherwise; decision 0175).
    index('loan_orders_signed_user_idx')
      .on(table.userId)
      .where(sql`contract_signed_at is not null`),
    index('loan_orders_paid_out_user_idx')
      .on(table.userId)
      .where(sql`disbursed_on is not null`),
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
  (table) => [
    index('order_state_changes_order_id_idx').on(table.orderId),
    // The dashboard's applications, approvals and refusals per day: a month of a lender's history,
    // only the three states it counts, read from the index alone (decision 0175).
    index('order_state_changes_decisions_at_idx')
      .on(table.at, table.toState)
      .where(sql`to_state in ('審核中', '已核准', '已拒絕')`),
  ],
);

/**
 * Each change of an order's receiving account (decision 0169): after its payout failed and
 * before finance retried it, the borrower named another of their accounts. Who (the cause,
 * always the order's borrower today), when, the failed payout it answers, and the accounts
 * before and after as ids and masked labels (臺灣銀行 ****1234), never the numbers.
 * Append-only: the order keeps the account now, this keeps how it got there.
 */
export const receivingAccountChanges = pgTable(
  'receiving_account_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** The failed payout (payments' payouts.id) whose failure let the account change. */
    failedPayoutId: integer('failed_payout_id').notNull(),
    fromBankAccountId: integer('from_bank_account_id'),
    fromLabel: text('from_label').notNull(),
    toBankAccountId: integer('to_bank_account_id').notNull(),
    toLabel: text('to_label').notNull(),
    /** Who changed it: 'borrower' (the order's owner, through the app). */
    cause: text('cause').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /**
     * The contract's addendum as the borrower confirmed it in the app (decision 0174), exactly
     * as shown, and where from — as a signed contract keeps its signing evidence. Null on
     * changes made before migration 0025 (the addendum is then written from the labels).
     */
    confirmedText: text('confirmed_text'),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('receiving_account_changes_order_id_idx').on(table.orderId)],
);
