import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payouts } from '../../db/schema/payments.ts';

/** The payments module's reads for the back office's figures and exports. */

/** Completed payouts per Taipei day of their completion in [from, until). */
export async function selectPaidOutByDay(db: Db, from: Date, until: Date) {
  return db
    .select({
      day: sql<string>`to_char(${payouts.settledAt} at time zone 'Asia/Taipei', 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${payouts.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(payouts)
    .where(and(eq(payouts.state, 'completed'), gte(payouts.settledAt, from), lt(payouts.settledAt, until)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** Payouts requested in [from, until), oldest first. */
export async function selectPayoutsRequestedBetween(db: Db, from: Date, until: Date) {
  return db
    .select()
    .from(payouts)
    .where(and(gte(payouts.requestedAt, from), lt(payouts.requestedAt, until)))
    .orderBy(asc(payouts.id));
}
