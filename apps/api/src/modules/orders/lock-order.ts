import type { Db } from '../../db/client.ts';
import { toLoanOrder, type LoanOrder } from './loan-order.ts';
import { selectOrderForUpdate, selectRepayingOrdersForUpdateSkipLocked } from './orders-repository.ts';

/**
 * Takes the order's row lock for the rest of the transaction `db` is, and answers the
 * order as it stands under the lock: every payment on the order waits in the same queue,
 * so money moved on one order never races. Null when there is no such order.
 */
export async function lockOrder(options: { db: Db; orderId: number }): Promise<LoanOrder | null> {
  const row = await selectOrderForUpdate(options.db, options.orderId);
  return row ? toLoanOrder(row) : null;
}

/**
 * Those of `orderIds` still repaying (待還款, 已逾期), locked for the rest of the
 * transaction; orders another worker holds are skipped (FOR UPDATE SKIP LOCKED), so
 * instances running a daily job together share the work without waiting on each other.
 */
export async function lockRepayingOrders(options: { db: Db; orderIds: readonly number[] }): Promise<LoanOrder[]> {
  return (await selectRepayingOrdersForUpdateSkipLocked(options.db, options.orderIds)).map(toLoanOrder);
}
