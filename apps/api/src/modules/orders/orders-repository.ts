import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { CLOSED_ORDER_STATES, loanOrders } from '../../db/schema/orders.ts';

/** The only code touching `loan_orders`. */

const openOrderOf = preparedPerDb((db) =>
  db
    .select({ one: sql<number>`1` })
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, sql.placeholder('userId')), notInArray(loanOrders.state, [...CLOSED_ORDER_STATES])))
    .limit(1)
    .prepare('orders_has_open'),
);

export async function selectHasOpenOrder(db: Db, userId: number): Promise<boolean> {
  const [row] = await openOrderOf(db).execute({ userId });
  return row !== undefined;
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  return db.$count(loanOrders, eq(loanOrders.userId, userId));
}
