import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { toLoanOrder, type LoanOrder } from './loan-order.ts';
import { selectOrdersPage } from './orders-repository.ts';

/** What each tab of the order list shows: 審核中 covers every step before the money is paid. */
const FILTER_STATES: Record<string, readonly TOrderState[] | null> = {
  all: null,
  審核中: ['待簽約', '審核中', '已核准', '放款中'],
  待還款: ['待還款'],
  已逾期: ['已逾期'],
  已結清: ['已結清'],
};

/** A page of the caller's orders, newest first, by the list's tab (`state`); orderSummary shows each. */
export async function listOrders(options: {
  db: Db;
  userId: number;
  state: string;
  page: number;
  pageSize: number;
}): Promise<{ orders: LoanOrder[]; total: number }> {
  const { db, userId, page, pageSize } = options;
  const { rows, total } = await selectOrdersPage(db, {
    userId,
    states: FILTER_STATES[options.state] ?? null,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { orders: rows.map(toLoanOrder), total };
}
