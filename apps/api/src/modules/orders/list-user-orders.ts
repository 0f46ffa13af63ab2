import type { Db } from '../../db/client.ts';
import { selectOrdersOfUser } from './order-figures-repository.ts';

/** Every order of a user, newest first, as staff list them. */
export async function listUserOrders(options: { db: Db; userId: number }) {
  const rows = await selectOrdersOfUser(options.db, options.userId);
  return rows.map((row) => ({ ...row, orderNo: row.orderNo ?? '' }));
}
