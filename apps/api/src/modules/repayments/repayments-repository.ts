import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  collectionNotifications,
  creditRefunds,
  loanExtensions,
  repaymentCredits,
  repaymentReminders,
  repaymentRequests,
} from '../../db/schema/repayments.ts';

/** The only code touching the repayments tables (db/schema/repayments.ts). */

export type RepaymentRequestRow = typeof repaymentRequests.$inferSelect;
export type NewRepaymentRequestRow = typeof repaymentRequests.$inferInsert;
export type RepaymentCreditRow = typeof repaymentCredits.$inferSelect;
export type LoanExtensionRow = typeof loanExtensions.$inferSelect;
export type CreditRefundRow = typeof creditRefunds.$inferSelect;

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
export async function insertNotificationOnce(
  db: Db,
  values: typeof collectionNotifications.$inferInsert,
): Promise<number | null> {
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
  return db.select().from(loanExtensions).where(inArray(loanExtensions.orderId, [...orderIds])).orderBy(asc(loanExtensions.id));
}

export async function insertExtensionOnce(db: Db, values: typeof loanExtensions.$inferInsert): Promise<LoanExtensionRow | null> {
  const [row] = await db.insert(loanExtensions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Records a reminder as sent; false when it was already sent (each is sent once). */
export async function insertReminderOnce(db: Db, values: typeof repaymentReminders.$inferInsert): Promise<boolean> {
  const rows = await db.insert(repaymentReminders).values(values).onConflictDoNothing().returning({ id: repaymentReminders.id });
  return rows.length === 1;
}

export async function countRequestsOfUser(db: Db, userId: number): Promise<number> {
  return db.$count(repaymentRequests, eq(repaymentRequests.userId, userId));
}

/** An account deletion: the manual transfers' paying-account digits and receipt photos are dropped; the amounts stay (loan records). */
export async function eraseTransferDetails(db: Db, userId: number): Promise<void> {
  await db
    .update(repaymentRequests)
    .set({ fromAccountLast5: null, receiptImageKey: null })
    .where(and(eq(repaymentRequests.userId, userId), or(sql`${repaymentRequests.fromAccountLast5} is not null`, sql`${repaymentRequests.receiptImageKey} is not null`)));
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
  const rows = await db.selectDistinct({ orderId: repaymentRequests.orderId }).from(repaymentRequests).where(eq(repaymentRequests.userId, userId));
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
  const rows = await db.selectDistinct({ orderId: repaymentRequests.orderId }).from(repaymentRequests).orderBy(asc(repaymentRequests.orderId));
  return rows.map((row) => row.orderId);
}

/** Gateway notifications per gateway and outcome (credited, held, failed, unknown), count and amount (the metrics). */
export async function countNotificationsByOutcome(db: Db): Promise<Array<{ gateway: string; outcome: string; count: number; amount: number }>> {
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
