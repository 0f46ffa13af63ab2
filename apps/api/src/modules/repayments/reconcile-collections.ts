import type { TReconciliationResponse } from '@app/contract/admin/admin-report-schemas.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import type { Db } from '../../db/client.ts';
import { selectGatewayCreditsWithoutNotification, selectNotificationsWithCredits } from './repayment-figures-repository.ts';

type Day = TReconciliationResponse['days'][number];

/**
 * The collection gateways' word against the receipts ledger, per Taipei day of [from, until):
 * each "paid" notification received that day with the credit of its transaction (whenever
 * it was credited), and each gateway credit of that day that no notification announced.
 * Every pair that does not match is listed: money notified and not credited (held for
 * staff, returned, no such request), a credit without a notification, amounts that differ.
 */
export async function reconcileCollections(options: { db: Db; from: Date; until: Date; days: string[] }): Promise<TReconciliationResponse> {
  const { db, from, until } = options;
  const [notified, orphanCredits] = await Promise.all([selectNotificationsWithCredits(db, from, until), selectGatewayCreditsWithoutNotification(db, from, until)]);
  const days = new Map<string, Day>(options.days.map((day) => [day, { day, notifiedCount: 0, notifiedAmount: 0, creditedCount: 0, creditedAmount: 0, difference: 0 }]));
  const dayOf = (day: string): Day => {
    const found = days.get(day) ?? { day, notifiedCount: 0, notifiedAmount: 0, creditedCount: 0, creditedAmount: 0, difference: 0 };
    days.set(day, found);
    return found;
  };
  const differences: TReconciliationResponse['differences'] = [];
  for (const row of notified) {
    const day = taipeiCalendarDate(row.receivedAt);
    const totals = dayOf(day);
    totals.notifiedCount += 1;
    totals.notifiedAmount += row.notifiedAmount;
    if (row.creditedAmount !== null) {
      totals.creditedCount += 1;
      totals.creditedAmount += row.creditedAmount;
    }
    const kind = row.creditedAmount === null ? 'notCredited' : row.creditedAmount !== row.notifiedAmount ? 'amountDiffers' : null;
    if (kind) {
      differences.push({
        day,
        kind,
        gateway: row.gateway,
        transactionId: row.transactionId,
        orderId: row.creditOrderId ?? row.requestOrderId,
        notifiedAmount: row.notifiedAmount,
        outcome: row.outcome,
        creditedAmount: row.creditedAmount,
      });
    }
  }
  for (const credit of orphanCredits) {
    const day = taipeiCalendarDate(credit.creditedAt);
    const totals = dayOf(day);
    totals.creditedCount += 1;
    totals.creditedAmount += credit.amount;
    const [gateway = '', ...rest] = credit.source.split(':');
    differences.push({ day, kind: 'creditWithoutNotice', gateway, transactionId: rest.join(':'), orderId: credit.orderId, notifiedAmount: null, outcome: null, creditedAmount: credit.amount });
  }
  for (const totals of days.values()) totals.difference = totals.notifiedAmount - totals.creditedAmount;
  return {
    days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    differences: differences.sort((a, b) => a.day.localeCompare(b.day)),
  };
}
