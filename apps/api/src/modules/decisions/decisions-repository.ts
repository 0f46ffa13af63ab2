import { asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decisionOutcomes, decisionPolicies, type RuleOutcome } from '../../db/schema/decisions.ts';

/** The only code touching `decision_outcomes` and `decision_policies`. */

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
 * Orders with a rule left to staff and no staff verdict yet, of those `inReview` says still
 * await a decision (orders' condition, 審核中): the rules and when the engine left them,
 * oldest first. Starting from the orders in review keeps it to a few rows however many
 * reviews the lender has done (50,000 past ones scanned and anti-joined otherwise).
 */
export async function selectReviewCandidates(
  db: Db,
  staffRule: string,
  inReview: (orderId: SQLWrapper) => SQL<boolean>,
): Promise<Array<{ orderId: number; rules: string[]; since: Date }>> {
  const rows = await db
    .select({
      orderId: decisionOutcomes.orderId,
      rules: sql<string[]>`array_agg(${decisionOutcomes.rule} order by ${decisionOutcomes.rule})`,
      since: sql<string>`min(${decisionOutcomes.decidedAt})`,
    })
    .from(decisionOutcomes)
    .where(
      sql`${decisionOutcomes.outcome} = 'manualReview' and ${inReview(decisionOutcomes.orderId)} and not exists (select 1 from ${decisionOutcomes} as staff where staff.order_id = ${decisionOutcomes.orderId} and staff.rule = ${staffRule})`,
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

export type DecisionPolicyRow = typeof decisionPolicies.$inferSelect;

/** The thresholds in force: the highest version (none before the seed). */
export async function selectCurrentPolicy(db: Db): Promise<DecisionPolicyRow | null> {
  const [row] = await db.select().from(decisionPolicies).orderBy(desc(decisionPolicies.version)).limit(1);
  return row ?? null;
}

/** The latest `limit` versions, newest first. */
export async function selectPolicyVersions(db: Db, limit: number): Promise<DecisionPolicyRow[]> {
  return db.select().from(decisionPolicies).orderBy(desc(decisionPolicies.version)).limit(limit);
}

/**
 * Appends a version; false when that version number is taken (another save, or another
 * instance's seed, came first): versions are never overwritten.
 */
export async function insertPolicyVersion(db: Db, row: DecisionPolicyRow): Promise<boolean> {
  const inserted = await db.insert(decisionPolicies).values(row).onConflictDoNothing({ target: decisionPolicies.version }).returning();
  return inserted.length === 1;
}
