import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { insertPayout, selectPayoutOfOrder } from './payments-repository.ts';

/** The job that hands a payout to the provider (retried until the provider accepts it). */
export const SEND_PAYOUT_QUEUE = 'payments.send-payout';

export interface SendPayoutJob {
  payoutId: number;
}

/**
 * Records the payout of an order's principal and enqueues its sending, both in `db` (the
 * caller's transaction, with the order's move to 放款中): the provider is called only if
 * that commits, and by a job, so a provider that is down is retried and a restart loses
 * nothing. A second call for the same order changes nothing and answers the first payout.
 */
export async function requestPayout(options: {
  db: Db;
  jobs: JobQueue;
  orderId: number;
  amount: number;
  now: Date;
}): Promise<{ payoutId: number; created: boolean }> {
  const { db, jobs, orderId, amount, now } = options;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a payout amount is a positive whole NT$');
  const row = await insertPayout(db, { orderId, amount, requestedAt: now });
  if (!row) {
    const existing = await selectPayoutOfOrder(db, orderId);
    if (!existing) throw new Error(`payout of order ${orderId} vanished`);
    return { payoutId: existing.id, created: false };
  }
  await jobs.send<SendPayoutJob>({ name: SEND_PAYOUT_QUEUE, data: { payoutId: row.id }, db });
  return { payoutId: row.id, created: true };
}
