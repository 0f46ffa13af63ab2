import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { CLOSED_ORDER_STATES, loanJournalEntries, loanJournalLines, loanOrders, orderInstalments, orderStateChanges } from '../../db/schema/orders.ts';
import { isRowId } from '../../db/row-id.ts';

/** The only code touching `loan_orders`, `order_state_changes`, `order_instalments` and the loan journal. */

export type LoanOrderRow = typeof loanOrders.$inferSelect;
export type NewLoanOrderRow = typeof loanOrders.$inferInsert;
export type OrderInstalmentRow = typeof orderInstalments.$inferSelect;
export type OrderStateChangeRow = typeof orderStateChanges.$inferSelect;
export type LoanJournalEntryRow = typeof loanJournalEntries.$inferSelect;
export type NewLoanJournalEntryRow = typeof loanJournalEntries.$inferInsert;

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

/** Sets the signing time once; false when it was already set (or the order is not 待簽約). */
export async function updateContractSigned(db: Db, orderId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(loanOrders)
    .set({ contractSignedAt: at })
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.state, '待簽約'), sql`${loanOrders.contractSignedAt} is null`))
    .returning({ id: loanOrders.id });
  return rows.length === 1;
}

export async function updateDisbursedOn(db: Db, orderId: number, disbursedOn: string): Promise<void> {
  await db.update(loanOrders).set({ disbursedOn }).where(eq(loanOrders.id, orderId));
}

export async function insertInstalments(db: Db, rows: Array<typeof orderInstalments.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(orderInstalments).values(rows);
}

export async function selectInstalments(db: Db, orderIds: readonly number[]): Promise<OrderInstalmentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderInstalments)
    .where(inArray(orderInstalments.orderId, [...orderIds]))
    .orderBy(asc(orderInstalments.orderId), asc(orderInstalments.number));
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

/** An instalment's figures as the loan account stands (its due date moves with an extension). */
export async function updateInstalmentPosition(
  db: Db,
  id: number,
  set: Pick<OrderInstalmentRow, 'dueDate' | 'interest' | 'overdueInterest' | 'paidPrincipal' | 'paidInterest' | 'paidFee' | 'paidOverdueInterest' | 'settledAt'>,
): Promise<void> {
  await db.update(orderInstalments).set(set).where(eq(orderInstalments.id, id));
}

/** Records a journal entry once per source; null when that source was already posted. */
export async function insertJournalEntry(db: Db, values: NewLoanJournalEntryRow): Promise<LoanJournalEntryRow | null> {
  const [row] = await db.insert(loanJournalEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function selectJournalEntries(db: Db, orderId: number): Promise<LoanJournalEntryRow[]> {
  return db.select().from(loanJournalEntries).where(eq(loanJournalEntries.orderId, orderId)).orderBy(asc(loanJournalEntries.id));
}

export async function selectJournalEntryBySource(db: Db, source: string): Promise<LoanJournalEntryRow | null> {
  const [row] = await db.select().from(loanJournalEntries).where(eq(loanJournalEntries.source, source)).limit(1);
  return row ?? null;
}

export async function insertJournalLines(db: Db, lines: Array<{ entryId: number; orderId: number; account: string; amount: number }>): Promise<void> {
  if (lines.length > 0) await db.insert(loanJournalLines).values(lines);
}

/** Each account's balance on the order: the sum of its lines (debit positive). */
export async function selectJournalBalances(db: Db, orderId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ account: loanJournalLines.account, balance: sql<number>`sum(${loanJournalLines.amount})::int` })
    .from(loanJournalLines)
    .where(eq(loanJournalLines.orderId, orderId))
    .groupBy(loanJournalLines.account);
  return new Map(rows.map((row) => [row.account, row.balance]));
}

/** Entries whose lines do not sum to zero (none, when the books are kept right). */
export async function selectUnbalancedEntries(db: Db): Promise<Array<{ entryId: number; orderId: number; sum: number }>> {
  return db
    .select({ entryId: loanJournalLines.entryId, orderId: loanJournalLines.orderId, sum: sql<number>`sum(${loanJournalLines.amount})::int` })
    .from(loanJournalLines)
    .groupBy(loanJournalLines.entryId, loanJournalLines.orderId)
    .having(sql`sum(${loanJournalLines.amount}) <> 0`);
}

export async function selectJournalOrderIds(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ orderId: loanJournalEntries.orderId }).from(loanJournalEntries).orderBy(asc(loanJournalEntries.orderId));
  return rows.map((row) => row.orderId);
}

/** Orders whose borrower's credit (money kept beyond what was owed) is not paid back: the credit account's balance. */
export async function selectCreditKept(db: Db, options: { userId?: number } = {}): Promise<Array<{ orderId: number; kept: number }>> {
  const rows = await db
    .select({ orderId: loanJournalLines.orderId, kept: sql<number>`(-sum(${loanJournalLines.amount}))::int` })
    .from(loanJournalLines)
    .innerJoin(loanOrders, eq(loanOrders.id, loanJournalLines.orderId))
    .where(and(eq(loanJournalLines.account, 'credit'), options.userId === undefined ? undefined : eq(loanOrders.userId, options.userId)))
    .groupBy(loanJournalLines.orderId)
    .having(sql`sum(${loanJournalLines.amount}) < 0`)
    .orderBy(asc(loanJournalLines.orderId));
  return rows;
}

/** What an instalment still owes, as SQL. */
const instalmentOwedSql = sql`(${orderInstalments.principal} + ${orderInstalments.interest} + ${orderInstalments.fee} + ${orderInstalments.overdueInterest}
  - ${orderInstalments.paidPrincipal} - ${orderInstalments.paidInterest} - ${orderInstalments.paidFee} - ${orderInstalments.paidOverdueInterest})`;

/**
 * A batch of repaying orders with something owed on an instalment due before `today`,
 * after `afterId`, locked; rows another worker holds are skipped (FOR UPDATE SKIP LOCKED),
 * so several instances share the run without waiting on each other.
 */
export function selectOverdueOrdersForUpdate(db: Db, options: { today: string; afterId: number; limit: number }): Promise<LoanOrderRow[]> {
  return overdueOrdersQuery(db, options);
}

/** The overdue run's query itself (its plan is checked at volume). */
export function overdueOrdersQuery(db: Db, options: { today: string; afterId: number; limit: number }) {
  // Found from the unsettled instalments already past due (order_instalments_unsettled_due_idx),
  // a small slice of the table, never by walking every order.
  const pastDue = db
    .select({ orderId: orderInstalments.orderId })
    .from(orderInstalments)
    .where(
      and(
        isNull(orderInstalments.settledAt),
        lt(orderInstalments.dueDate, options.today),
        gt(orderInstalments.orderId, options.afterId),
        sql`${instalmentOwedSql} > 0`,
      ),
    );
  return db
    .select()
    .from(loanOrders)
    .where(and(inArray(loanOrders.state, ['待還款', '已逾期']), gt(loanOrders.id, options.afterId), inArray(loanOrders.id, pastDue)))
    .orderBy(asc(loanOrders.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
}

/** Instalments of repaying orders due on one of `dates` that still owe something, with their order. */
export async function selectOwingInstalmentsDueOn(
  db: Db,
  dates: readonly string[],
): Promise<Array<{ order: LoanOrderRow; instalment: OrderInstalmentRow }>> {
  if (dates.length === 0) return [];
  return owingInstalmentsDueOnQuery(db, dates);
}

/** The reminders' query itself (its plan is checked at volume). */
export function owingInstalmentsDueOnQuery(db: Db, dates: readonly string[]) {
  return db
    .select({ order: loanOrders, instalment: orderInstalments })
    .from(orderInstalments)
    .innerJoin(loanOrders, eq(loanOrders.id, orderInstalments.orderId))
    .where(
      and(
        inArray(orderInstalments.dueDate, [...dates]),
        isNull(orderInstalments.settledAt),
        inArray(loanOrders.state, ['待還款', '已逾期']),
        sql`${instalmentOwedSql} > 0`,
      ),
    )
    .orderBy(asc(orderInstalments.orderId), asc(orderInstalments.number));
}

/** Orders per state (the metrics: applications awaiting a decision, approved, refused, repaying, overdue…). */
export async function countOrdersByState(db: Db): Promise<Array<{ state: string; count: number }>> {
  const rows = await db.select({ state: loanOrders.state, count: sql<number>`count(*)::int` }).from(loanOrders).groupBy(loanOrders.state);
  return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
}
