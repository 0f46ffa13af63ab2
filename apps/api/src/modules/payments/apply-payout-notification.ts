import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { startRepayment } from '../repayments/index.ts';
import type { PaymentNotification } from './payment-provider.ts';
import { selectPayoutForUpdate, settlePayout } from './payments-repository.ts';
import { askToTellPayoutFailed } from './tell-payout-failed.ts';
import { isRowId } from '../../db/row-id.ts';

/**
 * What a verified notification did: `applied` (the payout completed, the order repays),
 * `duplicate` (already settled: acknowledged, nothing changes), `held` (needs_review: an
 * amount or transaction that differs from ours, or an order no longer disbursing; never
 * applied), `failed` (the provider could not pay; the order stays 放款中 for staff),
 * `unknown` (no such payout for this provider: refused).
 */
export type NotificationOutcome = 'applied' | 'duplicate' | 'held' | 'failed' | 'unknown';

/**
 * Applies a payout notification once per payout and provider transaction: the payout row
 * is locked, settled only from `requested`, and a success moves the order 放款中 → 待還款
 * with its schedule counted from the payout date, all in one transaction.
 */
export async function applyPayoutNotification(options: {
  db: Db;
  jobs: JobQueue;
  providerName: string;
  notification: PaymentNotification;
  now: Date;
}): Promise<NotificationOutcome> {
  const { db, jobs, providerName, notification, now } = options;
  const payoutId = Number(notification.payoutId);
  if (!isRowId(payoutId)) return 'unknown';
  return db.transaction(async (tx) => {
    const payout = await selectPayoutForUpdate(tx, payoutId);
    if (!payout || (payout.provider !== null && payout.provider !== providerName)) return 'unknown';
    if (payout.state !== 'requested') return 'duplicate';
    const providerTransactionId = notification.providerTransactionId;
    const hold = async (reason: string, detail: Record<string, unknown> = {}): Promise<NotificationOutcome> => {
      await settlePayout(tx, payout.id, { state: 'needs_review', providerTransactionId, at: now, detail: { reason, ...detail } });
      return 'held';
    };
    if (payout.providerTransactionId !== null && payout.providerTransactionId !== providerTransactionId) {
      return hold('transactionMismatch');
    }
    if (notification.amount !== payout.amount) return hold('amountMismatch', { notifiedAmount: notification.amount });
    if (!notification.succeeded) {
      await settlePayout(tx, payout.id, {
        state: 'failed',
        providerTransactionId,
        at: now,
        detail: { resultCode: notification.resultCode },
      });
      await askToTellPayoutFailed({ db: tx, jobs, payoutId: payout.id, now });
      return 'failed';
    }
    const disbursedOn = taipeiCalendarDate(notification.paidAt ?? now);
    const started = await startRepayment({
      db: tx,
      orderId: payout.orderId,
      disbursedOn,
      at: now,
      cause: 'payout',
      detail: { payoutId: payout.id },
    });
    if (!started) return hold('orderNotDisbursing');
    await settlePayout(tx, payout.id, { state: 'completed', providerTransactionId, at: now, detail: { disbursedOn } });
    return 'applied';
  });
}
