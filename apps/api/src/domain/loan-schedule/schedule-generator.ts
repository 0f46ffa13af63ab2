import type { InterestMethod } from '../loan-product-terms.ts';
import type { Money } from '../money.ts';
import type { CalendarDate } from './calendar-date.ts';
import { equalInstalmentSchedule } from './equal-instalment-schedule.ts';
import { singleRepaymentSchedule } from './single-repayment-schedule.ts';

export interface ScheduleInput {
  principal: Money;
  annualRatePercent: number;
  /** The payout day; interest runs from it. */
  startDate: CalendarDate;
  /** From dueDates(): one per instalment. */
  dueDates: readonly CalendarDate[];
}

/** One row of the amortisation table, fees aside (the quote places them). */
export interface ScheduleRow {
  number: number;
  dueDate: CalendarDate;
  principal: Money;
  interest: Money;
  total: Money;
}

/** One strategy per interest method; rows sum exactly to the principal. */
export interface ScheduleGenerator {
  generate(input: ScheduleInput): ScheduleRow[];
}

const GENERATORS: Record<InterestMethod, ScheduleGenerator> = {
  singleRepayment: singleRepaymentSchedule,
  equalInstalments: equalInstalmentSchedule,
};

export function scheduleGeneratorFor(method: InterestMethod): ScheduleGenerator {
  return GENERATORS[method];
}
