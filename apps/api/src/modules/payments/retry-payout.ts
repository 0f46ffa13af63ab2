import type { Db } from '../../db/client.ts';
import { money } from '../../domain/money.ts';
import { releasesNeeded } from '../../domain/payout-release.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { getOrder } from '../orders/index.ts';
import { insertRetryPayout, markPayoutRetried, selectPayoutForUpdate, type PayoutRow } from './payments-repository.ts';
import { SEND_PAYOUT_QUEUE, type PayoutPolicy, type SendPayoutJob } from './request-payout.ts';

export type RetryOutcome =
  /** A new payout: sent (gateway), waiting for the next batch file (bank), or for a second release. */
  | 'retried'
  /** Not a failed payout (waiting, sent, paid or held): nothing changes. */
  | 'notFailed'
  /** Retried already (by another operator, or a double click): nothing changes. */
  | 'retriedAlready'
  /** The order is no longer 放款中 (paid off some other way, or closed): nothing changes. */
  | 'orderNotDisbursing'
  | 'unknown';

/**
 * Finance retries a failed payout (decision 0165), in `db` (the caller's transaction, which
 * also writes the audit row): a new payout of the same amount to the order's receiving
 * account, the attempt after the failed one, by the channel configured now. The failed
 * payout is locked and marked retried in the same transaction, so it is retried once: a
 * second retry (or two at once) changes nothing. The release thresholds apply again, from
 * the configuration now, and the retry counts as the retrying operator's release: one
 * needing one release goes out; one needing two waits for a second, different operator.
 * A gateway payout released is enqueued for sending here; a bank payout waits for the next
 * batch file (it is in no file yet, and a payout is put in one file only).
 */
export async function retryPayout(options: {
  db: Db;
  jobs: JobQueue;
  payoutId: number;
  operatorId: number;
  policy: PayoutPolicy;
  now: Date;
}): Promise<{ outcome: RetryOutcome; failed: PayoutRow | null; retry: PayoutRow | null }> {
  const { db, jobs, payoutId, operatorId, policy, now } = options;
  const failed = await selectPayoutForUpdate(db, payoutId);
  if (!failed) return { outcome: 'unknown', failed: null, retry: null };
  if (failed.state !== 'failed') return { outcome: 'notFailed', failed, retry: null };
  if (failed.retriedAt !== null) return { outcome: 'retriedAlready', failed, retry: null };
  const order = await getOrder({ db, orderId: failed.orderId });
  if (order?.state !== '放款中') return { outcome: 'orderNotDisbursing', failed, retry: null };
  if (!(await markPayoutRetried(db, failed.id, operatorId, now))) return { outcome: 'retriedAlready', failed, retry: null };
  const needed = releasesNeeded(money(failed.amount), {
    releaseAbove: money(policy.releaseAbove),
    twoPeopleAbove: money(policy.twoPeopleAbove),
  });
  const retry = await insertRetryPayout(db, {
    orderId: failed.orderId,
    amount: failed.amount,
    attempt: failed.attempt + 1,
    retryOf: failed.id,
    channel: policy.channel,
    releasesNeeded: needed,
    requestedAt: now,
    // The retry is the operator's release: the only one needed, or the first of two.
    ...(needed === 1 ? { releasedBy: operatorId, releasedAt: now } : {}),
    ...(needed === 2 ? { firstReleasedBy: operatorId, firstReleasedAt: now } : {}),
  });
  if (!retry) return { outcome: 'retriedAlready', failed, retry: null };
  if (retry.channel === 'gateway' && needed < 2) {
    await jobs.send<SendPayoutJob>({ name: SEND_PAYOUT_QUEUE, data: { payoutId: retry.id }, db });
  }
  return { outcome: 'retried', failed: { ...failed, retriedBy: operatorId, retriedAt: now }, retry };
}
