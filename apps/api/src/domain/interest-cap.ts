import { aprPercent, singleRepaymentApr } from './apr.ts';
import { APR_CAP_PERCENT, exceedsAprCap, MIN_TERM_DAYS } from './lending-limits.ts';
import { daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { dueDates } from './loan-schedule/due-dates.ts';
import { worstExtendedLoanApr } from './loan-extension.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { priceLoan } from './loan-quote.ts';
import { money, type Money } from './money.ts';

/** Why a product configuration cannot be saved; `apr` is in percent, 2 decimals. */
export type ProductProblem =
  | { code: 'invalidAmountRange' }
  | { code: 'noTerms' }
  | { code: 'termTooShort'; term: number; days: number; minTermDays: number }
  | { code: 'extensionNotAllowed' }
  | { code: 'aprOverCap'; amount: Money; term: number; apr: number; capPercent: number }
  | { code: 'extendedAprOverCap'; amount: Money; term: number; extendOn: CalendarDate[]; apr: number; capPercent: number };

/** The shortest first period of a monthly schedule (a payout on 31 January, due 28 February). */
const SHORTEST_MONTH_DAYS = 28;

/** Beyond this many amounts per term only the ends of the range are checked. */
const MAX_AMOUNTS_CHECKED = 2_000;

/** The amounts a product allows: every step when there are few, else the two ends. */
function amountsToCheck(terms: LoanProductTerms): Money[] {
  const { min, max, step } = terms.amount;
  const count = Math.floor((max - min) / step) + 1;
  if (count > MAX_AMOUNTS_CHECKED) return [min, max];
  return Array.from({ length: count }, (_, k) => money(min + k * step));
}

/** The dearest amount of one term: alone, and with extensions taken as early as allowed (single repayment). */
export interface TermWorstCase {
  term: number;
  /** Days to the last due date from `today`. */
  days: number;
  worst: { amount: Money; apr: number } | null;
  worstExtended: { amount: Money; apr: number; extendOn: CalendarDate[] } | null;
}

/**
 * For each term a product offers, the amount whose APR (an unrounded fraction) is the
 * highest — alone, and with every extension taken as early as allowed. A fixed fee weighs
 * most on the smallest amount and dollar rounding on small ones, so every amount step is
 * priced (the range's two ends when there are very many). A term under `minTermDays` is
 * answered without prices. The amount range must be valid (checkLoanProduct checks it).
 *
 * Fees are earned over the first instalment's period (domain/loan-account, decision 0139),
 * so a loan paid off during it pays the first period's interest and fees in proportion:
 * an instalment product with fees is also priced as if paid off at the end of a first
 * period of 28 days (the shortest month), where the fee weighs most.
 */
export function worstCasesByTerm(terms: LoanProductTerms, options: { today: CalendarDate; minTermDays?: number }): TermWorstCase[] {
  const { today, minTermDays = MIN_TERM_DAYS } = options;
  return terms.terms.map((term) => {
    const lastDue = dueDates(terms.method, today, term).at(-1) ?? today;
    const days = daysBetween(today, lastDue);
    if (days < minTermDays) return { term, days, worst: null, worstExtended: null };
    let worst: TermWorstCase['worst'] = null;
    let worstExtended: TermWorstCase['worstExtended'] = null;
    for (const amount of amountsToCheck(terms)) {
      const { quote, aprExact } = priceLoan(terms, amount, term, today);
      let apr = aprExact;
      const first = quote.instalments[0];
      if (terms.method === 'equalInstalments' && first && first.fee > 0) {
        apr = Math.max(
          apr,
          singleRepaymentApr({ received: amount, repaid: amount + first.interest + first.fee, days: SHORTEST_MONTH_DAYS }),
        );
      }
      if (worst === null || apr > worst.apr) worst = { amount, apr };
      if (terms.method === 'singleRepayment' && terms.extension !== null) {
        const extended = worstExtendedLoanApr({ terms, principal: amount, startDate: today, termDays: term });
        if (worstExtended === null || extended.apr > worstExtended.apr) worstExtended = { amount, ...extended };
      }
    }
    return { term, days, worst, worstExtended };
  });
}

/**
 * Every reason a product configuration breaks the rules: a term under the minimum, or
 * any amount and term it allows whose APR — alone, or with any number of extensions
 * taken as early as allowed — is over the cap (worstCasesByTerm). APR does not depend on
 * the day, but the dates of month-end schedules do, so the caller passes its `today`.
 * Within the first period, what the schedule discloses is what a borrower following it pays.
 */
export function checkLoanProduct(
  terms: LoanProductTerms,
  options: { today: CalendarDate; capPercent?: number; minTermDays?: number },
): ProductProblem[] {
  const { today, capPercent = APR_CAP_PERCENT, minTermDays = MIN_TERM_DAYS } = options;
  const { min, max, step } = terms.amount;
  if (!(min > 0 && min <= max && step > 0 && Number.isSafeInteger(min) && Number.isSafeInteger(max) && Number.isSafeInteger(step))) {
    return [{ code: 'invalidAmountRange' }];
  }
  if (terms.terms.length === 0) return [{ code: 'noTerms' }];
  const problems: ProductProblem[] = [];
  if (terms.method !== 'singleRepayment' && terms.extension !== null) problems.push({ code: 'extensionNotAllowed' });

  for (const { term, days, worst, worstExtended } of worstCasesByTerm(terms, { today, minTermDays })) {
    if (days < minTermDays) {
      problems.push({ code: 'termTooShort', term, days, minTermDays });
      continue;
    }
    if (worst !== null && exceedsAprCap(worst.apr, capPercent)) {
      problems.push({ code: 'aprOverCap', amount: worst.amount, term, apr: aprPercent(worst.apr), capPercent });
    }
    if (worstExtended !== null && exceedsAprCap(worstExtended.apr, capPercent)) {
      problems.push({
        code: 'extendedAprOverCap',
        amount: worstExtended.amount,
        term,
        extendOn: worstExtended.extendOn,
        apr: aprPercent(worstExtended.apr),
        capPercent,
      });
    }
  }
  return problems;
}
