import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { AppError } from '../../errors/app-error.ts';
import { toLoanOrder } from './loan-order.ts';
import { orderDetail } from './order-view.ts';
import { selectInstalments, selectOrderOfUser, selectStateChanges } from './orders-repository.ts';

/** loanOrderDetail: the caller's own order with its schedule and history; another user's id is not found. */
export async function getOrderDetail(options: { db: Db; userId: number; orderId: number; now: Date }): Promise<TOrderDetailResponse> {
  const { db, userId, orderId, now } = options;
  const row = await selectOrderOfUser(db, userId, orderId);
  if (!row) throw new AppError('BUSINESS_RULE', { userMessage: ORDER_NOT_FOUND, message: 'order not found' });
  const [instalments, changes] = await Promise.all([selectInstalments(db, [orderId]), selectStateChanges(db, orderId)]);
  return { order: orderDetail(toLoanOrder(row), instalments, changes, taipeiCalendarDate(now)) };
}
