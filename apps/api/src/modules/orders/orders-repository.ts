import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
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

/** "The user has an open order" as an SQL condition on the placeholder `userId` (see auth's passwordSetCondition). */
export function openOrderCondition(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${loanOrders} where ${loanOrders.userId} = ${sql.placeholder('userId')} and ${notInArray(loanOrders.state, [...CLOSED_ORDER_STATES])})`;
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  return db.$count(loanOrders, eq(loanOrders.userId, userId));
}
