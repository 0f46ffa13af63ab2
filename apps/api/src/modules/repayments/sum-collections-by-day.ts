import type { Db } from '../../db/client.ts';
import { selectCollectedByDay } from './repayment-figures-repository.ts';

/** Money collected per Taipei day of [from, until): every credited payment (gateway or manual transfer), counted on the day it was credited. */
export async function sumCollectionsByDay(options: { db: Db; from: Date; until: Date }): Promise<Array<{ day: string; count: number; amount: number }>> {
  return selectCollectedByDay(options.db, options.from, options.until);
}
