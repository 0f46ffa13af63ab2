import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { isAwaitingStaff } from '../decisions/is-awaiting-staff.ts';
import { getOrderDetail } from '../orders/get-order-detail.ts';
import { paymentView } from './payment-view.ts';
import { creditLeft } from './refund-kept-credit.ts';
import { selectExtensions, selectOrderCredits, selectOrderRefunds, selectOrderRequests } from './repayments-repository.ts';

/**
 * loanOrderDetail: orders' detail (another user's order is not found there) with the
 * payments and extensions of repayments, and the credit kept for the borrower (less what
 * was refunded), and whether staff review it (decisions).
 */
export async function getOrderWithPayments(options: { db: Db; userId: number; orderId: number; now: Date }): Promise<TOrderDetailResponse> {
  const { db, now } = options;
  const detail = await getOrderDetail(options);
  const [requests, extensions, credits, refunds] = await Promise.all([
    selectOrderRequests(db, options.orderId),
    selectExtensions(db, [options.orderId]),
    selectOrderCredits(db, options.orderId),
    selectOrderRefunds(db, options.orderId),
  ]);
  const credit = creditLeft(credits, refunds);
  const awaitingStaff = detail.order.state === '審核中' && (await isAwaitingStaff({ db, orderId: options.orderId }));
  const settled = detail.order.state === '已結清';
  return {
    order: {
      ...detail.order,
      payments: requests.map((row) => paymentView(row, now, settled)),
      extensionsUsed: extensions.length,
      creditKept: credit.left,
      creditRefunded: credit.refunded,
      awaitingStaff,
    },
  };
}
