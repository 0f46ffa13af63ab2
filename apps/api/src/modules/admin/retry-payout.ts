import {
  ADMIN_NOT_FOUND,
  ADMIN_PAYOUT_NOT_FAILED,
  ADMIN_PAYOUT_ORDER_NOT_DISBURSING,
  ADMIN_PAYOUT_RETRIED_ALREADY,
} from '@app/contract/admin/admin-messages.ts';
import type { TPayoutRetryResponse } from '@app/contract/admin/admin-payout-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { getOrder } from '../orders/index.ts';
import { type PayoutPolicy, retryPayout } from '../payments/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

const REFUSALS = {
  notFailed: ADMIN_PAYOUT_NOT_FAILED,
  retriedAlready: ADMIN_PAYOUT_RETRIED_ALREADY,
  orderNotDisbursing: ADMIN_PAYOUT_ORDER_NOT_DISBURSING,
} as const;

/**
 * Finance sends a failed payout again, to the order's receiving account (payments'
 * retryPayout: a new payout, the failed one marked retried once, the release thresholds
 * applied again with this operator's retry as a release), and the audit row in the same
 * transaction: the failed payout and the bank's reason before, the new payout after.
 */
export async function retryPayoutByOperator(options: {
  db: Db;
  jobs: JobQueue;
  actor: Actor & { operatorId: number };
  payoutId: number;
  policy: PayoutPolicy;
  now: Date;
}): Promise<TPayoutRetryResponse> {
  const { jobs, actor, payoutId, policy, now } = options;
  return options.db.transaction(async (tx) => {
    const { outcome, failed, retry } = await retryPayout({ db: tx, jobs, payoutId, operatorId: actor.operatorId, policy, now });
    if (outcome === 'unknown' || !failed) throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'no such payout' });
    if (outcome !== 'retried' || !retry) {
      throw new AppError('BUSINESS_RULE', {
        userMessage: REFUSALS[outcome === 'retried' ? 'retriedAlready' : outcome],
        message: `payout retry refused: ${outcome}`,
      });
    }
    const order = await getOrder({ db: tx, orderId: failed.orderId });
    const stage = retry.releasesNeeded === 2 ? 'awaitingSecondRelease' : retry.channel === 'bank' ? 'awaitingBatch' : 'sending';
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'payout.retried',
      target: `order:${order?.orderNo ?? failed.orderId}`,
      before: {
        payoutId: failed.id,
        amount: failed.amount,
        attempt: failed.attempt,
        channel: failed.channel,
        bankBatch: failed.bankBatch,
        resultCode: typeof failed.detail.resultCode === 'string' ? failed.detail.resultCode : null,
      },
      after: {
        payoutId: retry.id,
        amount: retry.amount,
        attempt: retry.attempt,
        channel: retry.channel,
        releasesNeeded: retry.releasesNeeded,
        stage,
      },
    });
    return { payoutId: retry.id, stage };
  });
}
