import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { isAwaitingStaff } from '../decisions/is-awaiting-staff.ts';
import { getOrderDetail } from '../orders/get-order-detail.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { getOrderOfUser } from '../orders/get-order.ts';
import { paymentView } from './payment-view.ts';
import { extensionOpensOn } from './repayment-position.ts';
import { listCreditKept } from '../orders/credit-kept.ts';
import { selectExtensions, selectOrderRequests, selectRefundTotals } from './repayments-repository.ts';

/**
 * loanOrderDetail: orders' detail (another user's order is not found there) with the
 * payments and extensions of repayments, and the credit kept for the borrower (the loan
 * journal's credit account, net of what was refunded), and whether staff review it (decisions).
 */
export async function getOrderWithPayments(options: { db: Db; userId: number; orderId: number; now: Date }): Promise<TOrderDetailResponse> {
  const { db, now } = options;
  const detail = await getOrderDetail(options);
  const [requests, extensions, kept, refunded] = await Promise.all([
    selectOrderRequests(db, options.orderId),
    selectExtensions(db, [options.orderId]),
    listCreditKept({ db, userId: options.userId }),
    selectRefundTotals(db, [options.orderId]),
  ]);
  const awaitingStaff = detail.order.state === '審核中' && (await isAwaitingStaff({ db, orderId: options.orderId }));
  const settled = detail.order.state === '已結清';
  const terms = detail.order.actions.extend ? (await getOrderOfUser({ db, userId: options.userId, orderId: options.orderId }))?.terms : null;
  const windowDays = terms?.method === 'singleRepayment' ? terms.extension?.windowDays : undefined;
  const dueDate = detail.order.nextDueDate;
  return {
    order: {
      ...detail.order,
      payments: requests.map((row) => paymentView(row, now, settled)),
      extensionsUsed: extensions.length,
      creditKept: kept.find((row) => row.orderId === options.orderId)?.kept ?? 0,
      creditRefunded: refunded.get(options.orderId) ?? 0,
      awaitingStaff,
      extensionOpensOn: windowDays !== undefined && dueDate ? extensionOpensOn(dueDate, windowDays, taipeiCalendarDate(now)) : null,
    },
  };
}
