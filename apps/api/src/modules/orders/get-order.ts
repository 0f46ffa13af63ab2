import type { Db } from '../../db/client.ts';
import { toLoanOrder, type LoanOrder } from './loan-order.ts';
import { selectOrder, selectOrderOfUser, selectOrders } from './orders-repository.ts';

/** The caller's own order; null for an unknown id or another user's order. */
export async function getOrderOfUser(options: { db: Db; userId: number; orderId: number }): Promise<LoanOrder | null> {
  const row = await selectOrderOfUser(options.db, options.userId, options.orderId);
  return row ? toLoanOrder(row) : null;
}

/** Any order, for work that runs without a caller (decisions, payouts, jobs). */
export async function getOrder(options: { db: Db; orderId: number }): Promise<LoanOrder | null> {
  const row = await selectOrder(options.db, options.orderId);
  return row ? toLoanOrder(row) : null;
}

/** Several orders at once (a job's batch), by id; unknown ids are left out. */
export async function getOrders(options: { db: Db; orderIds: readonly number[] }): Promise<LoanOrder[]> {
  return (await selectOrders(options.db, options.orderIds)).map(toLoanOrder);
}
