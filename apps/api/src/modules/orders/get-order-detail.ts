import type { TOrderDetail, TOrderInstalment } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import type { LoanOrder } from './loan-order.ts';
import { orderDetail } from './order-view.ts';
import { selectStateChanges } from './orders-repository.ts';

/**
 * An order's detail as the borrower sees it: its terms, state, history and actions, with
 * the instalments the loan account (repayments) shows for it — or, before the payout, the
 * schedule applied for. The caller found the order (its owner's, see getOrderOfUser).
 */
export async function getOrderDetail(options: {
  db: Db;
  order: LoanOrder;
  instalments: readonly TOrderInstalment[];
}): Promise<TOrderDetail> {
  const changes = await selectStateChanges(options.db, options.order.id);
  return orderDetail(options.order, options.instalments, changes);
}
