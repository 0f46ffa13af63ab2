import type { TOrderInstalment } from '@app/contract/schemas/orders.ts';
import type { TPayment } from '@app/contract/schemas/repayments.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate, type CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import type { LoanOrder } from '../orders/index.ts';
import { paymentView } from './payment-view.ts';
import { replayLoan } from './loan-account-of.ts';
import { extensionOpensOn } from './repayment-position.ts';
import {
  selectCreditKept,
  selectInstalments,
  selectJournalEntries,
  selectOrderRequests,
  selectRefundTotals,
  type OrderInstalmentRow,
} from './repayments-repository.ts';

/** What an instalment still asks for, and how the borrower sees it on `today` (the row the loan account last wrote). */
export function instalmentView(row: OrderInstalmentRow, today: CalendarDate): TOrderInstalment {
  const total = row.principal + row.interest + row.fee + row.overdueInterest;
  const paid = row.paidPrincipal + row.paidInterest + row.paidFee + row.paidOverdueInterest;
  const state = paid >= total ? 'paid' : row.dueDate < today ? 'overdue' : paid > 0 ? 'partlyPaid' : 'unpaid';
  return {
    number: row.number,
    dueDate: row.dueDate,
    principal: row.principal,
    interest: row.interest,
    fee: row.fee,
    overdueInterest: row.overdueInterest,
    total,
    paid,
    state,
  };
}

/** The instalments of several orders as the borrower sees them on `today` (the order list); an order not paid out has none. */
export async function listInstalmentViews(options: {
  db: Db;
  orderIds: readonly number[];
  today: CalendarDate;
}): Promise<Map<number, TOrderInstalment[]>> {
  const views = new Map<number, TOrderInstalment[]>();
  for (const row of await selectInstalments(options.db, options.orderIds)) {
    views.set(row.orderId, [...(views.get(row.orderId) ?? []), instalmentView(row, options.today)]);
  }
  return views;
}

export interface LoanOfOrder {
  instalments: TOrderInstalment[];
  payments: TPayment[];
  extensionsUsed: number;
  /** The borrower's money kept on the order (the journal's credit account) and what of it was paid back. */
  creditKept: number;
  creditRefunded: number;
  extensionOpensOn: CalendarDate | null;
}

/**
 * The loan account of an order as its borrower sees it: the instalments, the payment
 * requests (outside production an unpaid code names the sandbox counter where a tester
 * pays it), the extensions used, the credit kept and refunded, and the day an extension
 * can first be asked. The caller found the order (its owner's).
 */
export async function getLoanOfOrder(options: {
  db: Db;
  order: LoanOrder;
  now: Date;
  config: Pick<Config, 'ecpay'>;
}): Promise<LoanOfOrder> {
  const { db, order, now } = options;
  const today = taipeiCalendarDate(now);
  const [rows, requests, entries, kept, refunded] = await Promise.all([
    selectInstalments(db, [order.id]),
    selectOrderRequests(db, order.id),
    selectJournalEntries(db, order.id),
    selectCreditKept(db, { orderIds: [order.id] }),
    selectRefundTotals(db, [order.id]),
  ]);
  const instalments = rows.map((row) => instalmentView(row, today));
  const repaying = (REPAYING_ORDER_STATES as readonly string[]).includes(order.state);
  const sandbox = options.config.ecpay === undefined;
  const payments = requests.map((row) => withSandboxCounter(paymentView(row, now, order.state === '已結清'), sandbox));
  const extension = order.terms.method === 'singleRepayment' ? order.terms.extension : null;
  const nextDue = repaying ? instalments.find((row) => row.state !== 'paid')?.dueDate : undefined;
  return {
    instalments,
    payments,
    // The extensions the loan account counts: one paid after the loan was paid off (a payoff valued earlier) lapsed.
    extensionsUsed: order.disbursedOn
      ? replayLoan({ order, disbursedOn: order.disbursedOn, rows, entries, today }).account.extensionsTaken
      : 0,
    creditKept: kept[0]?.kept ?? 0,
    creditRefunded: refunded.get(order.id) ?? 0,
    extensionOpensOn: extension && nextDue ? extensionOpensOn(nextDue, extension.windowDays, today) : null,
  };
}

/** Outside production (the sandbox gateway), an unpaid code or account names the sandbox counter where a tester pays it. */
export function withSandboxCounter(payment: TPayment, sandbox: boolean): TPayment {
  const code = payment.storeCode ?? payment.virtualAccount?.account ?? null;
  if (!sandbox || payment.state !== 'pending' || code === null) return payment;
  return { ...payment, sandboxPayUrl: `/sandbox/${payment.channel}?code=${encodeURIComponent(code)}` };
}
