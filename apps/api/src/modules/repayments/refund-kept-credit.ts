import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { lockOrder } from '../orders/index.ts';
import { loanAccountOf } from './loan-account-of.ts';
import { postLoanEvent } from './post-loan-event.ts';
import { insertCreditRefund, selectCreditKept, selectPaidOrderIdsOfUser } from './repayments-repository.ts';

export type CreditRefundOutcome = { outcome: 'refunded'; amount: number } | { outcome: 'nothingKept' } | { outcome: 'noOrder' };

/**
 * An operator pays the order's credit kept (overpayments) back to the borrower, outside
 * the system, and records it: the whole amount left, once, posted to the loan journal.
 * Under the order's lock, taken first, so two operators (or one twice)
 * cannot refund the same money twice, and a payment arriving meanwhile is counted either
 * before or after, never half.
 */
export async function refundKeptCredit(options: { db: Db; orderId: number; at: Date; note?: string }): Promise<CreditRefundOutcome> {
  const { orderId, at } = options;
  const today = taipeiCalendarDate(at);
  return options.db.transaction(async (tx) => {
    // The order's lock first: racing refunds queue here, and the second finds nothing left.
    const order = await lockOrder({ db: tx, orderId });
    if (!order) return { outcome: 'noOrder' };
    const left = (await loanAccountOf({ db: tx, order, today }))?.account.creditKept ?? 0;
    if (left <= 0) return { outcome: 'nothingKept' };
    const refund = await insertCreditRefund(tx, { orderId, amount: left, note: options.note ?? '', refundedAt: at });
    const posted = await postLoanEvent({
      db: tx,
      orderId,
      event: { kind: 'refund', source: `refund:${refund.id}`, amount: left, valueDate: today, paidOn: today },
      at,
      today,
      cause: 'operator',
    });
    // Another refund took the credit between the reading and the lock: this one records nothing.
    if (!posted.posted || posted.books.account.refunded < left) throw new Error('credit refunded twice');
    return { outcome: 'refunded', amount: left };
  });
}

/** Credit kept for a user on all their orders and not yet refunded (account deletion waits for it to be 0). */
export async function creditLeftOfUser(options: { db: Db; userId: number }): Promise<number> {
  // Credit comes only from money paid on the user's own requests.
  const orderIds = await selectPaidOrderIdsOfUser(options.db, options.userId);
  return (await selectCreditKept(options.db, { orderIds })).reduce((sum, row) => sum + row.kept, 0);
}
