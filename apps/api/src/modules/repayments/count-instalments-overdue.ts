import type { Db } from '../../db/client.ts';
import { selectInstalmentsDueBetween } from './repayment-figures-repository.ts';

/**
 * Of the instalments due on the days [fromDay, toDay] (YYYY-MM-DD, Taipei), how many were
 * not settled by the end of their due day: the period's overdue rate is `overdue / due`.
 */
export async function countInstalmentsOverdue(options: {
  db: Db;
  fromDay: string;
  toDay: string;
}): Promise<{ due: number; overdue: number }> {
  return selectInstalmentsDueBetween(options.db, options.fromDay, options.toDay);
}
