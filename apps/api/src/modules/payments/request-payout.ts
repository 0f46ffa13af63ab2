import type { Db } from '../../db/client.ts';
import type { PayoutChannel } from '../../db/schema/payments.ts';
import { money } from '../../domain/money.ts';
import { releasesNeeded } from '../../domain/payout-release.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { insertPayout, selectPayoutOfOrder } from './payments-repository.ts';

/** The job that hands a payout to the provider (retried until the provider accepts it). */
export const SEND_PAYOUT_QUEUE = 'payments.send-payout';

export interface SendPayoutJob {
  payoutId: number;
}

/** How new payouts go (config `payouts`, decisions 0148 and 0149): finance's release thresholds and the channel. */
export interface PayoutPolicy {
  /** NT$: above it finance releases the payout first; above `twoPeopleAbove`, two operators do. */
  releaseAbove: number;
  twoPeopleAbove: number;
  channel: PayoutChannel;
}

/**
 * Records the payout of an order's principal, in `db` (the caller's transaction, with the
 * order's move to 放款中), with the channel and the releases it needs fixed now. One that
 * needs no release and goes by the gateway is sent at once: its sending job is enqueued in
 * the same transaction (the provider is called only if that commits, by a job, so a
 * provider that is down is retried and a restart loses nothing). One above the release
 * threshold waits for finance (release-payout.ts); a bank payout waits for a batch file.
 * A second call for the same order changes nothing and answers the first payout.
 */
export async function requestPayout(options: {
  db: Db;
  jobs: JobQueue;
  orderId: number;
  amount: number;
  policy: PayoutPolicy;
  now: Date;
}): Promise<{ payoutId: number; created: boolean }> {
  const { db, jobs, orderId, amount, policy, now } = options;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a payout amount is a positive whole NT$');
  const needed = releasesNeeded(money(amount), { releaseAbove: money(policy.releaseAbove), twoPeopleAbove: money(policy.twoPeopleAbove) });
  const row = await insertPayout(db, { orderId, amount, requestedAt: now, channel: policy.channel, releasesNeeded: needed });
  if (!row) {
    const existing = await selectPayoutOfOrder(db, orderId);
    if (!existing) throw new Error(`payout of order ${orderId} vanished`);
    return { payoutId: existing.id, created: false };
  }
  if (needed === 0 && policy.channel === 'gateway')
    await jobs.send<SendPayoutJob>({ name: SEND_PAYOUT_QUEUE, data: { payoutId: row.id }, db });
  return { payoutId: row.id, created: true };
}
