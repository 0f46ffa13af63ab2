import type { InterestMethod } from '../loan-product-terms.ts';
import { addDays, monthlySeries, type CalendarDate } from './calendar-date.ts';

/**
 * When each instalment falls due, kept apart from how much it is: a single repayment
 * after `term` days, or `term` monthly instalments on the start day's date (month-end
 * clamped, see addMonths).
 */
export function dueDates(method: InterestMethod, startDate: CalendarDate, term: number): CalendarDate[] {
  if (!Number.isInteger(term) || term < 1) throw new RangeError(`not a term: ${term}`);
  if (method === 'singleRepayment') return [addDays(startDate, term)];
  return monthlySeries(startDate, 1, term);
}
