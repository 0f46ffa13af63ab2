import type { TReplanRepayResponse } from '@app/contract/schemas/repayments.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { amountFor, isPayoff, ownOrder, repaymentPosition } from './repayment-position.ts';

/**
 * replan/repay: what paying early costs today, from the loan account (interest to the
 * day on the principal actually outstanding, Civil Code art. 204 and the contract). The
 * whole loan: the principal outstanding, the interest, fees and overdue interest owed
 * today, and the interest the rest of the plan would have carried. The next instalment:
 * its principal and fee not yet paid ahead, with the interest owed today (a payment pays
 * interest to its day first).
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
  const account = position.account!;
  const interest = account.interestAccrued - account.interestPaid;
  const overdueInterest = account.overdueInterestAccrued - account.overdueInterestPaid;
  if (isPayoff(order, kind)) {
    const projected = account.instalments.reduce((sum, row) => sum + row.interest, 0);
    return {
      kind,
      amount,
      principal: account.principalOutstanding,
      interest,
      fee: account.feesCharged - account.feesPaid,
      overdueInterest,
      interestUntil: today,
      interestSaved: Math.max(0, projected - account.interestAccrued),
    };
  }
  const through = account.instalments.filter((row) => row.number <= (position.next?.number ?? 0));
  // Plan fees as amountToSettleThrough counts them: earned to the day while the instalment runs.
  const planFees = account.feesCharged - account.extensionFeesCharged;
  const last = through.at(-1);
  const feesThrough = last && last.dueDate <= today ? through.reduce((sum, row) => sum + row.fee, 0) : planFees;
  const planFeesOwed = Math.max(0, Math.min(feesThrough, planFees) - (account.feesPaid - account.extensionFeesPaid));
  return {
    kind,
    amount,
    principal: through.reduce((sum, row) => sum + row.principal - row.paidPrincipal, 0),
    interest,
    fee: planFeesOwed + account.extensionFeesCharged - account.extensionFeesPaid,
    overdueInterest,
    interestUntil: today,
    interestSaved: 0,
  };
}
