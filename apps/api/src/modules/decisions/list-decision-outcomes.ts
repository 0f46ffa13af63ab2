import type { Db } from '../../db/client.ts';
import type { RuleOutcome } from '../../db/schema/decisions.ts';
import { selectOutcomes } from './decisions-repository.ts';

/** An order's recorded rule outcomes (for staff and the back office), in rule order. */
export async function listDecisionOutcomes(options: { db: Db; orderId: number }): Promise<
  { rule: string; outcome: RuleOutcome; detail: Record<string, unknown>; decidedAt: Date }[]
> {
  const rows = await selectOutcomes(options.db, options.orderId);
  return rows.map((row) => ({ rule: row.rule, outcome: row.outcome, detail: row.detail, decidedAt: row.decidedAt }));
}
