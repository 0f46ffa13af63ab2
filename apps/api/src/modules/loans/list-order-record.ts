import type { TOrderRecordResponse } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { listOrders, orderSummary } from '../orders/index.ts';
import { listInstalmentViews } from '../repayments/index.ts';

/** loanOrderRecord: the caller's orders (orders), newest first, a page at a time, each with what its loan account says is owed (repayments). */
export async function listOrderRecord(options: {
  db: Db;
  userId: number;
  state: string;
  page: number;
  pageSize: number;
  now: Date;
}): Promise<TOrderRecordResponse> {
  const { db, page, pageSize } = options;
  const { orders, total } = await listOrders(options);
  const instalments = await listInstalmentViews({ db, orderIds: orders.map((order) => order.id), today: taipeiCalendarDate(options.now) });
  return { orders: orders.map((order) => orderSummary(order, instalments.get(order.id) ?? [])), page, pageSize, total };
}
