import { aprPercent, periodicApr, singleRepaymentApr } from './apr.ts';
import { APR_CAP_PERCENT, exceedsAprCap } from './lending-limits.ts';
import { daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { dueDates } from './loan-schedule/due-dates.ts';
import { scheduleGeneratorFor } from './loan-schedule/schedule-generator.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { addMoney, money, percentOf, sumMoney, ZERO, type Money } from './money.ts';

export interface QuotedFee {
  code: string;
  name: string;
  amount: Money;
}

export interface QuotedInstalment {
  number: number;
  dueDate: CalendarDate;
  principal: Money;
  interest: Money;
  fee: Money;
  total: Money;
}

/** Everything a borrower must see before signing (PRODUCT.md "Full cost before signing"). */
export interface LoanQuote {
  principal: Money;
  /** Always the whole principal: nothing is deducted at payout. */
  amountReceived: Money;
  interest: Money;
  fees: QuotedFee[];
  totalRepayment: Money;
  instalments: QuotedInstalment[];
  /** 總費用年百分率 in percent, half up to 0.01 (3.35 = 3.35 %). */
  apr: number;
  /** The day the example is computed for (the footnote's base date). */
  aprBaseDate: CalendarDate;
}

export type QuoteRefusal =
  | { code: 'amountOutOfRange'; min: Money; max: Money }
  | { code: 'amountOffStep'; step: Money }
  | { code: 'termNotOffered'; terms: readonly number[] }
  | { code: 'aprOverCap'; apr: number; capPercent: number };

export type QuoteResult = { ok: true; quote: LoanQuote } | { ok: false; refusals: QuoteRefusal[] };

/**
 * The quote for `amount` over `term` (days or months, by the product's method) paid out
 * `today`, without checking the product's limits; `aprExact` is the unrounded fraction
 * the cap is compared with. Fees fall due with the first instalment: nothing is taken at
 * payout, and the earliest repayment is where a fee weighs most in the APR, so the
 * disclosed rate is never flattered.
 */
export function priceLoan(
  terms: LoanProductTerms,
  amount: Money,
  term: number,
  today: CalendarDate,
): { quote: LoanQuote; aprExact: number } {
  const principal = money(amount);
  const dates = dueDates(terms.method, today, term);
  const rows = scheduleGeneratorFor(terms.method).generate({
    principal,
    annualRatePercent: terms.annualRatePercent,
    startDate: today,
    dueDates: dates,
  });
  const fees = terms.fees.map((rule) => ({
    code: rule.code,
    name: rule.name,
    amount: addMoney(rule.fixed, percentOf(principal, rule.percentOfPrincipal)),
  }));
  const feeTotal = sumMoney(fees.map((fee) => fee.amount));
  const instalments = rows.map((row, index): QuotedInstalment => {
    const fee = index === 0 ? feeTotal : ZERO;
    return {
      number: row.number,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      fee,
      total: addMoney(row.total, fee),
    };
  });
  const totalRepayment = sumMoney(instalments.map((row) => row.total));
  const aprExact =
    terms.method === 'singleRepayment'
      ? singleRepaymentApr({ received: principal, repaid: totalRepayment, days: daysBetween(today, dates[0] ?? today) })
      : periodicApr({ received: principal, payments: instalments.map((row) => row.total), periodsPerYear: 12 });
  return {
    quote: {
      principal,
      amountReceived: principal,
      interest: sumMoney(instalments.map((row) => row.interest)),
      fees,
      totalRepayment,
      instalments,
      apr: aprPercent(aprExact),
      aprBaseDate: today,
    },
    aprExact,
  };
}

/** A quote within the product's amounts and terms, refused when its APR is over the cap. */
export function quoteLoan(options: {
  terms: LoanProductTerms;
  amount: Money;
  term: number;
  today: CalendarDate;
  capPercent?: number;
}): QuoteResult {
  const { terms, amount, term, today, capPercent = APR_CAP_PERCENT } = options;
  const refusals: QuoteRefusal[] = [];
  if (amount < terms.amount.min || amount > terms.amount.max)
    refusals.push({ code: 'amountOutOfRange', min: terms.amount.min, max: terms.amount.max });
  else if ((amount - terms.amount.min) % terms.amount.step !== 0) refusals.push({ code: 'amountOffStep', step: terms.amount.step });
  if (!terms.terms.includes(term)) refusals.push({ code: 'termNotOffered', terms: terms.terms });
  if (refusals.length > 0) return { ok: false, refusals };
  const { quote, aprExact } = priceLoan(terms, amount, term, today);
  if (exceedsAprCap(aprExact, capPercent)) return { ok: false, refusals: [{ code: 'aprOverCap', apr: quote.apr, capPercent }] };
  return { ok: true, quote };
}
