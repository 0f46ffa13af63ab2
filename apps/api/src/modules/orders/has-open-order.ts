import type { Db } from '../../db/client.ts';
import { selectHasOpenOrder } from './orders-repository.ts';

/** Whether the user has an order that is not settled, rejected or cancelled. */
export function hasOpenOrder(options: { db: Db; userId: number }): Promise<boolean> {
  return selectHasOpenOrder(options.db, options.userId);
}
