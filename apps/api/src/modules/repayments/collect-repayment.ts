import type { TPaymentResponse, TRepayKind } from '@app/contract/schemas/repayments.ts';
import type { RepayConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { CollectionGateway } from './collection-gateway.ts';
import { paymentView } from './payment-view.ts';
import { checkChannelLimits } from './repay-channels.ts';
import { amountFor, ownOrder, repaymentPosition } from './repayment-position.ts';
import { insertRepaymentRequest, selectOpenRequest, updateRepaymentRequest } from './repayments-repository.ts';

const HOUR_MS = 3_600_000;

/** The end of a Taipei calendar day (23:59:59.999 +08:00). */
function endOfTaipeiDay(date: string): Date {
  return new Date(new Date(`${date}T00:00:00+08:00`).getTime() + 24 * HOUR_MS - 1);
}

/**
 * repay/collect and extension/repay: a store code or a virtual account for what the
 * borrower chose to pay, valid for the configured hours (an extension's only until the
 * end of its due date: after it, the loan can no longer be extended). Within the limits
 * of the channel. Idempotent by requestId (the envelope runs this once per requestId);
 * an unexpired request for the same thing (order, kind, channel, amount) is answered
 * again instead of a new one.
 */
export async function collectRepayment(options: {
  db: Db;
  userId: number;
  orderId: number;
  kind: TRepayKind;
  channel: 'cvs' | 'atm';
  now: Date;
  config: RepayConfig;
  gateway: CollectionGateway;
}): Promise<TPaymentResponse> {
  const { db, userId, kind, channel, now, config, gateway } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  const today = taipeiCalendarDate(now);
  const position = await repaymentPosition({ db, order, today });
  const { amount, extension } = amountFor(position, kind);
  checkChannelLimits(config, channel, amount);

  const open = await selectOpenRequest(db, { orderId: order.id, kind, channel, amount, now });
  if (open) return { payment: paymentView(open, now) };

  let expiresAt = new Date(now.getTime() + config.codeValidHours * HOUR_MS);
  if (extension) {
    const lastDay = endOfTaipeiDay(extension.fromDueDate);
    if (lastDay < expiresAt) expiresAt = lastDay;
  }
  const row = await insertRepaymentRequest(db, {
    orderId: order.id,
    userId,
    kind,
    channel,
    amount,
    state: 'pending',
    gateway: gateway.name,
    expiresAt,
    quotedOn: today,
    extension,
  });
  const issue = { requestId: String(row.id), amount, expiresAt };
  if (channel === 'cvs') {
    const { storeCode } = await gateway.issueStoreCode(issue);
    await updateRepaymentRequest(db, row.id, { storeCode });
    return { payment: paymentView({ ...row, storeCode }, now) };
  }
  const account = await gateway.issueVirtualAccount(issue);
  const detail = { bankName: account.bankName };
  await updateRepaymentRequest(db, row.id, { bankCode: account.bankCode, virtualAccount: account.account, detail });
  return { payment: paymentView({ ...row, bankCode: account.bankCode, virtualAccount: account.account, detail }, now) };
}
