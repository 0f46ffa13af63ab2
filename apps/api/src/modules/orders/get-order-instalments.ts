import type { Db } from '../../db/client.ts';
import { toOrderInstalment, type OrderInstalment } from './order-instalment.ts';
import { selectInstalments } from './orders-repository.ts';

/** An order's schedule with what was paid into each instalment, first instalment first (empty before payout). */
export async function getOrderInstalments(options: { db: Db; orderId: number }): Promise<OrderInstalment[]> {
  return (await selectInstalments(options.db, [options.orderId])).map(toOrderInstalment);
}
