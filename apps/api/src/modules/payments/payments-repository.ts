import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payouts, type PayoutState } from '../../db/schema/payments.ts';

/** The only code touching `payouts`. */

export type PayoutRow = typeof payouts.$inferSelect;

/** A new payout for the order; null when the order has one already (a repeated decision). */
export async function insertPayout(
  db: Db,
  values: { orderId: number; amount: number; requestedAt: Date },
): Promise<PayoutRow | null> {
  const [row] = await db.insert(payouts).values(values).onConflictDoNothing({ target: payouts.orderId }).returning();
  return row ?? null;
}

export async function selectPayout(db: Db, id: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  return row ?? null;
}

export async function selectPayoutOfOrder(db: Db, orderId: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.orderId, orderId)).limit(1);
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
