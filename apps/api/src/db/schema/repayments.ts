import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRepayChannelCode, TRepayKind } from '@app/contract/schemas/repayments.ts';
import { createdAt } from './columns.ts';
import { loanOrders } from './orders.ts';
import { userRef } from './users.ts';

/**
 * Owned by modules/repayments, the loan account: what was asked and received, extensions,
 * reminders, and the loan's money itself — the schedule (order_instalments) and the loan's
 * journal (loan_journal_entries, loan_journal_lines). The order's lifecycle is orders'.
 */

export const REPAYMENT_STATES = ['pending', 'paid', 'held', 'awaitingConfirmation', 'rejected'] as const;
export type RepaymentState = (typeof REPAYMENT_STATES)[number];

/** What an extension request was quoted at (the due date moves by it once paid). */
export interface ExtensionQuote {
  /** The day the interest was counted to (the extension's day). */
  on: string;
  accruedInterest: number;
  fee: number;
  fromDueDate: string;
  newDueDate: string;
  /** Interest from `on` to the new due date (what the instalment then carries). */
  interestToNewDueDate: number;
}

/**
 * A payment request (a store code or a virtual account issued by a collection gateway)
 * or a manual transfer the borrower reported. Expiry is read from `expires_at` (an
 * unpaid request past it shows as expired); a late payment is still credited (money is
 * never lost). `amount` is what was asked; what arrived is in repayment_credits.
 */
export const repaymentRequests = pgTable(
  'repayment_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    userId: userRef(),
    kind: text('kind').$type<TRepayKind>().notNull(),
    channel: text('channel').$type<TRepayChannelCode>().notNull(),
    amount: integer('amount').notNull(),
    state: text('state').$type<RepaymentState>().notNull(),
    /** The collection gateway that issued it (null for a manual transfer). */
    gateway: text('gateway'),
    storeCode: text('store_code'),
    bankCode: text('bank_code'),
    virtualAccount: text('virtual_account'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Payoff: the day interest was counted to when it was asked. */
    quotedOn: date('quoted_on', { mode: 'string' }).notNull(),
    extension: jsonb('extension').$type<ExtensionQuote>(),
    /** Manual transfer: the day the borrower says they paid, the paying account's last five digits, the receipt photo (their upload). */
    paidOn: date('paid_on', { mode: 'string' }),
    fromAccountLast5: text('from_account_last5'),
    receiptImageKey: text('receipt_image_key'),
    /** Why it was held or rejected (amounts, codes); never personal data. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('repayment_requests_order_id_idx').on(table.orderId),
    index('repayment_requests_user_id_idx').on(table.userId),
    uniqueIndex('repayment_requests_store_code_idx').on(table.storeCode),
    uniqueIndex('repayment_requests_virtual_account_idx').on(table.virtualAccount),
    // Staff's queues (transfers to confirm, payments held): a handful among every request ever paid.
    index('repayment_requests_for_staff_idx')
      .on(table.state)
      .where(sql`state in ('awaitingConfirmation', 'held')`),
    check('repayment_requests_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * Every gateway notification that passed its check value, one row per gateway
 * transaction: the unique index is what makes a repeated, concurrent or late copy apply
 * nothing the second time. `outcome` says what it did.
 */
export const collectionNotifications = pgTable(
  'collection_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    requestId: integer('request_id').references(() => repaymentRequests.id),
    amount: integer('amount').notNull(),
    /** credited | held (amount differs: never credited) | failed (the gateway says not paid) | unknown (no such request). */
    outcome: text('outcome').notNull(),
    resultCode: text('result_code').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('collection_notifications_transaction_idx').on(table.gateway, table.transactionId),
    // The reconciliation's days of notifications.
    index('collection_notifications_received_at_idx').on(table.receivedAt),
  ],
);

/**
 * The ledger of money received on an order: one row per credited payment, with where it
 * went. Invariant (tests check it after every scenario): amount = allocated + extension +
 * credit_kept, and the order's allocated sum equals what its instalments record as paid.
 */
export const repaymentCredits = pgTable(
  'repayment_credits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    requestId: integer('request_id')
      .notNull()
      .references(() => repaymentRequests.id),
    /** `<gateway>:<transaction id>` or `manual:<request id>`: one credit per source. */
    source: text('source').notNull(),
    amount: integer('amount').notNull(),
    /** Paid into the instalments (overdue interest, interest, fees, principal). */
    allocated: integer('allocated').notNull(),
    /** Paid for an extension (its accrued interest and fee). */
    extension: integer('extension').notNull().default(0),
    /** More than was owed: kept for the borrower (refunded or used on request). */
    creditKept: integer('credit_kept').notNull(),
    /** Per instalment: what each part received. */
    allocation: jsonb('allocation').$type<Array<Record<string, number>>>().notNull().default([]),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('repayment_credits_source_idx').on(table.source),
    index('repayment_credits_order_id_idx').on(table.orderId),
    // The dashboard's money collected per day (read from the index alone, decision 0175) and the
    // reconciliation's credits of a period.
    index('repayment_credits_credited_at_amount_idx').on(table.creditedAt, table.amount),
    check('repayment_credits_adds_up', sql`${table.amount} = ${table.allocated} + ${table.extension} + ${table.creditKept}`),
  ],
);

/** Extensions paid (single-repayment loans): one per request, so a repeated notification never extends twice. */
export const loanExtensions = pgTable(
  'loan_extensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    requestId: integer('request_id')
      .notNull()
      .references(() => repaymentRequests.id),
    on: date('on', { mode: 'string' }).notNull(),
    fromDueDate: date('from_due_date', { mode: 'string' }).notNull(),
    newDueDate: date('new_due_date', { mode: 'string' }).notNull(),
    accruedInterest: integer('accrued_interest').notNull(),
    fee: integer('fee').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('loan_extensions_request_idx').on(table.requestId),
    uniqueIndex('loan_extensions_order_from_due_idx').on(table.orderId, table.fromDueDate),
  ],
);

/** Reminders sent: one per order, kind and due date, so each is sent once. */
export const repaymentReminders = pgTable(
  'repayment_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** threeDaysBefore | oneDayBefore | firstOverdueDay */
    kind: text('kind').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('repayment_reminders_once_idx').on(table.orderId, table.kind, table.dueDate)],
);

/**
 * The reminders' SMS templates as administrators saved them, a row per save, never changed:
 * the latest of a kind is sent (none yet: the contract's default text). Checked on save
 * (contract's reminder-template.ts): the amount and due date named, nothing unknown, short enough.
 */
export const reminderTemplates = pgTable(
  'reminder_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** dueSoon | firstOverdueDay */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    /** The operator's name. */
    savedBy: text('saved_by').notNull(),
  },
  (table) => [index('reminder_templates_kind_idx').on(table.kind, table.id)],
);

/**
 * Credit kept (an overpayment) paid back to the borrower by an operator, outside the
 * system (a transfer to the borrower's receiving account). An order's refunds never add
 * up to more than its credits kept: each refund takes the order's lock, the queue every
 * payment on the order waits in.
 */
export const creditRefunds = pgTable(
  'credit_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    amount: integer('amount').notNull(),
    /** The operator's words: the transfer's reference, why. */
    note: text('note').notNull().default(''),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('credit_refunds_order_id_idx').on(table.orderId), check('credit_refunds_amount_positive', sql`${table.amount} > 0`)],
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
    // The overdue run walks the unsettled instalments in order id (its batches), never the whole
    // schedule's key: at volume the planner chose order_instalments_order_number_idx and
    // filtered 2.8M settled rows per batch (2 s each).
    index('order_instalments_unsettled_order_idx')
      .on(table.orderId)
      .where(sql`settled_at is null`),
    // The dashboard's overdue rate of a period: every instalment due on its days, settled or not,
    // and when it was settled, read from the index alone (decision 0175).
    index('order_instalments_due_date_settled_idx').on(table.dueDate, table.settledAt),
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
  (table) => [
    index('loan_journal_lines_order_account_idx').on(table.orderId, table.account),
    index('loan_journal_lines_entry_idx').on(table.entryId),
    // Credit kept (the borrowers' money to pay back): the few orders with a credit line, not the whole journal.
    index('loan_journal_lines_credit_idx')
      .on(table.orderId)
      .where(sql`account = 'credit'`),
  ],
);
