import type { Db } from '../../db/client.ts';
import { releaseStep } from '../../domain/payout-release.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { selectPayoutForUpdate, updateFirstRelease, updateReleased, type PayoutRow } from './payments-repository.ts';
import { SEND_PAYOUT_QUEUE, type SendPayoutJob } from './request-payout.ts';

export type ReleaseOutcome =
  /** Released: a gateway payout is sent now, a bank payout waits for the next batch file. */
  | 'released'
  /** The first of the two releases it needs: it waits for another operator. */
  | 'firstRelease'
  /** The operator who gave the first release tried to give the second: refused, nothing changes. */
  | 'sameOperator'
  /** Not waiting for a release (needs none, released already, or settled): nothing changes. */
  | 'notAwaiting'
  | 'unknown';

/**
 * Finance releases a payout held above the release threshold (decision 0148), in `db`
 * (the caller's transaction, which also writes the audit row). The payout row is locked, so
 * two releases at once queue; a payout needing two is released by the second of two
 * different operators. Once released, a gateway payout's sending job is enqueued in the
 * same transaction; a bank payout is ready for the next batch file.
 */
export async function releasePayout(options: {
  db: Db;
  jobs: JobQueue;
  payoutId: number;
  operatorId: number;
  now: Date;
}): Promise<{ outcome: ReleaseOutcome; payout: PayoutRow | null }> {
  const { db, jobs, payoutId, operatorId, now } = options;
  const payout = await selectPayoutForUpdate(db, payoutId);
  if (!payout) return { outcome: 'unknown', payout: null };
  const step =
    payout.state === 'requested'
      ? releaseStep({ needed: payout.releasesNeeded, firstBy: payout.firstReleasedBy, released: payout.releasedAt !== null }, operatorId)
      : 'notAwaiting';
  if (step === 'notAwaiting' || step === 'sameOperator') return { outcome: step, payout };
  if (step === 'firstRelease') {
    if (!(await updateFirstRelease(db, payout.id, operatorId, now))) return { outcome: 'notAwaiting', payout };
    return { outcome: 'firstRelease', payout: { ...payout, firstReleasedBy: operatorId, firstReleasedAt: now } };
  }
  if (!(await updateReleased(db, payout.id, operatorId, now))) return { outcome: 'notAwaiting', payout };
  if (payout.channel === 'gateway') await jobs.send<SendPayoutJob>({ name: SEND_PAYOUT_QUEUE, data: { payoutId: payout.id }, db });
  return { outcome: 'released', payout: { ...payout, releasedBy: operatorId, releasedAt: now } };
}
