import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money, type Money } from '../../domain/money.ts';
import { overdueInterestOn } from '../../domain/overdue-interest.ts';
import { changeOrderState } from './change-order-state.ts';
import { toOrderInstalment } from './order-instalment.ts';
import { selectInstalments, selectOverdueOrdersForUpdate, updateInstalment } from './orders-repository.ts';

const BATCH = 100;

/**
 * The daily overdue run for `today` (Taipei): every repaying order with something owed
 * on an instalment due before today is 已逾期, and its overdue interest is brought to
 * today's figure (domain/overdue-interest: the contract rate at most, the cap on the
 * whole). Batches of orders are locked with FOR UPDATE SKIP LOCKED, each in its own
 * transaction, so instances running it together share the work. Computed from the
 * state, not added: a second run on the same day changes nothing. Answers how many
 * orders it changed.
 */
export async function markOverdue(options: {
  db: Db;
  today: CalendarDate;
  at: Date;
  capPercent: number;
  /** Extension payments (interest and fees) made on each order, for the cap. */
  extensionCosts: (db: Db, orderIds: readonly number[]) => Promise<Map<number, Money>>;
}): Promise<number> {
  const { today, at, capPercent } = options;
  let afterId = 0;
  let changedOrders = 0;
  for (;;) {
    const batch = await options.db.transaction(async (tx) => {
      const orders = await selectOverdueOrdersForUpdate(tx, { today, afterId, limit: BATCH });
      if (orders.length === 0) return null;
      const instalments = await selectInstalments(tx, orders.map((order) => order.id));
      const costs = await options.extensionCosts(tx, orders.map((order) => order.id));
      let changed = 0;
      for (const order of orders) {
        if (!order.terms || !order.disbursedOn) continue;
        const rows = instalments.filter((row) => row.orderId === order.id);
        const figures = overdueInterestOn({
          principal: money(order.principal),
          annualRatePercent: order.terms.annualRatePercent,
          disbursedOn: order.disbursedOn,
          extensionCosts: costs.get(order.id) ?? money(0),
          instalments: rows.map(toOrderInstalment),
          today,
          capPercent,
        });
        let orderChanged = false;
        for (const row of rows) {
          const figure = figures.get(row.number);
          if (figure === undefined || figure === row.overdueInterest) continue;
          await updateInstalment(tx, row.id, { overdueInterest: figure });
          orderChanged = true;
        }
        if (order.state === '待還款') {
          orderChanged = (await changeOrderState({ db: tx, orderId: order.id, from: ['待還款'], to: '已逾期', cause: 'overdue-job', at, detail: { today } })) || orderChanged;
        }
        if (orderChanged) changed += 1;
      }
      return { lastId: orders.at(-1)!.id, changed };
    });
    if (!batch) return changedOrders;
    afterId = batch.lastId;
    changedOrders += batch.changed;
  }
}
