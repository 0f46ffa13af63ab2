import type { Db } from '../../db/client.ts';
import { checkLoanBooks, journalReceipts, type BooksDifference } from '../orders/check-loan-books.ts';
import { selectJournalOrderIdsForCheck, selectNotificationsOfOrder, selectOrderRequests } from './repayments-repository.ts';

/**
 * The books against the outside world: the journal checked on its own (orders'
 * checkLoanBooks), then, per order, the money it says came in against what the gateways
 * notified (credited notifications, one payment each) and the transfers operators
 * confirmed, and the money it holds against the notifications still held. Each
 * difference is answered; none when the books are right (`npm run operator -- check-books`).
 */
export async function checkBooks(options: { db: Db; orderIds?: readonly number[] }): Promise<BooksDifference[]> {
  const { db } = options;
  const differences = await checkLoanBooks(options);
  for (const orderId of options.orderIds ?? (await selectJournalOrderIdsForCheck(db))) {
    const [receipts, notifications, requests] = await Promise.all([journalReceipts({ db, orderId }), selectNotificationsOfOrder(db, orderId), selectOrderRequests(db, orderId)]);
    const fromGateways = receipts.payments.filter((payment) => !payment.source.startsWith('manual:')).reduce((sum, payment) => sum + payment.amount, 0);
    const notified = notifications.filter((row) => row.outcome === 'credited').reduce((sum, row) => sum + row.amount, 0);
    if (fromGateways !== notified) differences.push({ orderId, what: 'gateway payments', expected: notified, found: fromGateways });
    const manual = receipts.payments.filter((payment) => payment.source.startsWith('manual:')).reduce((sum, payment) => sum + payment.amount, 0);
    const confirmed = requests.filter((row) => row.channel === 'manual' && row.state === 'paid').reduce((sum, row) => sum + row.amount, 0);
    if (manual !== confirmed) differences.push({ orderId, what: 'confirmed transfers', expected: confirmed, found: manual });
    const stillHeld = notifications.filter((row) => row.outcome === 'held').reduce((sum, row) => sum + row.amount, 0);
    if (receipts.held !== stillHeld) differences.push({ orderId, what: 'held', expected: stillHeld, found: receipts.held });
  }
  return differences;
}
