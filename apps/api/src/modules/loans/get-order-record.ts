import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isAwaitingStaff } from '../decisions/index.ts';
import { getOrderDetail, getOrderOfUser } from '../orders/index.ts';
import { describePayoutFailure } from '../payments/index.ts';
import { getLoanOfOrder } from '../repayments/index.ts';

/**
 * loanOrderDetail: the caller's own order (another user's id is not found) put together
 * from its owners — its terms, state and history (orders), its loan account: instalments,
 * payments, extensions, credit kept (repayments), whether staff review it (decisions), and
 * a failed payout with the account changes since (payments, decision 0169).
 */
export async function getOrderRecord(options: {
  db: Db;
  userId: number;
  orderId: number;
  now: Date;
  config: Pick<Config, 'ecpay'>;
}): Promise<TOrderDetailResponse> {
  const { db, now } = options;
  const order = await getOrderOfUser({ db, userId: options.userId, orderId: options.orderId });
  if (!order) throw new AppError('BUSINESS_RULE', { userMessage: ORDER_NOT_FOUND, message: 'order not found' });
  const [loan, awaitingStaff, payout] = await Promise.all([
    getLoanOfOrder({ db, order, now, config: options.config }),
    order.state === '審核中' ? isAwaitingStaff({ db, orderId: order.id }) : false,
    describePayoutFailure({ db, order }),
  ]);
  const { instalments, ...money } = loan;
  const detail = await getOrderDetail({ db, order, instalments });
  // The payout's failures and account changes join the timeline in time order (a stable sort keeps ties as recorded).
  const events = [
    ...detail.events,
    ...payout.events.map((event) => ({ state: event.state, text: event.text, at: event.at.toISOString() })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { order: { ...detail, ...money, awaitingStaff, events, payoutFailure: payout.failure } };
}
