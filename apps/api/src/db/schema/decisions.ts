import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  (table) => [
    uniqueIndex('decision_outcomes_order_rule_idx').on(table.orderId, table.rule),
    // The review queue starts from the rules left to staff (a few percent of the orders), not every outcome.
    index('decision_outcomes_manual_review_idx')
      .on(table.orderId)
      .where(sql`outcome = 'manualReview'`),
  ],
);

/**
 * The decision engine's thresholds, a row per save, never changed: the highest version is
 * in force (the first seeded at start-up from DECISION_COOL_DOWN_DAYS and
 * ADMIN_SECOND_APPROVAL_ABOVE), the older ones explain the decisions made under them (an
 * order's outcomes name their version). Saved by an administrator in the back office.
 */
export const decisionPolicies = pgTable('decision_policies', {
  version: integer('version').primaryKey(),
  /** An application whose principal is above this goes to staff; null: none does for its amount. */
  manualReviewAbove: integer('manual_review_above'),
  /** A staff approval of a principal above this needs a second operator (maker-checker). */
  secondApprovalAbove: integer('second_approval_above').notNull(),
  /** After a refusal, no new application for this many days. */
  coolDownDays: integer('cool_down_days').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  /** The operator's name (the seed's own label for the first). */
  savedBy: text('saved_by').notNull(),
});
