import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isAwaitingStaff } from '../decisions/is-awaiting-staff.ts';
import { getOrderDetail } from '../orders/get-order-detail.ts';
import { getOrderOfUser } from '../orders/get-order.ts';
import { getLoanOfOrder } from '../repayments/loan-of-order.ts';

/**
 * loanOrderDetail: the caller's own order (another user's id is not found) put together
 * from its owners — its terms, state and history (orders), its loan account: instalments,
 * payments, extensions, credit kept (repayments), and whether staff review it (decisions).
 */
export async function getOrderRecord(options: { db: Db; userId: number; orderId: number; now: Date; config: Pick<Config, 'ecpay'> }): Promise<TOrderDetailResponse> {
  const { db, now } = options;
  const order = await getOrderOfUser({ db, userId: options.userId, orderId: options.orderId });
  if (!order) throw new AppError('BUSINESS_RULE', { userMessage: ORDER_NOT_FOUND, message: 'order not found' });
  const [loan, awaitingStaff] = await Promise.all([
    getLoanOfOrder({ db, order, now, config: options.config }),
    order.state === '審核中' ? isAwaitingStaff({ db, orderId: order.id }) : false,
  ]);
  const { instalments, ...money } = loan;
  const detail = await getOrderDetail({ db, order, instalments });
  return { order: { ...detail, ...money, awaitingStaff } };
}
