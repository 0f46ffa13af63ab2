import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money } from '../../domain/money.ts';
import { postLoanEvent } from './post-loan-event.ts';
import { creditRepayment } from './credit-repayment.ts';
import { selectHeldNotificationOf, selectRequest, updateNotificationOutcome, updateRepaymentRequest } from './repayments-repository.ts';

export type HeldResolution = 'credited' | 'refunded' | 'notHeld';

/**
 * An operator's decision on a payment held because the gateway reported another amount
 * than the request's (never credited on its own) — the oldest one still held on the
 * request, whatever happened to the request since (the right amount may have arrived
 * and been credited meanwhile). `credit`: the amount that actually arrived is credited
 * like any payment, once (an extension it covers and that is still due applies).
 * `refund`: nothing is credited; the money goes back to the payer outside the system.
 * Either way it leaves the journal's suspense.
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
    if (!request?.gateway) return 'notHeld';
    const notification = await selectHeldNotificationOf(tx, request.id);
    if (!notification) return 'notHeld';
    const holdSource = `hold:${request.gateway}:${notification.transactionId}`;
    const reviewed = { ...request.detail, reviewedAt: at.toISOString(), note: options.note ?? '' };
    if (verdict === 'refund') {
      const today = taipeiCalendarDate(at);
      await updateNotificationOutcome(tx, notification.id, 'refunded');
      await postLoanEvent({
        db: tx,
        orderId: request.orderId,
        event: {
          kind: 'returnHeld',
          source: `return:${holdSource}`,
          amount: notification.amount,
          valueDate: today,
          paidOn: today,
          detail: { requestId: request.id },
        },
        at,
        today,
        cause: 'operator',
      });
      await updateRepaymentRequest(
        tx,
        request.id,
        request.state === 'held' ? { state: 'rejected', detail: reviewed } : { detail: reviewed },
      );
      return 'refunded';
    }
    await updateNotificationOutcome(tx, notification.id, 'credited');
    await creditRepayment({
      db: tx,
      request,
      amount: money(notification.amount),
      source: `${request.gateway}:${notification.transactionId}`,
      at,
      releasedHold: holdSource,
    });
    await updateRepaymentRequest(tx, request.id, { detail: reviewed });
    return 'credited';
  });
}
