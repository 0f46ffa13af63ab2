import type { Db } from '../../db/client.ts';
import { lockOrder } from '../orders/lock-order.ts';
import { insertCreditRefund, selectOrderCredits, selectOrderRefunds, selectPaidOrderIdsOfUser } from './repayments-repository.ts';

export type CreditRefundOutcome = { outcome: 'refunded'; amount: number } | { outcome: 'nothingKept' } | { outcome: 'noOrder' };

/** What an order holds for its borrower: credit kept from overpayments less what was refunded. */
export function creditLeft(credits: ReadonlyArray<{ creditKept: number }>, refunds: ReadonlyArray<{ amount: number }>): { kept: number; refunded: number; left: number } {
  const kept = credits.reduce((total, credit) => total + credit.creditKept, 0);
  const refunded = refunds.reduce((total, refund) => total + refund.amount, 0);
  return { kept, refunded, left: kept - refunded };
}

/**
 * An operator pays the order's credit kept (overpayments) back to the borrower, outside
 * the system, and records it: the whole amount left, once. In one transaction under the
 * order's lock, so two operators (or one twice) cannot refund the same money twice, and a
 * payment arriving meanwhile is counted either before or after, never half.
 */
export async function refundKeptCredit(options: { db: Db; orderId: number; at: Date; note?: string }): Promise<CreditRefundOutcome> {
  const { orderId, at } = options;
  return options.db.transaction(async (tx) => {
    if (!(await lockOrder({ db: tx, orderId }))) return { outcome: 'noOrder' };
    const { left } = creditLeft(await selectOrderCredits(tx, orderId), await selectOrderRefunds(tx, orderId));
    if (left <= 0) return { outcome: 'nothingKept' };
    await insertCreditRefund(tx, { orderId, amount: left, note: options.note ?? '', refundedAt: at });
    return { outcome: 'refunded', amount: left };
  });
}

/** Credit kept for a user on all their orders and not yet refunded (account deletion waits for it to be 0). */
export async function creditLeftOfUser(options: { db: Db; userId: number }): Promise<number> {
  let left = 0;
  for (const orderId of await selectPaidOrderIdsOfUser(options.db, options.userId)) {
    left += creditLeft(await selectOrderCredits(options.db, orderId), await selectOrderRefunds(options.db, orderId)).left;
  }
  return left;
}
