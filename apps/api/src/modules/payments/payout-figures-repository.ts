import { and, asc, desc, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payouts } from '../../db/schema/payments.ts';

/** The payments module's reads for the back office's figures and exports. */

/** Completed payouts per Taipei day of their completion in [from, until) (from payouts_completed_settled_at_idx alone). */
export async function selectPaidOutByDay(db: Db, from: Date, until: Date) {
  // Grouped by the date, written out as text once per day rather than once per payout; the
  // state as a constant, as the partial index says it.
  const settledOn = sql`(${payouts.settledAt} at time zone 'Asia/Taipei')::date`;
  return db
    .select({
      day: sql<string>`to_char(${settledOn}, 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${payouts.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(payouts)
    .where(and(sql`${payouts.state} = 'completed'`, gte(payouts.settledAt, from), lt(payouts.settledAt, until)))
    .groupBy(settledOn)
    .orderBy(settledOn);
}

/** Payouts requested in [from, until), oldest first. */
export async function selectPayoutsRequestedBetween(db: Db, from: Date, until: Date) {
  return db
    .select()
    .from(payouts)
    .where(and(gte(payouts.requestedAt, from), lt(payouts.requestedAt, until)))
    .orderBy(asc(payouts.id));
}

/**
 * A payout's state as finance follows it, from its columns: waiting for a release (first or
 * second), for a batch file, in a batch file, being handed to the gateway, sent, or settled
 * (a failed one retried apart from one still waiting for finance).
 */
export const PAYOUT_STAGE = sql<string>`case
  when ${payouts.state} = 'completed' then 'paid'
  when ${payouts.state} = 'failed' and ${payouts.retriedAt} is not null then 'retried'
  when ${payouts.state} = 'failed' then 'failed'
  when ${payouts.state} = 'needs_review' then 'needsReview'
  when ${payouts.releasesNeeded} > 0 and ${payouts.releasedAt} is null and ${payouts.firstReleasedBy} is null then 'awaitingRelease'
  when ${payouts.releasesNeeded} > 0 and ${payouts.releasedAt} is null then 'awaitingSecondRelease'
  when ${payouts.channel} = 'bank' and ${payouts.bankBatch} is null then 'awaitingBatch'
  when ${payouts.channel} = 'bank' then 'inBatch'
  when ${payouts.providerTransactionId} is null then 'sending'
  else 'sent' end`;

/** One page of payouts, newest first, by stage and by the Taipei days they were requested in [from, until). */
export async function selectPayoutPage(db: Db, filter: { stage?: string; from?: Date; until?: Date; limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.stage) conditions.push(sql`(${PAYOUT_STAGE}) = ${filter.stage}`);
  if (filter.from) conditions.push(gte(payouts.requestedAt, filter.from));
  if (filter.until) conditions.push(lt(payouts.requestedAt, filter.until));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ payout: payouts, stage: PAYOUT_STAGE })
      .from(payouts)
      .where(where)
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(payouts)
      .where(where),
  ]);
  return { rows, total: Number(total?.count ?? 0) };
}
