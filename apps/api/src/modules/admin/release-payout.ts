import { ADMIN_NOT_FOUND, ADMIN_PAYOUT_NOT_AWAITING_RELEASE, ADMIN_SECOND_RELEASER_REQUIRED } from '@app/contract/admin/admin-messages.ts';
import type { TPayoutReleaseResponse } from '@app/contract/admin/admin-payout-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { getOrder } from '../orders/index.ts';
import { releasePayout } from '../payments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/**
 * Finance releases a payout held above the release threshold, through the payments
 * module's use case, with the audit row in the same transaction. Two people above the
 * second threshold: the first release is recorded (`payout.firstRelease`), and the same
 * operator is refused as the second.
 */
export async function releasePayoutByOperator(options: {
  db: Db;
  jobs: JobQueue;
  actor: Actor & { operatorId: number };
  payoutId: number;
  twoPeopleAbove: number;
  now: Date;
}): Promise<TPayoutReleaseResponse> {
  const { jobs, actor, payoutId, now } = options;
  return options.db.transaction(async (tx) => {
    const { outcome, payout } = await releasePayout({ db: tx, jobs, payoutId, operatorId: actor.operatorId, now });
    if (outcome === 'unknown' || !payout) throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'no such payout' });
    if (outcome === 'notAwaiting')
      throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_PAYOUT_NOT_AWAITING_RELEASE, message: 'payout not awaiting release' });
    if (outcome === 'sameOperator') {
      throw new AppError('BUSINESS_RULE', {
        userMessage: ADMIN_SECOND_RELEASER_REQUIRED.replace('{amount}', options.twoPeopleAbove.toLocaleString('en-US')),
        message: 'second release by the first releaser',
      });
    }
    const order = await getOrder({ db: tx, orderId: payout.orderId });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: outcome === 'released' ? 'payout.released' : 'payout.firstRelease',
      target: `order:${order?.orderNo ?? payout.orderId}`,
      before: {
        payoutId: payout.id,
        amount: payout.amount,
        releasesNeeded: payout.releasesNeeded,
        firstReleasedBy: outcome === 'released' ? payout.firstReleasedBy : null,
      },
      after: { payoutId: payout.id, outcome, channel: payout.channel },
    });
    const stage = outcome === 'firstRelease' ? 'awaitingSecondRelease' : payout.channel === 'bank' ? 'awaitingBatch' : 'sending';
    return { outcome, stage };
  });
}
