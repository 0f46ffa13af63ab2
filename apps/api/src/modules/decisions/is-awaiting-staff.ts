import type { Db } from '../../db/client.ts';
import { selectOutcomes } from './decisions-repository.ts';
import { STAFF_REVIEW_RULE } from './resolve-manual-review.ts';

/**
 * Whether the decision left the order to staff and they have not decided yet (for the
 * borrower's order detail while it is 審核中: a person reviews it, it may take longer).
 */
export async function isAwaitingStaff(options: { db: Db; orderId: number }): Promise<boolean> {
  const outcomes = await selectOutcomes(options.db, options.orderId);
  return outcomes.some((row) => row.outcome === 'manualReview') && !outcomes.some((row) => row.rule === STAFF_REVIEW_RULE);
}
