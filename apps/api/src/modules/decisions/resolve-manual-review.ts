import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { getOrder } from '../orders/get-order.ts';
import { approveAndPayOut, refuseOrder } from './decide-order.ts';
import { insertOutcomes, selectOutcomes, selectReviewCandidates } from './decisions-repository.ts';

/** The rule (and refusal reason code) staff's verdict is recorded under. */
export const STAFF_REVIEW_RULE = 'staffReview';

export type ReviewResolution = 'approved' | 'refused' | 'notAwaitingReview';

/**
 * Staff decide an order the engine left to them (face check in manual review, nothing
 * refused): `approve` moves it on exactly as an automatic approval does (the payout
 * requested in the same transaction), `refuse` refuses it with the staff-review reason
 * and the usual cool-down. The verdict is recorded beside the rules' outcomes. An order
 * not awaiting review (decided, cancelled by the borrower, or never sent to staff)
 * changes nothing.
 */
export async function resolveManualReview(options: {
  db: Db;
  jobs: JobQueue;
  orderId: number;
  verdict: 'approve' | 'refuse';
  now: Date;
  coolDownDays: number;
  note?: string;
}): Promise<ReviewResolution> {
  const { db, jobs, orderId, verdict, now, coolDownDays } = options;
  const order = await getOrder({ db, orderId });
  if (!order || order.state !== '審核中') return 'notAwaitingReview';
  if (!(await selectOutcomes(db, orderId)).some((row) => row.outcome === 'manualReview')) return 'notAwaitingReview';
  const detail = { note: options.note ?? '' };
  return db.transaction(async (tx): Promise<ReviewResolution> => {
    const moved =
      verdict === 'approve'
        ? await approveAndPayOut({ db: tx, jobs, order, now, cause: 'staff', detail })
        : await refuseOrder({ db: tx, orderId, codes: [STAFF_REVIEW_RULE], now, coolDownDays, cause: 'staff', detail });
    if (!moved) return 'notAwaitingReview';
    await insertOutcomes(tx, orderId, now, [{ rule: STAFF_REVIEW_RULE, outcome: verdict === 'approve' ? 'passed' : 'refused', detail }]);
    return verdict === 'approve' ? 'approved' : 'refused';
  });
}

/** Orders waiting for staff (still 審核中, a rule in manual review), oldest first. */
export async function listAwaitingReview(options: { db: Db }): Promise<Array<{ orderId: number; rules: string[]; since: string }>> {
  const waiting = [];
  for (const row of await selectReviewCandidates(options.db, STAFF_REVIEW_RULE)) {
    const order = await getOrder({ db: options.db, orderId: row.orderId });
    if (order?.state === '審核中') waiting.push({ orderId: row.orderId, rules: row.rules, since: row.since.toISOString() });
  }
  return waiting;
}
