import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { lockRepayingOrders } from '../orders/index.ts';
import { replayLoan } from './loan-account-of.ts';
import { recordLoanPositions } from './post-loan-event.ts';
import { selectInstalments, selectJournalEntriesOfOrders, selectOrderIdsPastDue } from './repayments-repository.ts';

const BATCH = 100;

/**
 * The daily overdue run for `today` (Taipei): every repaying order with something owed
 * on an instalment due before today is replayed from its journal to today
 * (domain/loan-account: overdue interest at the contract rate at most, the cap on the
 * whole), its instalments show today's figures and it is 已逾期. Batches of orders are
 * found from the unsettled instalments past due and locked by orders (FOR UPDATE SKIP
 * LOCKED), each batch in its own transaction, so instances running it together share
 * the work; a batch reads its orders' instalments and journals in one query each and
 * writes the changed instalments in one statement (an order falling overdue adds its
 * state change). A replay, not an addition: a second run on the same day
 * changes nothing. Answers how many orders it changed.
 */
export async function markOverdue(options: { db: Db; today: CalendarDate; at: Date; capPercent: number }): Promise<number> {
  const { today, at, capPercent } = options;
  let afterId = 0;
  let changedOrders = 0;
  for (;;) {
    const batch = await options.db.transaction(async (tx) => {
      const candidates = await selectOrderIdsPastDue(tx, { today, afterId, limit: BATCH });
      if (candidates.length === 0) return null;
      const orders = (await lockRepayingOrders({ db: tx, orderIds: candidates })).filter((order) => order.disbursedOn);
      const ids = orders.map((order) => order.id);
      // Statements per batch, not per order: at a lender's volume the run's time is round trips.
      const [instalments, journals] = await Promise.all([selectInstalments(tx, ids), selectJournalEntriesOfOrders(tx, ids)]);
      const replayed = orders.map((order) => {
        const rows = instalments.filter((instalment) => instalment.orderId === order.id);
        const books = replayLoan({
          order,
          disbursedOn: order.disbursedOn!,
          rows,
          entries: journals.get(order.id) ?? [],
          today,
          capPercent,
        });
        return { orderId: order.id, state: order.state, rows, account: books.account };
      });
      const changed = await recordLoanPositions({ db: tx, orders: replayed, at, cause: 'overdue-job', detail: { today } });
      return { lastId: candidates.at(-1)!, changed };
    });
    if (!batch) return changedOrders;
    afterId = batch.lastId;
    changedOrders += batch.changed;
  }
}
