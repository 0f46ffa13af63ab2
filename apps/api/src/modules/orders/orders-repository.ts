import { and, asc, count, desc, eq, gt, inArray, isNotNull, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { CLOSED_ORDER_STATES, loanOrders, orderStateChanges, receivingAccountChanges } from '../../db/schema/orders.ts';
import { isRowId } from '../../db/row-id.ts';

/** The only code touching `loan_orders`, `order_state_changes` and `receiving_account_changes`. */

export type LoanOrderRow = typeof loanOrders.$inferSelect;
export type NewLoanOrderRow = typeof loanOrders.$inferInsert;
export type OrderStateChangeRow = typeof orderStateChanges.$inferSelect;
export type ReceivingAccountChangeRow = typeof receivingAccountChanges.$inferSelect;

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

/** "The user has an open order" as an SQL condition on `userId`, a column or a placeholder (see auth's passwordSetCondition). */
export function openOrderCondition(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${loanOrders} where ${loanOrders.userId} = ${userId} and ${notInArray(loanOrders.state, [...CLOSED_ORDER_STATES])})`;
}

/** Whether the order (a column or a placeholder) awaits a decision, 審核中 (loan_orders_in_review_idx's state, as a constant). */
export function inReviewCondition(orderId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${loanOrders} where ${loanOrders.id} = ${orderId} and ${loanOrders.state} = '審核中')`;
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  return db.$count(loanOrders, eq(loanOrders.userId, userId));
}

export async function selectOpenOrder(db: Db, userId: number): Promise<{ id: number; state: TOrderState } | null> {
  const [row] = await db
    .select({ id: loanOrders.id, state: loanOrders.state })
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), notInArray(loanOrders.state, [...CLOSED_ORDER_STATES])))
    .limit(1);
  return row ?? null;
}

/** Inserts the order and its first state change; null when the user already has an open order. */
export async function insertOrder(db: Db, values: NewLoanOrderRow, at: Date, cause: string): Promise<LoanOrderRow | null> {
  const [row] = await db.insert(loanOrders).values(values).onConflictDoNothing().returning();
  if (!row) return null;
  await db.insert(orderStateChanges).values({ orderId: row.id, fromState: null, toState: row.state, cause, at });
  return row;
}

export async function updateOrderNo(db: Db, orderId: number, orderNo: string): Promise<void> {
  await db.update(loanOrders).set({ orderNo }).where(eq(loanOrders.id, orderId));
}

export async function selectOrder(db: Db, orderId: number): Promise<LoanOrderRow | null> {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId)).limit(1);
  return row ?? null;
}

export async function selectOrderOfUser(db: Db, userId: number, orderId: number): Promise<LoanOrderRow | null> {
  if (!isRowId(orderId)) return null;
  const [row] = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Moves the order from one of `from` to `to` and records it, or changes nothing and
 * answers false when the order is not in one of `from` (someone else moved it first).
 */
export async function updateOrderState(
  db: Db,
  change: {
    orderId: number;
    from: readonly TOrderState[];
    to: TOrderState;
    cause: string;
    at: Date;
    detail: Record<string, unknown>;
    set?: Partial<Pick<NewLoanOrderRow, 'refusalCodes' | 'coolDownUntil' | 'disbursedOn'>>;
  },
): Promise<TOrderState | null> {
  const [previous] = await db
    .select({ state: loanOrders.state })
    .from(loanOrders)
    .where(and(eq(loanOrders.id, change.orderId), inArray(loanOrders.state, [...change.from])))
    .for('update');
  if (!previous) return null;
  await db
    .update(loanOrders)
    .set({ state: change.to, stateChangedAt: change.at, ...change.set })
    .where(eq(loanOrders.id, change.orderId));
  await db.insert(orderStateChanges).values({
    orderId: change.orderId,
    fromState: previous.state,
    toState: change.to,
    cause: change.cause,
    detail: change.detail,
    at: change.at,
  });
  return previous.state;
}

/**
 * Many orders moved at once (a job's batch, the orders locked by the caller), each from the
 * state it is known to be in: one statement updates those still in it and records their
 * changes in the given order. Answers the ids moved.
 */
export async function updateOrderStatesFrom(
  db: Db,
  changes: ReadonlyArray<{ orderId: number; from: TOrderState; to: TOrderState; detail: Record<string, unknown> }>,
  options: { cause: string; at: Date },
): Promise<number[]> {
  if (changes.length === 0) return [];
  const rows = changes.map(
    (change, k) =>
      sql`(${k}::int, ${change.orderId}::int, ${change.from}::text, ${change.to}::text, ${JSON.stringify(change.detail)}::jsonb)`,
  );
  const result = (await db.execute(sql`
    with change(position, order_id, from_state, to_state, detail) as (values ${sql.join(rows, sql`, `)}),
    moved as (
      update ${loanOrders} as o set state = c.to_state, state_changed_at = ${options.at}::timestamptz
      from change c where o.id = c.order_id and o.state = c.from_state
      returning c.position, c.order_id, c.from_state, c.to_state, c.detail
    )
    insert into ${orderStateChanges} (order_id, from_state, to_state, cause, detail, at)
    select order_id, from_state, to_state, ${options.cause}::text, detail, ${options.at}::timestamptz from moved order by position
    returning order_id`)) as unknown as { rows: Array<{ order_id: number }> };
  return result.rows.map((row) => Number(row.order_id));
}

/** Sets the signing time once; false when it was already set (or the order is not 待簽約). */
export async function updateContractSigned(db: Db, orderId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(loanOrders)
    .set({ contractSignedAt: at })
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.state, '待簽約'), sql`${loanOrders.contractSignedAt} is null`))
    .returning({ id: loanOrders.id });
  return rows.length === 1;
}

export async function selectStateChanges(db: Db, orderId: number): Promise<OrderStateChangeRow[]> {
  return db.select().from(orderStateChanges).where(eq(orderStateChanges.orderId, orderId)).orderBy(asc(orderStateChanges.id));
}

/** The latest cool-down of the user's refused orders that ends after `today`. */
export async function selectCoolDown(db: Db, userId: number, today: string): Promise<string | null> {
  const [row] = await db
    .select({ until: loanOrders.coolDownUntil })
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), isNotNull(loanOrders.coolDownUntil), gt(loanOrders.coolDownUntil, today)))
    .orderBy(desc(loanOrders.coolDownUntil))
    .limit(1);
  return row?.until ?? null;
}

/** A page of the user's orders, newest first, optionally in some states only. */
export async function selectOrdersPage(
  db: Db,
  options: { userId: number; states: readonly TOrderState[] | null; limit: number; offset: number },
): Promise<{ rows: LoanOrderRow[]; total: number }> {
  const where = options.states
    ? and(eq(loanOrders.userId, options.userId), inArray(loanOrders.state, [...options.states]))
    : eq(loanOrders.userId, options.userId);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(loanOrders).where(where).orderBy(desc(loanOrders.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(loanOrders).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The order row locked for the rest of the transaction (payments on one order queue here). */
export async function selectOrderForUpdate(db: Db, orderId: number): Promise<LoanOrderRow | null> {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId)).for('update');
  return row ?? null;
}

/** Orders per state (the metrics: applications awaiting a decision, approved, refused, repaying, overdue…). */
export async function countOrdersByState(db: Db): Promise<Array<{ state: string; count: number }>> {
  const rows = await db
    .select({ state: loanOrders.state, count: sql<number>`count(*)::int` })
    .from(loanOrders)
    .groupBy(loanOrders.state);
  return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
}

export async function selectOrders(db: Db, orderIds: readonly number[]): Promise<LoanOrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(loanOrders)
    .where(inArray(loanOrders.id, [...orderIds]))
    .orderBy(asc(loanOrders.id));
}

/**
 * Those of `orderIds` still repaying, locked for the rest of the transaction; rows another
 * worker holds are skipped (FOR UPDATE SKIP LOCKED), so several instances share a daily
 * run without waiting on each other.
 */
export async function selectRepayingOrdersForUpdateSkipLocked(db: Db, orderIds: readonly number[]): Promise<LoanOrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(loanOrders)
    .where(and(inArray(loanOrders.id, [...orderIds]), inArray(loanOrders.state, ['待還款', '已逾期'])))
    .orderBy(asc(loanOrders.id))
    .for('update', { skipLocked: true });
}

/** Orders per version of product `productId` (orders from before versions were kept are left out). */
export async function selectOrderCountsByProductVersion(db: Db, productId: number): Promise<Array<{ version: number; n: number }>> {
  const rows = await db
    .select({ version: loanOrders.productVersion, n: sql<number>`count(*)::int` })
    .from(loanOrders)
    .where(and(eq(loanOrders.productId, productId), isNotNull(loanOrders.productVersion)))
    .groupBy(loanOrders.productVersion);
  return rows.flatMap((row) => (row.version === null ? [] : [{ version: row.version, n: row.n }]));
}

/**
 * Points the order at another receiving account and records the change, in the caller's
 * transaction (the order row locked by it): only the account columns change.
 */
export async function updateReceivingAccount(
  db: Db,
  change: Omit<typeof receivingAccountChanges.$inferInsert, 'id'>,
): Promise<ReceivingAccountChangeRow> {
  await db
    .update(loanOrders)
    .set({ bankAccountId: change.toBankAccountId, bankAccountLabel: change.toLabel })
    .where(eq(loanOrders.id, change.orderId));
  const [row] = await db.insert(receivingAccountChanges).values(change).returning();
  if (!row) throw new Error('receiving account change not recorded');
  return row;
}

export async function selectReceivingAccountChanges(db: Db, orderId: number): Promise<ReceivingAccountChangeRow[]> {
  return db
    .select()
    .from(receivingAccountChanges)
    .where(eq(receivingAccountChanges.orderId, orderId))
    .orderBy(asc(receivingAccountChanges.id));
}
