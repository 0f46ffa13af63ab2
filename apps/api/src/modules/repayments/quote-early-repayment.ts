import type { TReplanRepayResponse } from '@app/contract/schemas/repayments.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { partOwed } from '../../domain/payment-allocation.ts';
import { amountFor, isPayoff, ownOrder, repaymentPosition } from './repayment-position.ts';

/**
 * replan/repay: what paying early costs today. The whole loan: principal, fees and
 * interest only up to today (Civil Code art. 204; domain/early-payoff). The next
 * instalment: as scheduled (a single-repayment loan's only instalment is the whole loan,
 * with interest to today).
 */
export async function quoteEarlyRepayment(options: {
  db: Db;
  userId: number;
  orderId: number;
  kind: 'nextInstalment' | 'payoff';
  now: Date;
}): Promise<TReplanRepayResponse> {
  const { db, userId, kind, now } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  const today = taipeiCalendarDate(now);
  const position = await repaymentPosition({ db, order, today });
  const { amount } = amountFor(position, kind);
  const payoff = position.payoff!;
  if (isPayoff(order, kind)) {
    const { principal, interest, fee, overdueInterest, interestSaved } = payoff;
    return { kind, amount, principal, interest, fee, overdueInterest, interestUntil: today, interestSaved };
  }
  const next = position.next!;
  return {
    kind,
    amount,
    principal: partOwed(next, 'principal'),
    interest: partOwed(next, 'interest'),
    fee: partOwed(next, 'fee'),
    overdueInterest: partOwed(next, 'overdueInterest'),
    interestUntil: today,
    interestSaved: 0,
  };
}
