import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import { money } from '../../domain/money.ts';
import { changeOrderState, getOrder } from '../orders/index.ts';
import { postLoanEvent } from './post-loan-event.ts';
import { insertInstalments } from './repayments-repository.ts';

/**
 * The money reached the borrower and the loan account opens: the order moves 放款中 →
 * 待還款 with its payout date (orders), the schedule is written from the order's terms
 * counted from the payout date (not the application day), and the payout is the
 * journal's first entry — one transaction (the caller's, when it runs in one: the payout
 * notification settles the payout row with it). False when the order was not 放款中 (a
 * repeated notification): nothing changes.
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
    const changed = await changeOrderState({
      db: tx,
      orderId,
      from: ['放款中'],
      to: '待還款',
      cause,
      at,
      detail: { ...detail, disbursedOn },
      disbursedOn,
    });
    if (!changed) return false;
    const order = await getOrder({ db: tx, orderId });
    if (!order) throw new Error(`order ${orderId} vanished`);
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
