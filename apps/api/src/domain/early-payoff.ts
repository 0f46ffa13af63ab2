import { daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { dayCountInterest } from './loan-schedule/single-repayment-schedule.ts';
import { instalmentOwed, partOwed, type InstalmentBalance } from './payment-allocation.ts';
import { money, type Money } from './money.ts';

export interface PayoffQuote {
  amount: Money;
  principal: Money;
  interest: Money;
  fee: Money;
  overdueInterest: Money;
  /** Scheduled interest that paying today saves. */
  interestSaved: Money;
  interestUntil: CalendarDate;
  /**
   * The instalments as they stand once the loan is paid off today: the current period's
   * interest cut to what accrued by `today`, later periods' interest removed. Paying
   * `amount` into these (payment-allocation) leaves nothing owed.
   */
  replanned: InstalmentBalance[];
}

/**
 * Paying the whole loan on `today` (Civil Code art. 204; we allow it at any time, interest
 * to the day): every instalment already due is owed as it stands (with its overdue
 * interest); of those not yet due, the principal and any fee are owed, and interest only
 * for the days since the current period began (the previous due date, or `interestFrom`:
 * the payout or the last extension), on the principal still outstanding for that period,
 * actual/365, never more than the period's scheduled interest. Later periods carry no
 * interest.
 */
export function quotePayoff(options: {
  annualRatePercent: number;
  instalments: readonly InstalmentBalance[];
  interestFrom: CalendarDate;
  today: CalendarDate;
}): PayoffQuote {
  const { annualRatePercent, interestFrom, today } = options;
  const ordered = [...options.instalments].sort((a, b) => a.number - b.number);
  const notDue = ordered.filter((row) => row.dueDate > today);
  const current = notDue[0];
  // The period of `current` began at the previous instalment's due date (or interestFrom).
  const previous = current ? ordered.filter((row) => row.number < current.number).at(-1) : undefined;
  const periodStart = previous && previous.dueDate > interestFrom ? previous.dueDate : interestFrom;
  const outstandingPrincipal = money(notDue.reduce((sum, row) => sum + partOwed(row, 'principal'), 0));
  const accrued = current
    ? dayCountInterest(outstandingPrincipal, annualRatePercent, Math.max(0, daysBetween(periodStart, today)))
    : money(0);

  let principal = 0;
  let interest = 0;
  let fee = 0;
  let overdueInterest = 0;
  let scheduledInterestOwed = 0;
  const replanned = ordered.map((row) => {
    scheduledInterestOwed += partOwed(row, 'interest');
    if (row.dueDate <= today) return { ...row };
    const owedNow = row === current ? Math.min(accrued, partOwed(row, 'interest')) : 0;
    return { ...row, interest: money(row.paidInterest + owedNow) };
  });
  for (const row of replanned) {
    principal += partOwed(row, 'principal');
    interest += partOwed(row, 'interest');
    fee += partOwed(row, 'fee');
    overdueInterest += partOwed(row, 'overdueInterest');
  }
  const amount = money(replanned.reduce((sum, row) => sum + instalmentOwed(row), 0));
  return {
    amount,
    principal: money(principal),
    interest: money(interest),
    fee: money(fee),
    overdueInterest: money(overdueInterest),
    interestSaved: money(scheduledInterestOwed - interest),
    interestUntil: today,
    replanned,
  };
}
