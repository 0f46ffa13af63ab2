import { ADMIN_PAYMENT_NOT_HELD } from '@app/contract/admin/admin-messages.ts';
import type { TPaymentActionResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { getOrder } from '../orders/index.ts';
import { listForReview, resolveHeldPayment } from '../repayments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** Finance credits or returns a payment held for a differing amount (the repayments module's use case), audited. */
export async function resolveHeld(options: {
  db: Db;
  actor: Actor;
  requestId: number;
  verdict: 'credit' | 'refund';
  note: string;
  now: Date;
}): Promise<TPaymentActionResponse> {
  const { actor, requestId, verdict, note, now } = options;
  return options.db.transaction(async (tx) => {
    const held = (await listForReview({ db: tx, what: 'held' })).find((item) => item.id === requestId);
    const outcome = await resolveHeldPayment({ db: tx, requestId, verdict, at: now, note });
    if (!held || outcome === 'notHeld')
      throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_PAYMENT_NOT_HELD, message: 'payment not held' });
    const order = await getOrder({ db: tx, orderId: held.orderId });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: outcome === 'credited' ? 'held.credited' : 'held.refunded',
      target: `payment:${requestId}`,
      before: { state: 'held', orderId: held.orderId, requested: held.amount, arrived: held.heldAmount },
      after: { outcome, orderState: order?.state ?? null, note },
    });
    return { outcome, orderState: order?.state ?? null };
  });
}
