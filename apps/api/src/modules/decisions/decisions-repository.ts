import { asc, eq, sql } from 'drizzle-orm';
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

/**
 * Orders with a rule left to staff and no staff verdict yet: the rules and when the
 * engine left them, oldest first (whether each is still 審核中 is orders' to say).
 */
export async function selectReviewCandidates(db: Db, staffRule: string): Promise<Array<{ orderId: number; rules: string[]; since: Date }>> {
  const rows = await db
    .select({
      orderId: decisionOutcomes.orderId,
      rules: sql<string[]>`array_agg(${decisionOutcomes.rule} order by ${decisionOutcomes.rule})`,
      since: sql<string>`min(${decisionOutcomes.decidedAt})`,
    })
    .from(decisionOutcomes)
    .where(
      sql`${decisionOutcomes.outcome} = 'manualReview' and not exists (select 1 from ${decisionOutcomes} as staff where staff.order_id = ${decisionOutcomes.orderId} and staff.rule = ${staffRule})`,
    )
    .groupBy(decisionOutcomes.orderId)
    .orderBy(sql`min(${decisionOutcomes.decidedAt})`);
  return rows.map((row) => ({ orderId: row.orderId, rules: row.rules, since: new Date(row.since) }));
}

/** The decision rules' outcomes, per rule and outcome (the metrics). */
export async function countRuleOutcomes(db: Db): Promise<Array<{ rule: string; outcome: string; count: number }>> {
  const rows = await db
    .select({ rule: decisionOutcomes.rule, outcome: decisionOutcomes.outcome, count: sql<number>`count(*)::int` })
    .from(decisionOutcomes)
    .groupBy(decisionOutcomes.rule, decisionOutcomes.outcome);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
