import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money, type Money } from '../../domain/money.ts';
import { applyOrderPayment } from '../orders/apply-order-payment.ts';
import { extendDueDate } from '../orders/extend-due-date.ts';
import { getOrder } from '../orders/get-order.ts';
import { isPayoff } from './repayment-position.ts';
import {
  insertCreditOnce,
  insertExtensionOnce,
  selectExtensions,
  updateRepaymentRequest,
  type RepaymentCreditRow,
  type RepaymentRequestRow,
} from './repayments-repository.ts';

/**
 * Money received for a request, in the caller's transaction (the request row locked by
 * the caller): recorded once per `source` (a gateway transaction, or the manual transfer
 * itself), then
 * - an extension paid in time, on the due date it was asked for, moves the due date once;
 * - a payoff (or a single-repayment loan paid whole) is honoured with interest up to the
 *   day it was asked for (or the payment day, when the code had expired);
 * - anything else is spread over the instalments oldest first; what is beyond everything
 *   owed (an order already settled, a second payment) is kept as the borrower's credit.
 * Null when this source was already credited.
 */
export async function creditRepayment(options: {
  db: Db;
  request: RepaymentRequestRow;
  amount: Money;
  source: string;
  at: Date;
}): Promise<RepaymentCreditRow | null> {
  const { db, request, amount, source, at } = options;
  const today = taipeiCalendarDate(at);
  const order = await getOrder({ db, orderId: request.orderId });
  if (!order) throw new Error(`order ${request.orderId} not found`);
  const inTime = request.expiresAt === null || at <= request.expiresAt;
  const firstPayment = request.state === 'pending' || request.state === 'awaitingConfirmation';

  const credit = async (values: { allocated: number; extension: number; creditKept: number; allocation: Array<Record<string, number>> }) =>
    insertCreditOnce(db, { orderId: order.id, requestId: request.id, source, amount, creditedAt: at, ...values });

  let row: RepaymentCreditRow | null = null;
  const quote = request.extension;
  if (request.kind === 'extension' && quote && inTime && firstPayment && amount === request.amount) {
    const moved = await extendDueDate({
      db,
      orderId: order.id,
      fromDueDate: quote.fromDueDate,
      newDueDate: quote.newDueDate,
      interest: money(quote.interestToNewDueDate),
    });
    if (moved) {
      const extension = await insertExtensionOnce(db, {
        orderId: order.id,
        requestId: request.id,
        on: quote.on,
        fromDueDate: quote.fromDueDate,
        newDueDate: quote.newDueDate,
        accruedInterest: quote.accruedInterest,
        fee: quote.fee,
        at,
      });
      if (!extension) throw new Error('an extension moved a due date twice');
      row = await credit({ allocated: 0, extension: amount, creditKept: 0, allocation: [] });
      if (!row) throw new Error('extension credited twice');
    }
  }
  if (!row) {
    const extensions = await selectExtensions(db, [order.id]);
    const interestFrom = extensions.at(-1)?.on ?? order.disbursedOn ?? today;
    const payoff = isPayoff(order, request.kind) ? { on: inTime ? request.quotedOn : today, interestFrom } : undefined;
    const applied = await applyOrderPayment({ db, orderId: order.id, amount, at, today, payoff, cause: 'repayment', detail: { requestId: request.id } });
    row = await credit({
      allocated: applied.allocated,
      extension: 0,
      creditKept: applied.creditKept,
      allocation: applied.allocations.map((entry) => ({ ...entry })),
    });
    if (!row) throw new Error('payment credited twice');
  }
  if (request.state !== 'paid') await updateRepaymentRequest(db, request.id, { state: 'paid', paidAt: at });
  return row;
}
