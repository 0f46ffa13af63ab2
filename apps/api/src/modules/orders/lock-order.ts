import type { Db } from '../../db/client.ts';
import { selectOrderForUpdate } from './orders-repository.ts';

/**
 * Takes the order's row lock for the rest of the transaction `db` is: every payment on
 * the order waits in the same queue, so money moved on one order never races. Null when
 * there is no such order.
 */
export async function lockOrder(options: { db: Db; orderId: number }): Promise<{ id: number; userId: number } | null> {
  const order = await selectOrderForUpdate(options.db, options.orderId);
  return order ? { id: order.id, userId: order.userId } : null;
}
