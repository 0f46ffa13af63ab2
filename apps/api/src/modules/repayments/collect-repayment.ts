import type { TPaymentResponse, TRepayKind } from '@app/contract/schemas/repayments.ts';
import type { RepayConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { REPAY_AMOUNT_CHANGED } from '@app/contract/messages/repayments.ts';
import { AppError } from '../../errors/app-error.ts';
import { lockOrder } from '../orders/index.ts';
import type { CollectionGateway } from './collection-gateway.ts';
import { paymentView } from './payment-view.ts';
import { checkChannelLimits, repayChannels } from './repay-channels.ts';
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
 * again instead of a new one. A payoff over the channel's limit is issued in parts, each
 * its own code for the next part of what the open parts do not cover yet (the order
 * locked meanwhile, so two parts never cover the same money). When the borrower was shown
 * another amount than the choice costs now, nothing is issued.
 */
export async function collectRepayment(options: {
  db: Db;
  userId: number;
  orderId: number;
  kind: TRepayKind;
  channel: 'cvs' | 'atm';
  /** The amount the borrower was shown for this choice. */
  shownAmount?: number;
  /** nextInstalment: the instalment the borrower was shown. */
  shownInstalment?: number;
  now: Date;
  config: RepayConfig;
  gateway: CollectionGateway;
}): Promise<TPaymentResponse> {
  const { db, userId, kind, channel, now, config, gateway } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  const today = taipeiCalendarDate(now);
  const part = kind === 'payoffPart';
  if (part) await lockOrder({ db, orderId: order.id });
  const position = await repaymentPosition({ db, order, today, now: part ? now : undefined });
  const limits = repayChannels(config).find((candidate) => candidate.code === channel);
  const { amount, extension } = amountFor(position, kind, limits);
  const otherInstalment =
    kind === 'nextInstalment' && options.shownInstalment !== undefined && position.next?.number !== options.shownInstalment;
  if ((options.shownAmount !== undefined && options.shownAmount !== amount) || otherInstalment) {
    throw new AppError('BUSINESS_RULE', { userMessage: REPAY_AMOUNT_CHANGED, message: 'the choice costs another amount now' });
  }
  checkChannelLimits(config, channel, amount);

  if (!part) {
    const open = await selectOpenRequest(db, { orderId: order.id, kind, channel, amount, now });
    if (open) return { payment: paymentView(open, now) };
  }

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
