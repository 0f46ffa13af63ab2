import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { getOrder, getOrders, inReviewFlag } from '../orders/index.ts';
import type { PayoutPolicy } from '../payments/index.ts';
import { approveAndPayOut, refuseOrder } from './decide-order.ts';
import { getDecisionPolicy } from './decision-policy.ts';
import { insertOutcomes, selectOutcomes, selectReviewCandidates } from './decisions-repository.ts';

/** The rule (and refusal reason code) staff's verdict is recorded under. */
export const STAFF_REVIEW_RULE = 'staffReview';

export type ReviewResolution = 'approved' | 'refused' | 'notAwaitingReview';

/**
 * Staff decide an order the engine left to them (face check in manual review, nothing
 * refused): `approve` moves it on exactly as an automatic approval does (the payout
 * requested in the same transaction), `refuse` refuses it with the staff-review reason
 * and the cool-down of the policy in force. The verdict is recorded beside the rules' outcomes. An order
 * not awaiting review (decided, cancelled by the borrower, or never sent to staff)
 * changes nothing.
 */
export async function resolveManualReview(options: {
  db: Db;
  jobs: JobQueue;
  orderId: number;
  verdict: 'approve' | 'refuse';
  now: Date;
  note?: string;
  payoutPolicy: PayoutPolicy;
}): Promise<ReviewResolution> {
  const { db, jobs, orderId, verdict, now, payoutPolicy } = options;
  const order = await getOrder({ db, orderId });
  if (!order || order.state !== '審核中') return 'notAwaitingReview';
  if (!(await selectOutcomes(db, orderId)).some((row) => row.outcome === 'manualReview')) return 'notAwaitingReview';
  const detail = { note: options.note ?? '' };
  return db.transaction(async (tx): Promise<ReviewResolution> => {
    const { coolDownDays } = await getDecisionPolicy({ db: tx });
    const moved =
      verdict === 'approve'
        ? await approveAndPayOut({ db: tx, jobs, order, now, cause: 'staff', detail, payoutPolicy })
        : await refuseOrder({ db: tx, orderId, codes: [STAFF_REVIEW_RULE], now, coolDownDays, cause: 'staff', detail });
    if (!moved) return 'notAwaitingReview';
    await insertOutcomes(tx, orderId, now, [{ rule: STAFF_REVIEW_RULE, outcome: verdict === 'approve' ? 'passed' : 'refused', detail }]);
    return verdict === 'approve' ? 'approved' : 'refused';
  });
}

/** Orders waiting for staff (still 審核中, a rule in manual review), oldest first. */
export async function listAwaitingReview(options: { db: Db }): Promise<Array<{ orderId: number; rules: string[]; since: string }>> {
  const candidates = await selectReviewCandidates(options.db, STAFF_REVIEW_RULE, inReviewFlag);
  // The candidates' orders in one query, not one each (the state checked again on the rows read).
  const orders = new Map(
    (await getOrders({ db: options.db, orderIds: candidates.map((row) => row.orderId) })).map((order) => [order.id, order]),
  );
  return candidates
    .filter((row) => orders.get(row.orderId)?.state === '審核中')
    .map((row) => ({ orderId: row.orderId, rules: row.rules, since: row.since.toISOString() }));
}
