import type { Db } from '../../db/client.ts';
import { heldAmount, journalTargets, replayLoan } from './loan-account-of.ts';
import { toLoanOrder } from './loan-order.ts';
import {
  selectInstalments,
  selectJournalBalances,
  selectJournalEntries,
  selectJournalOrderIds,
  selectOrder,
  selectUnbalancedEntries,
} from './orders-repository.ts';

export interface BooksDifference {
  orderId: number;
  /** The journal account or the check that differs. */
  what: string;
  expected: number;
  found: number;
}

/**
 * The loan books checked from their journal: every entry's lines sum to zero; every
 * account's balance on an order is what replaying the order's entries (to the day of its
 * last entry) says; every order paid out has its payout entry. Answers each difference;
 * none when the books are right.
 */
export async function checkLoanBooks(options: { db: Db; orderIds?: readonly number[] }): Promise<BooksDifference[]> {
  const { db } = options;
  const differences: BooksDifference[] = [];
  const only = options.orderIds ? new Set(options.orderIds) : null;
  for (const entry of await selectUnbalancedEntries(db)) {
    if (!only || only.has(entry.orderId)) differences.push({ orderId: entry.orderId, what: `entry ${entry.entryId} lines`, expected: 0, found: entry.sum });
  }
  for (const orderId of options.orderIds ?? (await selectJournalOrderIds(db))) {
    const row = await selectOrder(db, orderId);
    if (!row?.terms || !row.disbursedOn) continue;
    const entries = await selectJournalEntries(db, orderId);
    if (!entries.some((entry) => entry.kind === 'payout')) differences.push({ orderId, what: 'payout entry', expected: 1, found: 0 });
    const lastDay = entries.reduce((last, entry) => (entry.postedOn > last ? entry.postedOn : last), row.disbursedOn);
    const books = replayLoan({ order: toLoanOrder(row), disbursedOn: row.disbursedOn, rows: await selectInstalments(db, [orderId]), entries, today: lastDay });
    const balances = await selectJournalBalances(db, orderId);
    for (const [account, expected] of Object.entries(journalTargets(books))) {
      const found = balances.get(account) ?? 0;
      if (found !== expected) differences.push({ orderId, what: account, expected, found });
    }
  }
  return differences;
}

/** What the journal says came in on an order: payments (by source) and what is held. */
export async function journalReceipts(options: { db: Db; orderId: number }): Promise<{ payments: Array<{ source: string; amount: number }>; held: number; refunded: number }> {
  const entries = await selectJournalEntries(options.db, options.orderId);
  return {
    payments: entries.filter((entry) => entry.kind === 'payment').map((entry) => ({ source: entry.source, amount: entry.amount })),
    held: heldAmount(entries),
    refunded: entries.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amount, 0),
  };
}
