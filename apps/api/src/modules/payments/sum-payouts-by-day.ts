import type { Db } from '../../db/client.ts';
import { selectPaidOutByDay } from './payout-figures-repository.ts';

/** Money paid out per Taipei day of [from, until): payouts the provider confirmed (completed), counted on that day. */
export async function sumPayoutsByDay(options: { db: Db; from: Date; until: Date }): Promise<Array<{ day: string; count: number; amount: number }>> {
  return selectPaidOutByDay(options.db, options.from, options.until);
}
