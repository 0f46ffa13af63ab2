import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import { money } from '../../domain/money.ts';
import { changeOrderState } from './change-order-state.ts';
import { postLoanEvent } from './post-loan-event.ts';
import { toLoanOrder } from './loan-order.ts';
import { insertInstalments, selectOrder, updateDisbursedOn as setDisbursedOn } from './orders-repository.ts';

/**
 * The money reached the borrower: 放款中 → 待還款, the schedule is written from the
 * order's terms counted from the payout date (not the application day), and the payout
 * is posted to the loan's journal, in one transaction. False when the order was not 放款中 (a repeated notification): nothing
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
    // The payout is the journal's first entry: the principal receivable against the cash paid out.
    await postLoanEvent({
      db: tx,
      orderId,
      event: { kind: 'payout', source: `payout:${orderId}`, amount: order.principal, valueDate: disbursedOn, paidOn: disbursedOn },
      at,
      today: disbursedOn,
      cause,
    });
    return true;
  });
}
