import { PAYOUT_FAILURE_REASONS, isAccountFailure, payoutFailedSms, payoutFailureKind } from '@app/contract/messages/payout-account.ts';
import type { Db } from '../../db/client.ts';
import { nextReminderTime } from '../../domain/reminder-hours.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { getOrder } from '../orders/index.ts';
import { findUserPhone } from '../users/index.ts';
import { failureCodeOf } from './describe-payout-failure.ts';
import { selectPayout } from './payments-repository.ts';

/** The queue of the SMS that tells a borrower their payout failed: one per failed attempt. */
export const TELL_PAYOUT_FAILED_QUEUE = 'payments.tell-payout-failed';

export interface TellPayoutFailedJob {
  payoutId: number;
}

/**
 * Asks for the SMS of a payout that just failed, in the transaction that marked it failed
 * (the job exists only if that commits; one per payout). It leaves at once between 07:00
 * and 22:00 Taipei, else at the next 07:00, as the reminders do.
 */
export async function askToTellPayoutFailed(options: { db: Db; jobs: JobQueue; payoutId: number; now: Date }): Promise<void> {
  const { db, jobs, payoutId, now } = options;
  const waitMs = nextReminderTime(now).getTime() - now.getTime();
  await jobs.send<TellPayoutFailedJob>({
    name: TELL_PAYOUT_FAILED_QUEUE,
    data: { payoutId },
    ...(waitMs > 0 ? { delaySeconds: Math.ceil(waitMs / 1000) } : {}),
    singletonKey: `payout:${payoutId}`,
    db,
  });
}

/**
 * Tells the borrower by SMS that the payout failed, why in plain words, and what happens
 * next (decision 0169: another account asked for when the account is why). Nothing is sent
 * when it no longer holds by the time the job runs: the payout retried or paid, the order
 * no longer waiting for its money, the account erased.
 */
export async function tellPayoutFailed(options: { db: Db; sms: SmsProvider; payoutId: number; now: Date }): Promise<boolean> {
  const { db, sms, payoutId, now } = options;
  const payout = await selectPayout(db, payoutId);
  if (payout?.state !== 'failed' || payout.retriedAt !== null) return false;
  const order = await getOrder({ db, orderId: payout.orderId });
  if (order?.state !== '放款中') return false;
  const phone = await findUserPhone({ db, userId: order.userId });
  if (!phone) return false;
  const kind = payoutFailureKind(failureCodeOf(payout));
  await sms.send(
    phone,
    payoutFailedSms({
      productName: order.productName,
      orderNo: order.orderNo,
      reason: PAYOUT_FAILURE_REASONS[kind],
      accountProblem: isAccountFailure(kind),
    }),
    now,
  );
  return true;
}
