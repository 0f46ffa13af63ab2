import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLOSED_ORDER_STATES, type TOrderState } from '@app/contract/schemas/orders.ts';
import type { TLoanQuote } from '@app/contract/schemas/loans.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Owned by modules/orders. */

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

/**
 * The repayment schedule, written at payout from the order's terms counted from the payout
 * date. What is due and what is paid are kept per part (allocation pays, per instalment,
 * overdue interest, then interest, then fees, then principal).
 */
export const orderInstalments = pgTable(
  'order_instalments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: integer('principal').notNull(),
    interest: integer('interest').notNull(),
    fee: integer('fee').notNull(),
    overdueInterest: integer('overdue_interest').notNull().default(0),
    paidPrincipal: integer('paid_principal').notNull().default(0),
    paidInterest: integer('paid_interest').notNull().default(0),
    paidFee: integer('paid_fee').notNull().default(0),
    paidOverdueInterest: integer('paid_overdue_interest').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_instalments_order_number_idx').on(table.orderId, table.number),
    // The overdue run (unsettled and past due) and the reminders (unsettled, due on a day):
    // a small slice of the schedule rows, found without reading the settled ones.
    index('order_instalments_unsettled_due_idx')
      .on(table.dueDate, table.orderId)
      .where(sql`settled_at is null`),
  ],
);

/**
 * The loan's journal: every money event of an order — the payout, a payment received, an
 * extension, a refund of credit kept, money held for review and its release or return —
 * one append-only entry, never updated. The loan account (domain/loan-account) is
 * replayed from these entries; what the borrower owes is never stored as truth.
 * `source` names the event's origin (`payout:<order>`, `<gateway>:<transaction>`,
 * `manual:<request>`, `extension:<request>`…): unique, so a repeated notification posts
 * nothing the second time.
 */
export const loanJournalEntries = pgTable(
  'loan_journal_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** payout | payment | extension | refund | hold | release | returnHeld */
    kind: text('kind').$type<LoanJournalKind>().notNull(),
    source: text('source').notNull(),
    /** NT$ of the event itself (0 for an extension, whose money is its payment's). */
    amount: integer('amount').notNull(),
    /** The day interest counts the event from (a payment quoted and paid in time: the quote's day). */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** The day the money moved. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The Taipei day the account was replayed to when the entry was posted (its lines are as of that day). */
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    /** An extension: its period and fee; a payment: the request it paid. Never personal data. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('loan_journal_entries_source_idx').on(table.source),
    index('loan_journal_entries_order_id_idx').on(table.orderId),
    check('loan_journal_entries_amount_not_negative', sql`${table.amount} >= 0`),
  ],
);

export const LOAN_JOURNAL_KINDS = ['payout', 'payment', 'extension', 'refund', 'hold', 'release', 'returnHeld'] as const;
export type LoanJournalKind = (typeof LOAN_JOURNAL_KINDS)[number];

/**
 * The double-entry lines of a journal entry (debit positive, credit negative): each
 * entry's lines sum to zero, and an account's balance on an order is the sum of its
 * lines. Accounts: principal, interest, overdueInterest, fees (receivable); cash;
 * interestIncome, overdueInterestIncome, feeIncome; credit (the borrower's money kept);
 * suspense (money held for review).
 */
export const loanJournalLines = pgTable(
  'loan_journal_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => loanJournalEntries.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
  },
  (table) => [index('loan_journal_lines_order_account_idx').on(table.orderId, table.account), index('loan_journal_lines_entry_idx').on(table.entryId)],
);
