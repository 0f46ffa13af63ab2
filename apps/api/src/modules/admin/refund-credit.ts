import { ADMIN_NO_CREDIT_KEPT, ADMIN_NOT_FOUND } from '@app/contract/admin/admin-messages.ts';
import type { TPaymentActionResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { getOrder } from '../orders/index.ts';
import { refundKeptCredit } from '../repayments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** Finance records that an order's credit kept was paid back (the repayments module's use case, once), audited. */
export async function refundCredit(options: {
  db: Db;
  actor: Actor;
  orderId: number;
  note: string;
  now: Date;
}): Promise<TPaymentActionResponse> {
  const { actor, orderId, note, now } = options;
  return options.db.transaction(async (tx) => {
    const refund = await refundKeptCredit({ db: tx, orderId, at: now, note });
    if (refund.outcome === 'noOrder') throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'no such order' });
    if (refund.outcome === 'nothingKept')
      throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_NO_CREDIT_KEPT, message: 'no credit kept' });
    const order = await getOrder({ db: tx, orderId });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'credit.refunded',
      target: `order:${order?.orderNo ?? orderId}`,
      before: { creditKept: refund.amount },
      after: { creditKept: 0, refunded: refund.amount, note },
    });
    return { outcome: 'refunded', orderState: order?.state ?? null };
  });
}
