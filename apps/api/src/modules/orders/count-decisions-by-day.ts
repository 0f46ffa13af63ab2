import type { Db } from '../../db/client.ts';
import { selectDecisionsByDay } from './order-figures-repository.ts';

/**
 * Per Taipei day of [from, until), from the orders' state history: applications submitted
 * (the order reached 審核中), approved (已核准) and refused (已拒絕). Days without any are absent.
 */
export async function countDecisionsByDay(options: {
  db: Db;
  from: Date;
  until: Date;
}): Promise<Array<{ day: string; applications: number; approved: number; refused: number }>> {
  return selectDecisionsByDay(options.db, options.from, options.until);
}
