import { dailyCashFlowApr } from './apr.ts';
import type { LoanAccount, LoanEvent, PlannedInstalment } from './loan-account.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { priceLoan, type LoanQuote } from './loan-quote.ts';
import { daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { money } from './money.ts';

/**
 * Fee-bearing products (none is seeded): the default ones with an account fee due with the
 * first instalment, each as high as the product check lets it be (interest-cap.ts).
 */
export const FEE_SINGLE_REPAYMENT_PRODUCT: LoanProductTerms = {
  ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
  fees: [{ code: 'account', name: '帳戶管理費', fixed: money(10), percentOfPrincipal: 0.5 }],
};

export const FEE_EQUAL_INSTALMENT_PRODUCT: LoanProductTerms = {
  ...DEFAULT_EQUAL_INSTALMENT_PRODUCT,
  fees: [{ code: 'account', name: '帳戶管理費', fixed: money(0), percentOfPrincipal: 0.2 }],
};

/** The plan of a loan paid out on `disbursedOn`, as the order would store it. */
export function planOf(
  terms: LoanProductTerms,
  amount: number,
  term: number,
  disbursedOn: CalendarDate,
): { plan: PlannedInstalment[]; quote: LoanQuote } {
  const { quote } = priceLoan(terms, money(amount), term, disbursedOn);
  return {
    quote,
    plan: quote.instalments.map((row) => ({ number: row.number, dueDate: row.dueDate, principal: row.principal, fee: row.fee })),
  };
}

/**
 * The APR the borrower really paid (docs/product.md: the IRR of the real cash flows with
 * periods of one day, × 365, never below the simple rate): the payments on the days they
 * were made, less what is the borrower's own (credit kept, refunds), plus — for a loan
 * still open — its payoff today, as if paid now.
 */
export function realisedApr(options: {
  principal: number;
  disbursedOn: CalendarDate;
  events: readonly LoanEvent[];
  account: LoanAccount;
}): number {
  const byDay = new Map<CalendarDate, number>();
  for (const event of options.events) {
    if (event.kind === 'payment' && event.valueDate <= options.account.today)
      byDay.set(event.paidOn, (byDay.get(event.paidOn) ?? 0) + event.amount);
  }
  if (options.account.payoff > 0) byDay.set(options.account.today, (byDay.get(options.account.today) ?? 0) + options.account.payoff);
  // The borrower's own money (kept, or refunded) was never a cost: take it off the latest payments.
  let own = options.account.creditKept + options.account.refunded;
  const flows = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([on, amount]) => ({ on, amount }));
  for (let k = flows.length - 1; k >= 0 && own > 0; k--) {
    const off = Math.min(own, flows[k]!.amount);
    flows[k]!.amount -= off;
    own -= off;
  }
  const paid = flows.filter((flow) => flow.amount > 0);
  if (!paid.some((flow) => daysBetween(options.disbursedOn, flow.on) > 0)) {
    const total = paid.reduce((sum, flow) => sum + flow.amount, 0);
    return total > options.principal ? Number.POSITIVE_INFINITY : 0;
  }
  return dailyCashFlowApr({ received: options.principal, receivedOn: options.disbursedOn, payments: paid });
}
