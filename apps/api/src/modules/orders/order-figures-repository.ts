import { and, asc, desc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loanOrders, orderStateChanges } from '../../db/schema/orders.ts';

/** The orders module's reads for the back office: figures over days, look-ups by number and by user. */

/**
 * The Taipei day of an instant, as a date to group by: the rows are grouped by the date and
 * only each group's key is written out as text (to_char on every row of a month was a third of the sum).
 */
const taipeiDate = (column: SQLWrapper) => sql`(${column} at time zone 'Asia/Taipei')::date`;
const dayText = (date: SQL) => sql<string>`to_char(${date}, 'YYYY-MM-DD')`;

/** Per Taipei day of [from, until): applications submitted (→ 審核中), approvals (→ 已核准) and refusals (→ 已拒絕). */
export async function selectDecisionsByDay(db: Db, from: Date, until: Date) {
  return db
    .select({
      day: dayText(taipeiDate(orderStateChanges.at)),
      applications: sql<number>`(count(*) filter (where ${orderStateChanges.toState} = '審核中'))::int`,
      approved: sql<number>`(count(*) filter (where ${orderStateChanges.toState} = '已核准'))::int`,
      refused: sql<number>`(count(*) filter (where ${orderStateChanges.toState} = '已拒絕'))::int`,
    })
    .from(orderStateChanges)
    .where(
      and(
        gte(orderStateChanges.at, from),
        lt(orderStateChanges.at, until),
        // Exactly the states of order_state_changes_decisions_at_idx, which then answers alone.
        sql`${orderStateChanges.toState} in ('審核中', '已核准', '已拒絕')`,
      ),
    )
    .groupBy(taipeiDate(orderStateChanges.at))
    .orderBy(taipeiDate(orderStateChanges.at));
}

/** Orders overdue now, and orders being repaid now (overdue included). */
export async function selectOverdueNow(db: Db): Promise<{ overdue: number; repaying: number }> {
  const [row] = await db
    .select({
      overdue: sql<number>`(count(*) filter (where ${loanOrders.state} = '已逾期'))::int`,
      repaying: sql<number>`count(*)::int`,
    })
    .from(loanOrders)
    .where(sql`${loanOrders.state} in ('待還款', '已逾期')`);
  return row ?? { overdue: 0, repaying: 0 };
}

/** The funnel's order steps for a user (a column or a placeholder): applied at all, signed, paid out. */
export function orderStepConditions(userId: SQLWrapper): { applied: SQL<boolean>; signed: SQL<boolean>; paidOut: SQL<boolean> } {
  const of = (condition: SQL) => sql<boolean>`exists (select 1 from ${loanOrders} where ${loanOrders.userId} = ${userId} and ${condition})`;
  return {
    applied: of(sql`true`),
    signed: of(sql`${loanOrders.contractSignedAt} is not null`),
    paidOut: of(sql`${loanOrders.disbursedOn} is not null`),
  };
}

export async function selectOrderIdByNumber(db: Db, orderNo: string): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .select({ id: loanOrders.id, userId: loanOrders.userId })
    .from(loanOrders)
    .where(eq(loanOrders.orderNo, orderNo))
    .limit(1);
  return row ?? null;
}

export async function selectOrdersOfUser(db: Db, userId: number) {
  return db
    .select({
      id: loanOrders.id,
      orderNo: loanOrders.orderNo,
      state: loanOrders.state,
      productName: loanOrders.productName,
      principal: loanOrders.principal,
      createdAt: loanOrders.createdAt,
    })
    .from(loanOrders)
    .where(eq(loanOrders.userId, userId))
    .orderBy(desc(loanOrders.id));
}

export async function selectStateHistory(db: Db, orderId: number) {
  return db.select().from(orderStateChanges).where(eq(orderStateChanges.orderId, orderId)).orderBy(asc(orderStateChanges.id));
}
