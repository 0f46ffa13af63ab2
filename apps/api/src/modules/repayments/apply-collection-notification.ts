import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money } from '../../domain/money.ts';
import { postLoanEvent } from './post-loan-event.ts';
import type { CollectionGateway } from './collection-gateway.ts';
import { creditRepayment } from './credit-repayment.ts';
import { insertNotificationOnce, selectRequest, updateRepaymentRequest } from './repayments-repository.ts';

export type NotificationOutcome =
  | { accepted: false; reason: 'signature' | 'malformed' }
  | { accepted: true; outcome: 'duplicate' | 'credited' | 'held' | 'failed' | 'unknown' };

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A collection gateway's server notification. The check value is verified first (a bad
 * one changes nothing and is answered HTTP 400). Then, in one transaction with the
 * request row locked: the gateway transaction is recorded (unique per gateway), so a
 * repeated, concurrent or late copy finds it recorded and changes nothing; a paid amount
 * that differs from the request is held for review (in the loan journal's suspense) and
 * never credited on its own — the right amount arriving later is credited as usual; a payment for an
 * expired request or an already settled order is still credited (money is never lost:
 * what nothing is owed for is kept as credit). Logs carry ids and amounts, never
 * personal data.
 */
export async function applyCollectionNotification(options: {
  db: Db;
  gateway: CollectionGateway;
  fields: Readonly<Record<string, string>>;
  now: Date;
  log: Logger;
}): Promise<NotificationOutcome> {
  const { db, gateway, fields, now, log } = options;
  const reading = gateway.readNotification(fields);
  if (!reading.ok) {
    log.warn({ gateway: gateway.name, reason: reading.reason }, 'collection notification refused');
    return { accepted: false, reason: reading.reason };
  }
  const notification = reading.notification;
  const outcome = await db.transaction(async (tx) => {
    const request = await selectRequest(tx, Number(notification.requestId), { forUpdate: true });
    const known = request !== null && request.gateway === gateway.name && request.channel !== 'manual';
    const recorded = await insertNotificationOnce(tx, {
      gateway: gateway.name,
      transactionId: notification.transactionId,
      requestId: known ? request.id : null,
      amount: notification.amount,
      outcome: !known ? 'unknown' : !notification.paid ? 'failed' : notification.amount !== request.amount ? 'held' : 'credited',
      resultCode: notification.resultCode,
      receivedAt: now,
    });
    if (recorded === null) return 'duplicate' as const;
    if (!known) return 'unknown' as const;
    if (!notification.paid) return 'failed' as const;
    if (notification.amount !== request.amount) {
      if (request.state === 'pending') {
        await updateRepaymentRequest(tx, request.id, {
          state: 'held',
          detail: { ...request.detail, heldAmount: notification.amount, heldTransaction: notification.transactionId },
        });
      }
      // The money arrived and is the lender's to account for: in suspense until an operator credits or returns it.
      const today = taipeiCalendarDate(now);
      await postLoanEvent({
        db: tx,
        orderId: request.orderId,
        event: {
          kind: 'hold',
          source: `hold:${gateway.name}:${notification.transactionId}`,
          amount: notification.amount,
          valueDate: today,
          paidOn: today,
          detail: { requestId: request.id },
        },
        at: now,
        today,
        cause: 'repayment',
      });
      return 'held' as const;
    }
    await creditRepayment({
      db: tx,
      request,
      amount: money(notification.amount),
      source: `${gateway.name}:${notification.transactionId}`,
      at: notification.paidAt && notification.paidAt <= now ? notification.paidAt : now,
    });
    return 'credited' as const;
  });
  const logged = {
    gateway: gateway.name,
    requestId: notification.requestId,
    transactionId: notification.transactionId,
    amount: notification.amount,
    outcome,
  };
  if (outcome === 'held' || outcome === 'unknown') log.warn(logged, 'collection notification needs review');
  else log.info(logged, 'collection notification');
  return { accepted: true, outcome };
}
