import { daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { dayCountInterest } from './loan-schedule/single-repayment-schedule.ts';
import { partOwed, type InstalmentBalance } from './payment-allocation.ts';
import { money, type Money } from './money.ts';

/**
 * Overdue interest (PRODUCT.md "Overdue"): on each instalment past its due date, the
 * principal it still owes × the contract rate (never more) × the days since the due
 * date, actual/365; and the loan's whole cost — scheduled interest, fees, extension
 * payments and overdue interest — never above the cap as a simple yearly rate on the
 * principal from the payout to the last due date (or today, once past it). Computed from the state on `today`, not
 * added to: a second run on the same day gives the same figures, and a figure never
 * falls below what was already charged.
 */
export function overdueInterestOn(options: {
  principal: Money;
  annualRatePercent: number;
  disbursedOn: CalendarDate;
  /** Extension payments (interest and fees) already made. */
  extensionCosts: Money;
  instalments: readonly InstalmentBalance[];
  today: CalendarDate;
  capPercent: number;
}): Map<number, Money> {
  const { principal, annualRatePercent, disbursedOn, instalments, today, capPercent } = options;
  const ordered = [...instalments].sort((a, b) => a.number - b.number);
  // The horizon is the last due date, or today once it has passed: over it the simple rate
  // on the principal stays within the cap (the APR of the schedule itself is below it).
  const lastDue = ordered.at(-1)?.dueDate ?? today;
  const horizon = lastDue > today ? lastDue : today;
  const capTotal = Math.floor((principal * capPercent * Math.max(0, daysBetween(disbursedOn, horizon))) / (100 * 365));
  const rate = Math.min(annualRatePercent, capPercent);
  const baseCost = options.extensionCosts + ordered.reduce((sum, row) => sum + row.interest + row.fee, 0);
  let room = Math.max(0, capTotal - baseCost - ordered.reduce((sum, row) => sum + row.overdueInterest, 0));
  const result = new Map<number, Money>();
  for (const row of ordered) {
    const daysLate = daysBetween(row.dueDate, today);
    if (daysLate <= 0) {
      result.set(row.number, row.overdueInterest);
      continue;
    }
    const wanted = dayCountInterest(partOwed(row, 'principal'), rate, daysLate);
    const increase = Math.min(room, Math.max(0, wanted - row.overdueInterest));
    room -= increase;
    result.set(row.number, money(row.overdueInterest + increase));
  }
  return result;
}
