import type { TReconciliationResponse } from '@app/contract/admin/admin-report-schemas.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import type { Db } from '../../db/client.ts';
import {
  selectGatewayCreditsWithoutNotification,
  selectNotificationsNotMatchingCredits,
  selectNotifiedDays,
} from './repayment-figures-repository.ts';

type Day = TReconciliationResponse['days'][number];

/**
 * The collection gateways' word against the receipts ledger, per Taipei day of [from, until):
 * each "paid" notification received that day with the credit of its transaction (whenever
 * it was credited), and each gateway credit of that day that no notification announced.
 * Every pair that does not match is listed: money notified and not credited (held for
 * staff, returned, no such request), a credit without a notification, amounts that differ.
 * The days' totals are summed by the database and only the differences leave it (a month
 * at a lender's volume is tens of thousands of matching pairs); what was credited of a day's
 * notifications is its notified totals less the differing pairs (a notification has one
 * credit at most), so the pairs are joined once.
 */
export async function reconcileCollections(options: { db: Db; from: Date; until: Date; days: string[] }): Promise<TReconciliationResponse> {
  const { db, from, until } = options;
  const [notifiedDays, unmatched, orphanCredits] = await Promise.all([
    selectNotifiedDays(db, from, until),
    selectNotificationsNotMatchingCredits(db, from, until),
    selectGatewayCreditsWithoutNotification(db, from, until),
  ]);
  const days = new Map<string, Day>(
    options.days.map((day) => [day, { day, notifiedCount: 0, notifiedAmount: 0, creditedCount: 0, creditedAmount: 0, difference: 0 }]),
  );
  const dayOf = (day: string): Day => {
    const found = days.get(day) ?? { day, notifiedCount: 0, notifiedAmount: 0, creditedCount: 0, creditedAmount: 0, difference: 0 };
    days.set(day, found);
    return found;
  };
  for (const row of notifiedDays) {
    const totals = dayOf(row.day);
    totals.notifiedCount += row.notifiedCount;
    totals.notifiedAmount += row.notifiedAmount;
    // Every notification credited as notified, until a differing pair says otherwise (below).
    totals.creditedCount += row.notifiedCount;
    totals.creditedAmount += row.notifiedAmount;
  }
  const differences: TReconciliationResponse['differences'] = [];
  for (const row of unmatched) {
    const day = taipeiCalendarDate(row.receivedAt);
    const totals = dayOf(day);
    if (row.creditedAmount === null) totals.creditedCount -= 1;
    totals.creditedAmount += (row.creditedAmount ?? 0) - row.notifiedAmount;
    differences.push({
      day,
      kind: row.creditedAmount === null ? 'notCredited' : 'amountDiffers',
      gateway: row.gateway,
      transactionId: row.transactionId,
      orderId: row.creditOrderId ?? row.requestOrderId,
      notifiedAmount: row.notifiedAmount,
      outcome: row.outcome,
      creditedAmount: row.creditedAmount,
    });
  }
  for (const credit of orphanCredits) {
    const day = taipeiCalendarDate(credit.creditedAt);
    const totals = dayOf(day);
    totals.creditedCount += 1;
    totals.creditedAmount += credit.amount;
    const [gateway = '', ...rest] = credit.source.split(':');
    differences.push({
      day,
      kind: 'creditWithoutNotice',
      gateway,
      transactionId: rest.join(':'),
      orderId: credit.orderId,
      notifiedAmount: null,
      outcome: null,
      creditedAmount: credit.amount,
    });
  }
  for (const totals of days.values()) totals.difference = totals.notifiedAmount - totals.creditedAmount;
  return {
    days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    differences: differences.sort((a, b) => a.day.localeCompare(b.day)),
  };
}
