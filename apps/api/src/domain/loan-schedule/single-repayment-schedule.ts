import { addMoney, roundHalfUp, type Money } from '../money.ts';
import { daysBetween } from './calendar-date.ts';
import type { ScheduleGenerator } from './schedule-generator.ts';

/** Simple interest by the day, actual/365: principal × rate × days / 365. */
export function dayCountInterest(principal: Money, annualRatePercent: number, days: number): Money {
  return roundHalfUp((principal * annualRatePercent * days) / (100 * 365));
}

/** Principal and interest in one repayment on the single due date. */
export const singleRepaymentSchedule: ScheduleGenerator = {
  generate({ principal, annualRatePercent, startDate, dueDates }) {
    const [dueDate] = dueDates;
    if (dueDate === undefined || dueDates.length !== 1) throw new RangeError('a single repayment has exactly one due date');
    const days = daysBetween(startDate, dueDate);
    if (days < 1) throw new RangeError(`due date ${dueDate} is not after ${startDate}`);
    const interest = dayCountInterest(principal, annualRatePercent, days);
    return [{ number: 1, dueDate, principal, interest, total: addMoney(principal, interest) }];
  },
};
