import type { TOrderRecordResponse, TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { toLoanOrder } from './loan-order.ts';
import { instalmentView, orderSummary } from './order-view.ts';
import { selectInstalments, selectOrdersPage } from './orders-repository.ts';

/** What each tab of the order list shows: 審核中 covers every step before the money is paid. */
const FILTER_STATES: Record<string, readonly TOrderState[] | null> = {
  all: null,
  審核中: ['待簽約', '審核中', '已核准', '放款中'],
  待還款: ['待還款'],
  已逾期: ['已逾期'],
  已結清: ['已結清'],
};

/** loanOrderRecord: the caller's orders, newest first, a page at a time. */
export async function listOrders(options: {
  db: Db;
  userId: number;
  state: string;
  page: number;
  pageSize: number;
  now: Date;
}): Promise<TOrderRecordResponse> {
  const { db, userId, page, pageSize, now } = options;
  const { rows, total } = await selectOrdersPage(db, {
    userId,
    states: FILTER_STATES[options.state] ?? null,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const today = taipeiCalendarDate(now);
  const instalments = await selectInstalments(db, rows.map((row) => row.id));
  const orders = rows.map((row) => {
    const own = instalments.filter((instalment) => instalment.orderId === row.id).map((instalment) => instalmentView(instalment, today));
    return orderSummary(toLoanOrder(row), own);
  });
  return { orders, page, pageSize, total };
}
