import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Owned by modules/orders. */

/**
 * Minimal loan orders, so that "an order is open" has a real answer; the orders module
 * extends this table. The user reference is kept after an account deletion (the user row
 * is anonymised, not removed): the law requires the records, not the identity.
 */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 審核中, 已核准, 放款中, 待還款, 已逾期, 已結清, 已拒絕, 已取消 (docs/product.md). */
    state: text('state').notNull(),
    /** NT$, integer. */
    principal: integer('principal').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('loan_orders_user_id_idx').on(table.userId)],
);

/** States after which an order is no longer open. */
export const CLOSED_ORDER_STATES = ['已結清', '已拒絕', '已取消'] as const;
