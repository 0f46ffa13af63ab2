import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { getOrderDetail } from '../orders/get-order-detail.ts';
import { paymentView } from './payment-view.ts';
import { selectExtensions, selectOrderCredits, selectOrderRequests } from './repayments-repository.ts';

/** loanOrderDetail: orders' detail (another user's order is not found there) with the payments and extensions of repayments. */
export async function getOrderWithPayments(options: { db: Db; userId: number; orderId: number; now: Date }): Promise<TOrderDetailResponse> {
  const { db, now } = options;
  const detail = await getOrderDetail(options);
  const [requests, extensions, credits] = await Promise.all([
    selectOrderRequests(db, options.orderId),
    selectExtensions(db, [options.orderId]),
    selectOrderCredits(db, options.orderId),
  ]);
  const settled = detail.order.state === '已結清';
  return {
    order: {
      ...detail.order,
      payments: requests.map((row) => paymentView(row, now, settled)),
      extensionsUsed: extensions.length,
      creditKept: credits.reduce((total, credit) => total + credit.creditKept, 0),
    },
  };
}
