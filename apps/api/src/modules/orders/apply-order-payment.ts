import type { Db } from '../../db/client.ts';
import { quotePayoff } from '../../domain/early-payoff.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money, type Money } from '../../domain/money.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { allocatePayment, instalmentOwed, totalOwed, type InstalmentAllocation } from '../../domain/payment-allocation.ts';
import { changeOrderState } from './change-order-state.ts';
import { toInstalmentBalance } from './order-instalment.ts';
import { selectInstalments, selectOrderForUpdate, updateInstalment } from './orders-repository.ts';

export interface AppliedPayment {
  allocated: Money;
  creditKept: Money;
  allocations: InstalmentAllocation[];
  /** The payment paid the loan off: the order is now 已結清. */
  settled: boolean;
  /** The payoff was honoured: the interest of later periods was removed before allocating. */
  paidOff: boolean;
}

/**
 * Records money received on an order, in the caller's transaction: the order row is
 * locked (payments on one order queue), the amount is spread over the instalments oldest
 * first (overdue interest, interest, fees, principal; domain/payment-allocation), what is
 * left once nothing is owed is answered as a credit to keep, and the order settles
 * (已結清) when nothing is owed, or returns from 已逾期 to 待還款 when nothing past due is.
 *
 * With `payoff`, and when the amount covers the payoff on that day (domain/early-payoff),
 * the schedule is first cut to interest up to that day. On an order that is not repaying
 * (settled meanwhile) the whole amount is kept as credit.
 */
export async function applyOrderPayment(options: {
  db: Db;
  orderId: number;
  amount: Money;
  at: Date;
  today: CalendarDate;
  payoff?: { on: CalendarDate; interestFrom: CalendarDate } | undefined;
  cause: string;
  detail?: Record<string, unknown>;
}): Promise<AppliedPayment> {
  const { db, orderId, amount, at, today, payoff } = options;
  const order = await selectOrderForUpdate(db, orderId);
  if (!order) throw new Error(`order ${orderId} not found`);
  const nothing: AppliedPayment = { allocated: money(0), creditKept: amount, allocations: [], settled: false, paidOff: false };
  if (!(REPAYING_ORDER_STATES as readonly string[]).includes(order.state) || !order.terms) return nothing;

  const rows = await selectInstalments(db, [orderId]);
  const byNumber = new Map(rows.map((row) => [row.number, row]));
  let balances = rows.map(toInstalmentBalance);

  let paidOff = false;
  if (payoff) {
    const quote = quotePayoff({ annualRatePercent: order.terms.annualRatePercent, instalments: balances, interestFrom: payoff.interestFrom, today: payoff.on });
    if (amount >= quote.amount) {
      balances = quote.replanned;
      paidOff = true;
    }
  }

  const result = allocatePayment(balances, amount);
  for (const balance of result.instalments) {
    const row = byNumber.get(balance.number);
    if (!row) continue;
    const changed =
      balance.interest !== row.interest ||
      balance.paidPrincipal !== row.paidPrincipal ||
      balance.paidInterest !== row.paidInterest ||
      balance.paidFee !== row.paidFee ||
      balance.paidOverdueInterest !== row.paidOverdueInterest;
    if (!changed) continue;
    await updateInstalment(db, row.id, {
      interest: balance.interest,
      paidPrincipal: balance.paidPrincipal,
      paidInterest: balance.paidInterest,
      paidFee: balance.paidFee,
      paidOverdueInterest: balance.paidOverdueInterest,
      settledAt: instalmentOwed(balance) === 0 ? (row.settledAt ?? at) : null,
    });
  }

  const detail = { ...options.detail, allocated: result.allocated, creditKept: result.creditKept };
  let settled = false;
  if (totalOwed(result.instalments) === 0) {
    settled = await changeOrderState({ db, orderId, from: REPAYING_ORDER_STATES, to: '已結清', cause: options.cause, at, detail });
  } else if (order.state === '已逾期' && !result.instalments.some((row) => row.dueDate < today && instalmentOwed(row) > 0)) {
    await changeOrderState({ db, orderId, from: ['已逾期'], to: '待還款', cause: options.cause, at, detail });
  }
  return { allocated: result.allocated, creditKept: result.creditKept, allocations: result.allocations, settled, paidOff };
}
