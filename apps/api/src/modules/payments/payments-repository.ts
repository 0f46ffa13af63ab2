import { and, asc, desc, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payouts, type PayoutChannel, type PayoutState } from '../../db/schema/payments.ts';

/** The only code touching `payouts`. */

export type PayoutRow = typeof payouts.$inferSelect;

/** A new payout for the order; null when the order has one already (a repeated decision). */
export async function insertPayout(
  db: Db,
  values: { orderId: number; amount: number; requestedAt: Date; channel: PayoutChannel; releasesNeeded: number },
): Promise<PayoutRow | null> {
  const [row] = await db
    .insert(payouts)
    .values({ ...values, attempt: 1 })
    .onConflictDoNothing({ target: [payouts.orderId, payouts.attempt] })
    .returning();
  return row ?? null;
}

export async function selectPayout(db: Db, id: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  return row ?? null;
}

/** The order's first payout (attempt 1). */
export async function selectPayoutOfOrder(db: Db, orderId: number): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.orderId, orderId), eq(payouts.attempt, 1)))
    .limit(1);
  return row ?? null;
}

/** The payout row locked for the rest of the transaction (two deliveries at once queue here). */
export async function selectPayoutForUpdate(db: Db, id: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1).for('update');
  return row ?? null;
}

/** The provider accepted the request: its transaction id, once. */
export async function updatePayoutSent(db: Db, id: number, provider: string, providerTransactionId: string, at: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ provider, providerTransactionId, sentAt: at })
    .where(and(eq(payouts.id, id), isNull(payouts.providerTransactionId)));
}

/** Settles a payout still `requested`; false when a notification settled it first. */
export async function settlePayout(
  db: Db,
  id: number,
  change: { state: Exclude<PayoutState, 'requested'>; providerTransactionId: string; at: Date; detail: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({
      state: change.state,
      providerTransactionId: change.providerTransactionId,
      settledAt: change.at,
      detail: sql`${payouts.detail} || ${JSON.stringify(change.detail)}::jsonb`,
    })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'requested')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** Payouts per state, count and amount (the metrics). */
export async function countPayoutsByState(db: Db): Promise<Array<{ state: string; count: number; amount: number }>> {
  const rows = await db
    .select({ state: payouts.state, count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
    .from(payouts)
    .groupBy(payouts.state);
  return rows.map((row) => ({ state: row.state, count: Number(row.count), amount: Number(row.amount) }));
}

/** Marks a failed payout retried, once; false when it was retried first. */
export async function markPayoutRetried(db: Db, id: number, operatorId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ retriedBy: operatorId, retriedAt: at })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'failed'), isNull(payouts.retriedAt)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** The payout retrying a failed one (the next attempt of its order); null when that attempt exists already. */
export async function insertRetryPayout(
  db: Db,
  values: {
    orderId: number;
    amount: number;
    attempt: number;
    retryOf: number;
    channel: PayoutChannel;
    releasesNeeded: number;
    requestedAt: Date;
    firstReleasedBy?: number;
    firstReleasedAt?: Date;
    releasedBy?: number;
    releasedAt?: Date;
  },
): Promise<PayoutRow | null> {
  const [row] = await db.insert(payouts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The first of two releases, by `operatorId`; false when another came first. */
export async function updateFirstRelease(db: Db, id: number, operatorId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ firstReleasedBy: operatorId, firstReleasedAt: at })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'requested'), isNull(payouts.firstReleasedBy), isNull(payouts.releasedAt)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** The release that lets the payout go; false when it was released first. */
export async function updateReleased(db: Db, id: number, operatorId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ releasedBy: operatorId, releasedAt: at })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'requested'), isNull(payouts.releasedAt)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** Bank payouts ready for a batch file (released, or needing no release), not in one yet, oldest first, locked. */
export async function selectReadyForBankBatch(db: Db): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.channel, 'bank'),
        eq(payouts.state, 'requested'),
        isNull(payouts.bankBatch),
        or(eq(payouts.releasesNeeded, 0), isNotNull(payouts.releasedAt)),
      ),
    )
    .orderBy(asc(payouts.id))
    .for('update');
}

/** The batch names already used on a day (`YYYYMMDD-`). */
export async function selectBankBatchNames(db: Db, dayPrefix: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ batch: payouts.bankBatch })
    .from(payouts)
    .where(like(payouts.bankBatch, `${dayPrefix}-%`));
  return rows.flatMap((row) => (row.batch ? [row.batch] : []));
}

/** Puts payouts in a batch file: sent by the bank, each under the reference `<batch>-<id>`. */
export async function updateBankBatch(db: Db, ids: readonly number[], batch: string, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(payouts)
    .set({ bankBatch: batch, provider: 'bank', providerTransactionId: sql`${batch} || '-' || ${payouts.id}::text`, sentAt: at })
    .where(and(inArray(payouts.id, [...ids]), isNull(payouts.bankBatch)));
}

/** The payouts of a batch file, in file order. */
export async function selectBankBatchPayouts(db: Db, batch: string): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.bankBatch, batch)).orderBy(asc(payouts.id));
}

/** Every batch file: its name, rows, total, and how many are still unsettled, newest first. */
export async function selectBankBatches(
  db: Db,
): Promise<Array<{ batch: string; count: number; amount: number; open: number; createdAt: Date }>> {
  const rows = await db
    .select({
      batch: payouts.bankBatch,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${payouts.amount}), 0)::bigint`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${payouts.state} = 'requested')::int`,
      createdAt: sql<Date>`min(${payouts.sentAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(payouts)
    .where(isNotNull(payouts.bankBatch))
    .groupBy(payouts.bankBatch)
    .orderBy(sql`min(${payouts.sentAt}) desc`, sql`${payouts.bankBatch} desc`)
    .limit(100);
  return rows.flatMap((row) => (row.batch ? [{ ...row, batch: row.batch, count: Number(row.count), open: Number(row.open) }] : []));
}

/** The order's payouts, first attempt first. */
export async function selectPayoutsOfOrder(db: Db, orderId: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(asc(payouts.attempt));
}

/** The order's latest attempt, locked for the rest of the transaction (a retry locks it too). */
export async function selectLatestPayoutOfOrderForUpdate(db: Db, orderId: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(desc(payouts.attempt)).limit(1).for('update');
  return row ?? null;
}
