import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decisionOutcomes, type RuleOutcome } from '../../db/schema/decisions.ts';

/** The only code touching `decision_outcomes`. */

export type DecisionOutcomeRow = typeof decisionOutcomes.$inferSelect;

/** One row per rule per order; a repeated run records nothing new. */
export async function insertOutcomes(
  db: Db,
  orderId: number,
  decidedAt: Date,
  results: readonly { rule: string; outcome: RuleOutcome; detail: Record<string, unknown> }[],
): Promise<void> {
  if (results.length === 0) return;
  await db
    .insert(decisionOutcomes)
    .values(results.map((result) => ({ orderId, rule: result.rule, outcome: result.outcome, detail: result.detail, decidedAt })))
    .onConflictDoNothing({ target: [decisionOutcomes.orderId, decisionOutcomes.rule] });
}

export async function selectOutcomes(db: Db, orderId: number): Promise<DecisionOutcomeRow[]> {
  return db.select().from(decisionOutcomes).where(eq(decisionOutcomes.orderId, orderId)).orderBy(asc(decisionOutcomes.id));
}
