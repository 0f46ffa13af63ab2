/**
 * What other modules may use of `decisions` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import { selectOutcomes } from './decisions-repository.ts';
import { STAFF_REVIEW_RULE } from './resolve-manual-review.ts';
import type { RuleOutcome } from '../../db/schema/decisions.ts';

export { getDecisionPolicy, listDecisionPolicyVersions, saveDecisionPolicy } from './decision-policy.ts';
export type { DecisionPolicy } from './decision-policy.ts';
export { listAwaitingReview, resolveManualReview } from './resolve-manual-review.ts';
export { submitForDecision } from './submit-for-decision.ts';

/**
 * Whether the decision left the order to staff and they have not decided yet (for the
 * borrower's order detail while it is 審核中: a person reviews it, it may take longer).
 */
export async function isAwaitingStaff(options: { db: Db; orderId: number }): Promise<boolean> {
  const outcomes = await selectOutcomes(options.db, options.orderId);
  return outcomes.some((row) => row.outcome === 'manualReview') && !outcomes.some((row) => row.rule === STAFF_REVIEW_RULE);
}

/** An order's recorded rule outcomes (for staff and the back office), in rule order. */
export async function listDecisionOutcomes(options: {
  db: Db;
  orderId: number;
}): Promise<{ rule: string; outcome: RuleOutcome; detail: Record<string, unknown>; decidedAt: Date }[]> {
  const rows = await selectOutcomes(options.db, options.orderId);
  return rows.map((row) => ({ rule: row.rule, outcome: row.outcome, detail: row.detail, decidedAt: row.decidedAt }));
}
