import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import { money } from '../../domain/money.ts';
import { changeOrderState } from './change-order-state.ts';
import { toLoanOrder } from './loan-order.ts';
import { insertInstalments, selectOrder, updateDisbursedOn as setDisbursedOn } from './orders-repository.ts';

/**
 * The money reached the borrower: 放款中 → 待還款, and the schedule is written from the
 * order's terms counted from the payout date (not the application day), in one
 * transaction. False when the order was not 放款中 (a repeated notification): nothing
 * changes.
 */
export async function startRepayment(options: {
  db: Db;
  orderId: number;
  disbursedOn: CalendarDate;
  at: Date;
  cause: string;
  detail?: Record<string, unknown>;
}): Promise<boolean> {
  const { orderId, disbursedOn, at, cause, detail } = options;
  return options.db.transaction(async (tx) => {
    const changed = await changeOrderState({ db: tx, orderId, from: ['放款中'], to: '待還款', cause, at, detail: { ...detail, disbursedOn } });
    if (!changed) return false;
    const row = await selectOrder(tx, orderId);
    if (!row) throw new Error(`order ${orderId} vanished`);
    const order = toLoanOrder(row);
    const { quote } = priceLoan(order.terms, money(order.principal), order.term, disbursedOn);
    await insertInstalments(
      tx,
      quote.instalments.map((instalment) => ({
        orderId,
        number: instalment.number,
        dueDate: instalment.dueDate,
        principal: instalment.principal,
        interest: instalment.interest,
        fee: instalment.fee,
      })),
    );
    await setDisbursedOn(tx, orderId, disbursedOn);
    return true;
  });
}
