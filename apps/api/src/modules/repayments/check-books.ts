import type { Db } from '../../db/client.ts';
import { getOrder } from '../orders/index.ts';
import { heldAmount, journalTargets, replayLoan } from './loan-account-of.ts';
import {
  selectInstalments,
  selectJournalBalances,
  selectJournalEntries,
  selectJournalOrderIds,
  selectJournalOrderIdsForCheck,
  selectNotificationsOfOrder,
  selectOrderRequests,
  selectUnbalancedEntries,
} from './repayments-repository.ts';

export interface BooksDifference {
  orderId: number;
  /** The journal account or the check that differs. */
  what: string;
  expected: number;
  found: number;
}

/**
 * The loan books checked (`npm run operator -- check-books`). The journal on its own:
 * every entry's lines sum to zero; every account's balance on an order is what replaying
 * the order's entries (to the day of its last entry) says; every order paid out has its
 * payout entry. Then against the outside world, per order: the money the journal says
 * came in against what the gateways notified (credited notifications, one payment each)
 * and the transfers operators confirmed, and the money it holds against the notifications
 * still held. Each difference is answered; none when the books are right.
 */
export async function checkBooks(options: { db: Db; orderIds?: readonly number[] }): Promise<BooksDifference[]> {
  const { db } = options;
  const differences: BooksDifference[] = [];
  const only = options.orderIds ? new Set(options.orderIds) : null;
  for (const entry of await selectUnbalancedEntries(db)) {
    if (!only || only.has(entry.orderId))
      differences.push({ orderId: entry.orderId, what: `entry ${entry.entryId} lines`, expected: 0, found: entry.sum });
  }
  for (const orderId of options.orderIds ?? (await selectJournalOrderIds(db))) {
    const order = await getOrder({ db, orderId });
    if (!order?.disbursedOn) continue;
    const entries = await selectJournalEntries(db, orderId);
    if (!entries.some((entry) => entry.kind === 'payout')) differences.push({ orderId, what: 'payout entry', expected: 1, found: 0 });
    const lastDay = entries.reduce((last, entry) => (entry.postedOn > last ? entry.postedOn : last), order.disbursedOn);
    const books = replayLoan({
      order,
      disbursedOn: order.disbursedOn,
      rows: await selectInstalments(db, [orderId]),
      entries,
      today: lastDay,
    });
    const balances = await selectJournalBalances(db, orderId);
    for (const [account, expected] of Object.entries(journalTargets(books))) {
      const found = balances.get(account) ?? 0;
      if (found !== expected) differences.push({ orderId, what: account, expected, found });
    }
  }
  for (const orderId of options.orderIds ?? (await selectJournalOrderIdsForCheck(db))) {
    const [receipts, notifications, requests] = await Promise.all([
      journalReceipts({ db, orderId }),
      selectNotificationsOfOrder(db, orderId),
      selectOrderRequests(db, orderId),
    ]);
    const fromGateways = receipts.payments
      .filter((payment) => !payment.source.startsWith('manual:'))
      .reduce((sum, payment) => sum + payment.amount, 0);
    const notified = notifications.filter((row) => row.outcome === 'credited').reduce((sum, row) => sum + row.amount, 0);
    if (fromGateways !== notified) differences.push({ orderId, what: 'gateway payments', expected: notified, found: fromGateways });
    const manual = receipts.payments
      .filter((payment) => payment.source.startsWith('manual:'))
      .reduce((sum, payment) => sum + payment.amount, 0);
    const confirmed = requests.filter((row) => row.channel === 'manual' && row.state === 'paid').reduce((sum, row) => sum + row.amount, 0);
    if (manual !== confirmed) differences.push({ orderId, what: 'confirmed transfers', expected: confirmed, found: manual });
    const stillHeld = notifications.filter((row) => row.outcome === 'held').reduce((sum, row) => sum + row.amount, 0);
    if (receipts.held !== stillHeld) differences.push({ orderId, what: 'held', expected: stillHeld, found: receipts.held });
  }
  return differences;
}

/** What the journal says came in on an order: payments (by source), what is held, what was refunded. */
export async function journalReceipts(options: {
  db: Db;
  orderId: number;
}): Promise<{ payments: Array<{ source: string; amount: number }>; held: number; refunded: number }> {
  const entries = await selectJournalEntries(options.db, options.orderId);
  return {
    payments: entries.filter((entry) => entry.kind === 'payment').map((entry) => ({ source: entry.source, amount: entry.amount })),
    held: heldAmount(entries),
    refunded: entries.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amount, 0),
  };
}
