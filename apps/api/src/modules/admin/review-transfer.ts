import { ADMIN_TRANSFER_NOT_WAITING, TRANSFER_REJECT_REASONS } from '@app/contract/admin/admin-messages.ts';
import type { TPaymentActionResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { getOrder } from '../orders/index.ts';
import { listForReview, reviewManualTransfer } from '../repayments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/**
 * Finance's verdict on a manual transfer (待確認), through the repayments module's own use
 * case: confirmed, it is credited as any payment is; rejected, with the reason in plain
 * words as the note the borrower sees. Recorded in the audit trail in the same transaction.
 */
export async function reviewTransfer(options: {
  db: Db;
  actor: Actor;
  requestId: number;
  verdict: 'confirm' | 'reject';
  reasonCode?: keyof typeof TRANSFER_REJECT_REASONS;
  note: string;
  now: Date;
}): Promise<TPaymentActionResponse> {
  const { actor, requestId, verdict, now } = options;
  const reason = options.reasonCode ? TRANSFER_REJECT_REASONS[options.reasonCode] : '';
  const note = [reason, options.note].filter(Boolean).join('：');
  return options.db.transaction(async (tx) => {
    const waiting = (await listForReview({ db: tx, what: 'transfers' })).find((item) => item.id === requestId);
    const outcome = await reviewManualTransfer({ db: tx, requestId, verdict, at: now, note });
    if (!waiting || outcome === 'notAwaiting')
      throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_TRANSFER_NOT_WAITING, message: 'transfer not awaiting' });
    const order = await getOrder({ db: tx, orderId: waiting.orderId });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: outcome === 'confirmed' ? 'transfer.confirmed' : 'transfer.rejected',
      target: `transfer:${requestId}`,
      before: { state: 'awaitingConfirmation', orderId: waiting.orderId, amount: waiting.amount },
      after: {
        outcome,
        orderState: order?.state ?? null,
        ...(options.reasonCode ? { reasonCode: options.reasonCode } : {}),
        note: options.note,
      },
    });
    return { outcome, orderState: order?.state ?? null };
  });
}
