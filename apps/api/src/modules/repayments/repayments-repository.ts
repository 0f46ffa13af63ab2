import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  collectionNotifications,
  creditRefunds,
  loanExtensions,
  loanJournalEntries,
  loanJournalLines,
  orderInstalments,
  repaymentCredits,
  reminderTemplates,
  repaymentReminders,
  repaymentRequests,
} from '../../db/schema/repayments.ts';

/** The only code touching the repayments tables (db/schema/repayments.ts): the loan account's requests, receipts, extensions, reminders, schedule and journal. */

export type RepaymentRequestRow = typeof repaymentRequests.$inferSelect;
export type NewRepaymentRequestRow = typeof repaymentRequests.$inferInsert;
export type RepaymentCreditRow = typeof repaymentCredits.$inferSelect;
export type LoanExtensionRow = typeof loanExtensions.$inferSelect;
export type CreditRefundRow = typeof creditRefunds.$inferSelect;
export type OrderInstalmentRow = typeof orderInstalments.$inferSelect;
export type LoanJournalEntryRow = typeof loanJournalEntries.$inferSelect;
export type NewLoanJournalEntryRow = typeof loanJournalEntries.$inferInsert;

export async function insertRepaymentRequest(db: Db, values: NewRepaymentRequestRow): Promise<RepaymentRequestRow> {
  const [row] = await db.insert(repaymentRequests).values(values).returning();
  if (!row) throw new Error('repayment request not inserted');
  return row;
}

export async function updateRepaymentRequest(
  db: Db,
  id: number,
  set: Partial<Pick<NewRepaymentRequestRow, 'state' | 'storeCode' | 'bankCode' | 'virtualAccount' | 'gateway' | 'detail' | 'paidAt'>>,
): Promise<void> {
  await db.update(repaymentRequests).set(set).where(eq(repaymentRequests.id, id));
}

/** What the order's unexpired, unpaid payoff-part codes cover together (0 when none). */
export async function sumOpenPayoffParts(db: Db, orderId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${repaymentRequests.amount})` })
    .from(repaymentRequests)
    .where(
      and(
        eq(repaymentRequests.orderId, orderId),
        eq(repaymentRequests.kind, 'payoffPart'),
        eq(repaymentRequests.state, 'pending'),
        gt(repaymentRequests.expiresAt, now),
      ),
    );
  return Number(row?.total ?? 0);
}

/** An unexpired, unpaid request for the same thing (order, kind, channel, amount), newest first. */
export async function selectOpenRequest(
  db: Db,
  match: { orderId: number; kind: string; channel: string; amount: number; now: Date },
): Promise<RepaymentRequestRow | null> {
  const [row] = await db
    .select()
    .from(repaymentRequests)
    .where(
      and(
        eq(repaymentRequests.orderId, match.orderId),
        eq(repaymentRequests.kind, match.kind as RepaymentRequestRow['kind']),
        eq(repaymentRequests.channel, match.channel as RepaymentRequestRow['channel']),
        eq(repaymentRequests.amount, match.amount),
        eq(repaymentRequests.state, 'pending'),
        gt(repaymentRequests.expiresAt, match.now),
      ),
    )
    .orderBy(desc(repaymentRequests.id))
    .limit(1);
  return row ?? null;
}

export async function selectRequest(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<RepaymentRequestRow | null> {
  const query = db.select().from(repaymentRequests).where(eq(repaymentRequests.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function selectRequestByCode(db: Db, code: string): Promise<RepaymentRequestRow | null> {
  const [row] = await db
    .select()
    .from(repaymentRequests)
    .where(or(eq(repaymentRequests.storeCode, code), eq(repaymentRequests.virtualAccount, code)))
    .limit(1);
  return row ?? null;
}

export async function selectOrderRequests(db: Db, orderId: number): Promise<RepaymentRequestRow[]> {
  return db.select().from(repaymentRequests).where(eq(repaymentRequests.orderId, orderId)).orderBy(desc(repaymentRequests.id));
}

/** Records a verified notification once per gateway transaction; null when this transaction was already recorded. */
export async function insertNotificationOnce(db: Db, values: typeof collectionNotifications.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(collectionNotifications).values(values).onConflictDoNothing().returning({ id: collectionNotifications.id });
  return row?.id ?? null;
}

export async function updateNotificationOutcome(db: Db, id: number, outcome: string): Promise<void> {
  await db.update(collectionNotifications).set({ outcome }).where(eq(collectionNotifications.id, id));
}

export async function insertCreditOnce(db: Db, values: typeof repaymentCredits.$inferInsert): Promise<RepaymentCreditRow | null> {
  const [row] = await db.insert(repaymentCredits).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function selectOrderCredits(db: Db, orderId: number): Promise<RepaymentCreditRow[]> {
  return db.select().from(repaymentCredits).where(eq(repaymentCredits.orderId, orderId)).orderBy(asc(repaymentCredits.id));
}

export async function selectExtensions(db: Db, orderIds: readonly number[]): Promise<LoanExtensionRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(loanExtensions)
    .where(inArray(loanExtensions.orderId, [...orderIds]))
    .orderBy(asc(loanExtensions.id));
}

export async function insertExtensionOnce(db: Db, values: typeof loanExtensions.$inferInsert): Promise<LoanExtensionRow | null> {
  const [row] = await db.insert(loanExtensions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Records a reminder as sent; false when it was already sent (each is sent once). */
/** The reminders already sent of these orders on these due dates, as `orderId:kind:dueDate` keys (a repeated run sends nothing and opens no transaction). */
export async function selectSentReminders(db: Db, orderIds: readonly number[], dueDates: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0 || dueDates.length === 0) return new Set();
  const rows = await db
    .select({ orderId: repaymentReminders.orderId, kind: repaymentReminders.kind, dueDate: repaymentReminders.dueDate })
    .from(repaymentReminders)
    .where(and(inArray(repaymentReminders.orderId, [...orderIds]), inArray(repaymentReminders.dueDate, [...dueDates])));
  return new Set(rows.map((row) => `${row.orderId}:${row.kind}:${row.dueDate}`));
}

/** Records many reminders; answers those recorded now (`orderId:kind:dueDate`), not those recorded before. */
export async function insertRemindersOnce(db: Db, rows: Array<typeof repaymentReminders.$inferInsert>): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(repaymentReminders)
    .values(rows)
    .onConflictDoNothing()
    .returning({ orderId: repaymentReminders.orderId, kind: repaymentReminders.kind, dueDate: repaymentReminders.dueDate });
  return new Set(inserted.map((row) => `${row.orderId}:${row.kind}:${row.dueDate}`));
}

/** Takes back reminders recorded and not sent (their sending failed), so a later run sends them. */
export async function deleteReminders(db: Db, rows: ReadonlyArray<{ orderId: number; kind: string; dueDate: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .delete(repaymentReminders)
    .where(
      or(
        ...rows.map((row) =>
          and(
            eq(repaymentReminders.orderId, row.orderId),
            eq(repaymentReminders.kind, row.kind),
            eq(repaymentReminders.dueDate, row.dueDate),
          ),
        ),
      ),
    );
}

export async function countRequestsOfUser(db: Db, userId: number): Promise<number> {
  return db.$count(repaymentRequests, eq(repaymentRequests.userId, userId));
}

/** An account deletion: the manual transfers' paying-account digits and receipt photos are dropped; the amounts stay (loan records). */
export async function eraseTransferDetails(db: Db, userId: number): Promise<void> {
  await db
    .update(repaymentRequests)
    .set({ fromAccountLast5: null, receiptImageKey: null })
    .where(
      and(
        eq(repaymentRequests.userId, userId),
        or(sql`${repaymentRequests.fromAccountLast5} is not null`, sql`${repaymentRequests.receiptImageKey} is not null`),
      ),
    );
}

/** Requests in one state, oldest first (the operator's lists). */
export async function selectRequestsInState(db: Db, state: RepaymentRequestRow['state']): Promise<RepaymentRequestRow[]> {
  return db.select().from(repaymentRequests).where(eq(repaymentRequests.state, state)).orderBy(asc(repaymentRequests.id));
}

/** The oldest notification still held on a request, locked. */
export async function selectHeldNotificationOf(db: Db, requestId: number) {
  const [row] = await db
    .select()
    .from(collectionNotifications)
    .where(and(eq(collectionNotifications.requestId, requestId), eq(collectionNotifications.outcome, 'held')))
    .orderBy(asc(collectionNotifications.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Requests with money held (a notification of another amount not yet credited or returned), with the held amount; oldest first. */
export async function selectRequestsWithHeldMoney(db: Db): Promise<Array<{ request: RepaymentRequestRow; heldAmount: number }>> {
  return db
    .select({ request: repaymentRequests, heldAmount: collectionNotifications.amount })
    .from(collectionNotifications)
    .innerJoin(repaymentRequests, eq(repaymentRequests.id, collectionNotifications.requestId))
    .where(eq(collectionNotifications.outcome, 'held'))
    .orderBy(asc(collectionNotifications.id));
}

export async function selectOrderRefunds(db: Db, orderId: number): Promise<CreditRefundRow[]> {
  return db.select().from(creditRefunds).where(eq(creditRefunds.orderId, orderId)).orderBy(asc(creditRefunds.id));
}

export async function insertCreditRefund(db: Db, values: typeof creditRefunds.$inferInsert): Promise<CreditRefundRow> {
  const [row] = await db.insert(creditRefunds).values(values).returning();
  if (!row) throw new Error('credit refund not inserted');
  return row;
}

/** What was refunded on each of the orders. */
export async function selectRefundTotals(db: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: creditRefunds.orderId, refunded: sql<number>`sum(${creditRefunds.amount})::int` })
    .from(creditRefunds)
    .where(inArray(creditRefunds.orderId, [...orderIds]))
    .groupBy(creditRefunds.orderId);
  return new Map(rows.map((row) => [row.orderId, row.refunded]));
}

/** The orders a user has paid anything on (through any channel). */
export async function selectPaidOrderIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: repaymentRequests.orderId })
    .from(repaymentRequests)
    .where(eq(repaymentRequests.userId, userId));
  return rows.map((row) => row.orderId);
}

/** Every notification on an order's requests. */
export async function selectNotificationsOfOrder(db: Db, orderId: number) {
  return db
    .select({ id: collectionNotifications.id, amount: collectionNotifications.amount, outcome: collectionNotifications.outcome })
    .from(collectionNotifications)
    .innerJoin(repaymentRequests, eq(repaymentRequests.id, collectionNotifications.requestId))
    .where(eq(repaymentRequests.orderId, orderId));
}

/** Orders with any payment request (those whose receipts the book check compares). */
export async function selectJournalOrderIdsForCheck(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: repaymentRequests.orderId })
    .from(repaymentRequests)
    .orderBy(asc(repaymentRequests.orderId));
  return rows.map((row) => row.orderId);
}

/** Gateway notifications per gateway and outcome (credited, held, failed, unknown), count and amount (the metrics). */
export async function countNotificationsByOutcome(
  db: Db,
): Promise<Array<{ gateway: string; outcome: string; count: number; amount: number }>> {
  const rows = await db
    .select({
      gateway: collectionNotifications.gateway,
      outcome: collectionNotifications.outcome,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${collectionNotifications.amount}), 0)`,
    })
    .from(collectionNotifications)
    .groupBy(collectionNotifications.gateway, collectionNotifications.outcome);
  return rows.map((row) => ({ gateway: row.gateway, outcome: row.outcome, count: Number(row.count), amount: Number(row.amount) }));
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

export type InstalmentPosition = Pick<
  OrderInstalmentRow,
  'dueDate' | 'interest' | 'fee' | 'overdueInterest' | 'paidPrincipal' | 'paidInterest' | 'paidFee' | 'paidOverdueInterest' | 'settledAt'
>;

/** An instalment's figures as the loan account stands (its due date moves with an extension). */
export async function updateInstalmentPosition(db: Db, id: number, set: InstalmentPosition): Promise<void> {
  await db.update(orderInstalments).set(set).where(eq(orderInstalments.id, id));
}

/** Many instalments' figures in one statement (the overdue run's batch): `update … from (values …)`. */
export async function updateInstalmentPositions(db: Db, changes: ReadonlyArray<{ id: number; next: InstalmentPosition }>): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map(
    ({ id, next }) =>
      sql`(${id}::int, ${next.dueDate}::date, ${next.interest}::int, ${next.fee}::int, ${next.overdueInterest}::int, ${next.paidPrincipal}::int, ${next.paidInterest}::int, ${next.paidFee}::int, ${next.paidOverdueInterest}::int, ${next.settledAt}::timestamptz)`,
  );
  await db.execute(sql`
    update ${orderInstalments} as i set
      due_date = v.due_date, interest = v.interest, fee = v.fee, overdue_interest = v.overdue_interest, paid_principal = v.paid_principal,
      paid_interest = v.paid_interest, paid_fee = v.paid_fee, paid_overdue_interest = v.paid_overdue_interest, settled_at = v.settled_at
    from (values ${sql.join(rows, sql`, `)}) as v(id, due_date, interest, fee, overdue_interest, paid_principal, paid_interest, paid_fee, paid_overdue_interest, settled_at)
    where i.id = v.id`);
}

/** Records a journal entry once per source; null when that source was already posted. */
export async function insertJournalEntry(db: Db, values: NewLoanJournalEntryRow): Promise<LoanJournalEntryRow | null> {
  const [row] = await db.insert(loanJournalEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function selectJournalEntries(db: Db, orderId: number): Promise<LoanJournalEntryRow[]> {
  return db.select().from(loanJournalEntries).where(eq(loanJournalEntries.orderId, orderId)).orderBy(asc(loanJournalEntries.id));
}

/** The journals of several orders in one query (the overdue run's batch), each in entry order. */
export async function selectJournalEntriesOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, LoanJournalEntryRow[]>> {
  const byOrder = new Map<number, LoanJournalEntryRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(loanJournalEntries)
    .where(inArray(loanJournalEntries.orderId, [...orderIds]))
    .orderBy(asc(loanJournalEntries.orderId), asc(loanJournalEntries.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

export async function insertJournalLines(
  db: Db,
  lines: Array<{ entryId: number; orderId: number; account: string; amount: number }>,
): Promise<void> {
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
    .select({
      entryId: loanJournalLines.entryId,
      orderId: loanJournalLines.orderId,
      sum: sql<number>`sum(${loanJournalLines.amount})::int`,
    })
    .from(loanJournalLines)
    .groupBy(loanJournalLines.entryId, loanJournalLines.orderId)
    .having(sql`sum(${loanJournalLines.amount}) <> 0`);
}

export async function selectJournalOrderIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: loanJournalEntries.orderId })
    .from(loanJournalEntries)
    .orderBy(asc(loanJournalEntries.orderId));
  return rows.map((row) => row.orderId);
}

/** Orders whose borrower's credit (money kept beyond what was owed) is not paid back: the credit account's balance (optionally of some orders only). */
export async function selectCreditKept(
  db: Db,
  options: { orderIds?: readonly number[] } = {},
): Promise<Array<{ orderId: number; kept: number }>> {
  if (options.orderIds?.length === 0) return [];
  return db
    .select({ orderId: loanJournalLines.orderId, kept: sql<number>`(-sum(${loanJournalLines.amount}))::int` })
    .from(loanJournalLines)
    .where(
      and(eq(loanJournalLines.account, 'credit'), options.orderIds ? inArray(loanJournalLines.orderId, [...options.orderIds]) : undefined),
    )
    .groupBy(loanJournalLines.orderId)
    .having(sql`sum(${loanJournalLines.amount}) < 0`)
    .orderBy(asc(loanJournalLines.orderId));
}

/** What an instalment still owes, as SQL. */
const instalmentOwedSql = sql`(${orderInstalments.principal} + ${orderInstalments.interest} + ${orderInstalments.fee} + ${orderInstalments.overdueInterest}
  - ${orderInstalments.paidPrincipal} - ${orderInstalments.paidInterest} - ${orderInstalments.paidFee} - ${orderInstalments.paidOverdueInterest})`;

/**
 * The next orders, after `afterId`, with something owed on an instalment due before
 * `today` (the overdue run's batches; orders' lockRepayingOrders then locks those still
 * repaying). Found from the unsettled instalments already past due
 * (order_instalments_unsettled_due_idx), a small slice of the table, never by walking
 * every instalment.
 */
export async function selectOrderIdsPastDue(db: Db, options: { today: string; afterId: number; limit: number }): Promise<number[]> {
  const rows = await orderIdsPastDueQuery(db, options);
  return rows.map((row) => row.orderId);
}

/** The overdue run's query itself (its plan is checked at volume). */
export function orderIdsPastDueQuery(db: Db, options: { today: string; afterId: number; limit: number }) {
  return db
    .selectDistinct({ orderId: orderInstalments.orderId })
    .from(orderInstalments)
    .where(
      and(
        isNull(orderInstalments.settledAt),
        lt(orderInstalments.dueDate, options.today),
        gt(orderInstalments.orderId, options.afterId),
        sql`${instalmentOwedSql} > 0`,
      ),
    )
    .orderBy(asc(orderInstalments.orderId))
    .limit(options.limit);
}

/** Instalments due on one of `dates` that still owe something (the reminders; orders' states are checked by the caller). */
export async function selectOwingInstalmentsDueOn(db: Db, dates: readonly string[]): Promise<OrderInstalmentRow[]> {
  if (dates.length === 0) return [];
  return owingInstalmentsDueOnQuery(db, dates);
}

/** The reminders' query itself (its plan is checked at volume). */
export function owingInstalmentsDueOnQuery(db: Db, dates: readonly string[]) {
  return db
    .select()
    .from(orderInstalments)
    .where(and(inArray(orderInstalments.dueDate, [...dates]), isNull(orderInstalments.settledAt), sql`${instalmentOwedSql} > 0`))
    .orderBy(asc(orderInstalments.orderId), asc(orderInstalments.number));
}

export type ReminderTemplateRow = typeof reminderTemplates.$inferSelect;

/** The latest saved template of each kind (a kind never saved has none). */
export async function selectLatestReminderTemplates(db: Db): Promise<ReminderTemplateRow[]> {
  return db.selectDistinctOn([reminderTemplates.kind]).from(reminderTemplates).orderBy(reminderTemplates.kind, desc(reminderTemplates.id));
}

/** A saved template: a new row, the older ones kept. */
export async function insertReminderTemplate(db: Db, row: Omit<ReminderTemplateRow, 'id'>): Promise<void> {
  await db.insert(reminderTemplates).values(row);
}
