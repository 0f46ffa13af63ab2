import type { Db } from '../../db/client.ts';
import { money } from '../../domain/money.ts';
import { creditRepayment } from './credit-repayment.ts';
import { selectHeldNotification, selectRequest, updateNotificationOutcome, updateRepaymentRequest } from './repayments-repository.ts';

export type HeldResolution = 'credited' | 'refunded' | 'notHeld';

/**
 * An operator's decision on a payment held because the gateway reported another amount
 * than the request's (never credited on its own). `credit`: the amount that actually
 * arrived is credited like any payment (oldest instalment first, the rest kept as
 * credit), once. `refund`: nothing is credited; the money goes back to the payer outside
 * the system and the request shows as not credited.
 */
export async function resolveHeldPayment(options: {
  db: Db;
  requestId: number;
  verdict: 'credit' | 'refund';
  at: Date;
  note?: string;
}): Promise<HeldResolution> {
  const { requestId, verdict, at } = options;
  return options.db.transaction(async (tx) => {
    const request = await selectRequest(tx, requestId, { forUpdate: true });
    const transactionId = request?.detail.heldTransaction;
    if (!request || request.state !== 'held' || typeof transactionId !== 'string' || !request.gateway) return 'notHeld';
    const notification = await selectHeldNotification(tx, request.id, transactionId);
    if (!notification) return 'notHeld';
    const reviewed = { ...request.detail, reviewedAt: at.toISOString(), note: options.note ?? '' };
    if (verdict === 'refund') {
      await updateNotificationOutcome(tx, notification.id, 'refunded');
      await updateRepaymentRequest(tx, request.id, { state: 'rejected', detail: reviewed });
      return 'refunded';
    }
    await updateNotificationOutcome(tx, notification.id, 'credited');
    await creditRepayment({ db: tx, request, amount: money(notification.amount), source: `${request.gateway}:${transactionId}`, at });
    await updateRepaymentRequest(tx, request.id, { detail: reviewed });
    return 'credited';
  });
}
