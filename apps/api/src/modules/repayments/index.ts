/**
 * What other modules may use of `repayments` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import {
  selectCreditsBetween,
  selectJournalLinesBetween,
  selectRequestsOfUser,
  selectCollectedByDay,
} from './repayment-figures-repository.ts';

export { checkBooks } from './check-books.ts';
export { countInstalmentsOverdue } from './count-instalments-overdue.ts';
export { listCreditLeft, listForReview } from './list-for-review.ts';
export { listOrderMoneyHistory } from './list-order-money-history.ts';
export { getLoanOfOrder, listInstalmentViews } from './loan-of-order.ts';
export { reconcileCollections } from './reconcile-collections.ts';
export { refundKeptCredit } from './refund-kept-credit.ts';
export { getReminderTemplates, saveReminderTemplate } from './reminder-templates.ts';
export { resolveHeldPayment } from './resolve-held-payment.ts';
export { reviewManualTransfer } from './review-manual-transfer.ts';
export { startRepayment } from './start-repayment.ts';

/** Payments credited in [from, until): what arrived and where it went (instalments, extension, credit kept), for finance's export. */
export async function listCollectionsBetween(options: { db: Db; from: Date; until: Date }) {
  return selectCreditsBetween(options.db, options.from, options.until);
}

/** The loan journal's lines (debit positive, credit negative) of the entries posted in [from, until), for finance's export. */
export async function listJournalLinesBetween(options: { db: Db; from: Date; until: Date }) {
  return selectJournalLinesBetween(options.db, options.from, options.until);
}

/** A user's payment requests (store codes, virtual accounts) and manual transfers on every order, newest first. */
export async function listUserPayments(options: { db: Db; userId: number }) {
  return selectRequestsOfUser(options.db, options.userId);
}

/** Money collected per Taipei day of [from, until): every credited payment (gateway or manual transfer), counted on the day it was credited. */
export async function sumCollectionsByDay(options: {
  db: Db;
  from: Date;
  until: Date;
}): Promise<Array<{ day: string; count: number; amount: number }>> {
  return selectCollectedByDay(options.db, options.from, options.until);
}
