import { REPAY_PAID_ON_INVALID, REPAY_RECEIPT_NOT_FOUND, REPAY_ORDER_NOT_REPAYABLE } from '@app/contract/messages/repayments.ts';
import type { TPaymentResponse } from '@app/contract/schemas/repayments.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { paymentView } from './payment-view.ts';
import { ownOrder } from './repayment-position.ts';
import { insertRepaymentRequest } from './repayments-repository.ts';

/**
 * repay/manual: a transfer the borrower made on their own, with its receipt photo (their
 * own upload). Nothing is credited yet: it shows as 待確認 until an operator confirms or
 * rejects it (`npm run operator -- confirm-transfer <id>`). Idempotent by requestId.
 */
export async function reportManualTransfer(options: {
  db: Db;
  userId: number;
  orderId: number;
  amount: number;
  paidOn: string;
  fromAccountLast5: string;
  receiptImageKey: string;
  now: Date;
}): Promise<TPaymentResponse> {
  const { db, userId, now } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  if (!(REPAYING_ORDER_STATES as readonly string[]).includes(order.state) || !order.disbursedOn) {
    throw new AppError('BUSINESS_RULE', { userMessage: REPAY_ORDER_NOT_REPAYABLE, message: 'order not repayable' });
  }
  const today = taipeiCalendarDate(now);
  if (options.paidOn > today || options.paidOn < order.disbursedOn) {
    throw new AppError('BUSINESS_RULE', { userMessage: REPAY_PAID_ON_INVALID, message: 'transfer date out of range' });
  }
  if (!(await isOwnUpload({ db, userId, key: options.receiptImageKey }))) {
    throw new AppError('BUSINESS_RULE', { userMessage: REPAY_RECEIPT_NOT_FOUND, message: 'receipt not an own upload' });
  }
  const row = await insertRepaymentRequest(db, {
    orderId: order.id,
    userId,
    kind: 'allDue',
    channel: 'manual',
    amount: options.amount,
    state: 'awaitingConfirmation',
    quotedOn: today,
    paidOn: options.paidOn,
    fromAccountLast5: options.fromAccountLast5,
    receiptImageKey: options.receiptImageKey,
  });
  return { payment: paymentView(row, now) };
}
