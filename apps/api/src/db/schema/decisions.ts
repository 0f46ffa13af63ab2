import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { loanOrders } from './orders.ts';

/** Owned by modules/decisions. */

/** passed / refused, or manualReview: the rule cannot decide alone and staff will. */
export const RULE_OUTCOMES = ['passed', 'refused', 'manualReview'] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];

/**
 * The decision engine's reasons: one row per rule per order, written in the transaction
 * that moves the order (or leaves it awaiting staff). `detail` holds figures the rule
 * compared (age, amounts), never an ID number, name or account.
 */
export const decisionOutcomes = pgTable(
  'decision_outcomes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** adultAge, nationalIdChecksum, onboardingComplete, faceCheck, noOverdueOrder, creditLimit. */
    rule: text('rule').notNull(),
    outcome: text('outcome').$type<RuleOutcome>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('decision_outcomes_order_rule_idx').on(table.orderId, table.rule)],
);
