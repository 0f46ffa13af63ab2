import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { Money } from '../../domain/money.ts';
import { lockOrder } from '../orders/index.ts';
import { loanAccountOf } from './loan-account-of.ts';
import { postLoanEvent } from './post-loan-event.ts';
import {
  insertCreditOnce,
  insertExtensionOnce,
  updateRepaymentRequest,
  type RepaymentCreditRow,
  type RepaymentRequestRow,
} from './repayments-repository.ts';

/**
 * Money received for a request, in the caller's transaction (the request row locked by
 * the caller), posted once per `source` (a gateway transaction, the manual transfer, a
 * released hold) to the loan's journal:
 * - an extension request's first money that covers its price, paid by the end of its due
 *   date, extends the loan once — whatever arrived before (a held amount) or after (a
 *   second transfer), and even when the notification arrives after the due date passed;
 * - the money itself is a payment, allocated by the loan account's one rule (interest to
 *   the day, fees, then principal; credit kept beyond everything owed). Paid in time, it
 *   counts from the day it was quoted for (the borrower paid what they were told settles
 *   that day); late, from the day it arrived.
 * Null when this source was already credited.
 */
export async function creditRepayment(options: {
  db: Db;
  request: RepaymentRequestRow;
  amount: Money;
  source: string;
  at: Date;
  /** A held notification credited by an operator: the hold it releases from suspense. */
  releasedHold?: string;
}): Promise<RepaymentCreditRow | null> {
  const { db, request, amount, source, at } = options;
  const today = taipeiCalendarDate(at);
  // The order's lock before any row that refers to it is written: payments on one order queue here, never deadlock.
  const order = await lockOrder({ db, orderId: request.orderId });
  if (!order) throw new Error(`order ${request.orderId} not found`);
  const inTime = request.expiresAt === null || at <= request.expiresAt;
  const valueDate = inTime && request.quotedOn <= today ? request.quotedOn : today;

  let extension = 0;
  const quote = request.extension;
  if (request.kind === 'extension' && quote && inTime && amount >= request.amount) {
    // As of the day it was quoted, the loan was still due on the date the extension moves; and it is not paid off since.
    const [then, now] = await Promise.all([loanAccountOf({ db, order, today: quote.on }), loanAccountOf({ db, order, today })]);
    const stillDue =
      then?.account.state === 'repaying' && then.account.instalments[0]?.dueDate === quote.fromDueDate && now?.account.state !== 'settled';
    if (stillDue) {
      const recorded = await insertExtensionOnce(db, {
        orderId: order.id,
        requestId: request.id,
        on: quote.on,
        fromDueDate: quote.fromDueDate,
        newDueDate: quote.newDueDate,
        accruedInterest: quote.accruedInterest,
        fee: quote.fee,
        at,
      });
      if (recorded) {
        const periodDays = order.terms.method === 'singleRepayment' ? (order.terms.extension?.periodDays ?? 0) : 0;
        await postLoanEvent({
          db,
          orderId: order.id,
          event: {
            kind: 'extension',
            source: `extension:${request.id}`,
            amount: 0,
            valueDate: quote.on,
            paidOn: today,
            detail: { requestId: request.id, periodDays, fee: quote.fee, fromDueDate: quote.fromDueDate },
          },
          at,
          today,
          cause: 'extension',
        });
        extension = request.amount;
      }
    }
  }

  const posted = await postLoanEvent({
    db,
    orderId: order.id,
    event: {
      kind: 'payment',
      source,
      amount,
      valueDate,
      paidOn: today,
      detail: { requestId: request.id, ...(options.releasedHold ? { releasedHold: options.releasedHold } : {}) },
    },
    at,
    today,
    cause: 'repayment',
  });
  if (!posted.posted) {
    if (posted.reason === 'duplicate') return null;
    throw new Error(`order ${order.id} is not paid out`);
  }
  const creditKept = posted.allocation?.creditKept ?? 0;
  extension = Math.min(extension, amount - creditKept);
  const row = await insertCreditOnce(db, {
    orderId: order.id,
    requestId: request.id,
    source,
    amount,
    allocated: amount - extension - creditKept,
    extension,
    creditKept,
    allocation: posted.allocation ? [{ ...posted.allocation, eventId: Number(posted.allocation.eventId) }] : [],
    creditedAt: at,
  });
  if (!row) throw new Error('payment credited twice');
  if (request.state !== 'paid') await updateRepaymentRequest(db, request.id, { state: 'paid', paidAt: at });
  return row;
}
