import { and, asc, desc, eq, gte, lt, lte, ne, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  collectionNotifications,
  loanExtensions,
  loanJournalEntries,
  loanJournalLines,
  orderInstalments,
  repaymentCredits,
  repaymentRequests,
} from '../../db/schema/repayments.ts';

/** The repayments module's reads for the back office: figures, the daily reconciliation, exports, one person's and one order's money. */

const money = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

/**
 * Credited payments per Taipei day of [from, until) (gateway and manual alike): what was
 * collected, from repayment_credits_credited_at_amount_idx alone.
 */
export async function selectCollectedByDay(db: Db, from: Date, until: Date) {
  // Grouped by the date, written out as text once per day rather than once per credit.
  const creditedOn = sql`(${repaymentCredits.creditedAt} at time zone 'Asia/Taipei')::date`;
  return db
    .select({
      day: sql<string>`to_char(${creditedOn}, 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
      amount: money(sql`sum(${repaymentCredits.amount})`),
    })
    .from(repaymentCredits)
    .where(and(gte(repaymentCredits.creditedAt, from), lt(repaymentCredits.creditedAt, until)))
    .groupBy(creditedOn)
    .orderBy(creditedOn);
}

/**
 * Instalments due on the days [fromDay, toDay], and those of them not settled by the end of
 * their due day (Taipei): still open, or settled later.
 */
export async function selectInstalmentsDueBetween(db: Db, fromDay: string, toDay: string): Promise<{ due: number; overdue: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${orderInstalments.settledAt} is null or ${orderInstalments.settledAt} >= ((${orderInstalments.dueDate} + 1)::timestamp at time zone 'Asia/Taipei')))::int`,
    })
    .from(orderInstalments)
    .where(and(gte(orderInstalments.dueDate, fromDay), lte(orderInstalments.dueDate, toDay)));
  return row ?? { due: 0, overdue: 0 };
}

/** A notification's credit: the credit whose source is the notification's transaction (`gateway:transactionId`, unique). */
const creditOfNotification = eq(
  repaymentCredits.source,
  sql`${collectionNotifications.gateway} || ':' || ${collectionNotifications.transactionId}`,
);

/** Notifications received in [from, until) that said "paid" (not failed). */
const paidNotificationsBetween = (from: Date, until: Date) =>
  and(
    ne(collectionNotifications.outcome, 'failed'),
    gte(collectionNotifications.receivedAt, from),
    lt(collectionNotifications.receivedAt, until),
  );

/**
 * Per Taipei day of [from, until), the notifications received that said "paid": counts and
 * amounts, summed by the database (a day's thousands of rows never leave it), without their
 * credits — what was credited of them is these totals less the pairs that differ
 * (selectNotificationsNotMatchingCredits: each notification has one credit at most, both
 * keys being unique), so the month's notifications are joined to the credits once, not twice.
 * Days without any are absent.
 */
export async function selectNotifiedDays(db: Db, from: Date, until: Date) {
  // Grouped by the date, written out as text once per day rather than once per notification.
  const receivedOn = sql`(${collectionNotifications.receivedAt} at time zone 'Asia/Taipei')::date`;
  return db
    .select({
      day: sql<string>`to_char(${receivedOn}, 'YYYY-MM-DD')`,
      notifiedCount: sql<number>`count(*)::int`,
      notifiedAmount: money(sql`sum(${collectionNotifications.amount})`),
    })
    .from(collectionNotifications)
    .where(paidNotificationsBetween(from, until))
    .groupBy(receivedOn)
    .orderBy(receivedOn);
}

/**
 * The notifications received in [from, until) that said "paid" whose transaction was not
 * credited, or credited with another amount, oldest first, with the credit (if any) and the request's order.
 */
export async function selectNotificationsNotMatchingCredits(db: Db, from: Date, until: Date) {
  return db
    .select({
      gateway: collectionNotifications.gateway,
      transactionId: collectionNotifications.transactionId,
      notifiedAmount: collectionNotifications.amount,
      outcome: collectionNotifications.outcome,
      receivedAt: collectionNotifications.receivedAt,
      requestOrderId: repaymentRequests.orderId,
      creditedAmount: repaymentCredits.amount,
      creditOrderId: repaymentCredits.orderId,
    })
    .from(collectionNotifications)
    .leftJoin(repaymentCredits, creditOfNotification)
    .leftJoin(repaymentRequests, eq(repaymentRequests.id, collectionNotifications.requestId))
    .where(
      and(
        paidNotificationsBetween(from, until),
        sql`(${repaymentCredits.id} is null or ${repaymentCredits.amount} <> ${collectionNotifications.amount})`,
      ),
    )
    .orderBy(asc(collectionNotifications.id));
}

/** Credits of gateway payments in [from, until) with no notification of their transaction at all. */
export async function selectGatewayCreditsWithoutNotification(db: Db, from: Date, until: Date) {
  const gateway = sql`split_part(${repaymentCredits.source}, ':', 1)`;
  return db
    .select({
      source: repaymentCredits.source,
      orderId: repaymentCredits.orderId,
      amount: repaymentCredits.amount,
      creditedAt: repaymentCredits.creditedAt,
    })
    .from(repaymentCredits)
    .where(
      and(
        gte(repaymentCredits.creditedAt, from),
        lt(repaymentCredits.creditedAt, until),
        notLike(repaymentCredits.source, 'manual:%'),
        sql`not exists (select 1 from ${collectionNotifications} where ${collectionNotifications.gateway} = ${gateway} and ${collectionNotifications.transactionId} = substr(${repaymentCredits.source}, length(${gateway}) + 2))`,
      ),
    )
    .orderBy(asc(repaymentCredits.id));
}

/** Credited payments in [from, until) with the request they paid (kind, channel), oldest first. */
export async function selectCreditsBetween(db: Db, from: Date, until: Date) {
  return db
    .select({
      id: repaymentCredits.id,
      orderId: repaymentCredits.orderId,
      requestId: repaymentCredits.requestId,
      kind: repaymentRequests.kind,
      channel: repaymentRequests.channel,
      source: repaymentCredits.source,
      amount: repaymentCredits.amount,
      allocated: repaymentCredits.allocated,
      extension: repaymentCredits.extension,
      creditKept: repaymentCredits.creditKept,
      creditedAt: repaymentCredits.creditedAt,
    })
    .from(repaymentCredits)
    .innerJoin(repaymentRequests, eq(repaymentRequests.id, repaymentCredits.requestId))
    .where(and(gte(repaymentCredits.creditedAt, from), lt(repaymentCredits.creditedAt, until)))
    .orderBy(asc(repaymentCredits.id));
}

/** The journal's lines of the entries posted in [from, until), entry by entry. */
export async function selectJournalLinesBetween(db: Db, from: Date, until: Date) {
  return db
    .select({
      entryId: loanJournalEntries.id,
      orderId: loanJournalEntries.orderId,
      kind: loanJournalEntries.kind,
      source: loanJournalEntries.source,
      valueDate: loanJournalEntries.valueDate,
      paidOn: loanJournalEntries.paidOn,
      at: loanJournalEntries.at,
      account: loanJournalLines.account,
      amount: loanJournalLines.amount,
    })
    .from(loanJournalEntries)
    .innerJoin(loanJournalLines, eq(loanJournalLines.entryId, loanJournalEntries.id))
    .where(and(gte(loanJournalEntries.at, from), lt(loanJournalEntries.at, until)))
    .orderBy(asc(loanJournalEntries.id), asc(loanJournalLines.id));
}

/** A user's payment requests and manual transfers, newest first. */
export async function selectRequestsOfUser(db: Db, userId: number) {
  return db
    .select({
      orderId: repaymentRequests.orderId,
      kind: repaymentRequests.kind,
      channel: repaymentRequests.channel,
      amount: repaymentRequests.amount,
      state: repaymentRequests.state,
      createdAt: repaymentRequests.createdAt,
      paidAt: repaymentRequests.paidAt,
    })
    .from(repaymentRequests)
    .where(eq(repaymentRequests.userId, userId))
    .orderBy(desc(repaymentRequests.id));
}

/** One order's journal entries, oldest first, and its extensions. */
export async function selectOrderMoneyHistory(db: Db, orderId: number) {
  const [journal, extensions] = await Promise.all([
    db.select().from(loanJournalEntries).where(eq(loanJournalEntries.orderId, orderId)).orderBy(asc(loanJournalEntries.id)),
    db.select().from(loanExtensions).where(eq(loanExtensions.orderId, orderId)).orderBy(asc(loanExtensions.id)),
  ]);
  return { journal, extensions };
}
