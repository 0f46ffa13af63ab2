import type { Money } from './money.ts';

/** How interest is computed; each has its own schedule strategy (loan-schedule/). */
export type InterestMethod = 'singleRepayment' | 'equalInstalments';

/**
 * A fee the lender requires: a fixed amount plus a share of the principal. It is
 * disclosed, due with a repayment (never deducted at payout) and counted in the APR.
 */
export interface FeeRule {
  code: string;
  name: string;
  fixed: Money;
  percentOfPrincipal: number;
}

/** 展期 of a single-repayment loan (PRODUCT.md "Extension"). */
export interface ExtensionTerms {
  /** Days the due date moves per extension (default 30). */
  periodDays: number;
  /** At most this many extensions per loan (default 2). */
  maxCount: number;
  /** Paid with each extension, besides the interest accrued so far. */
  fee: FeeRule;
  /**
   * An extension can be asked from this many days before the current due date up to it.
   * The cap check assumes the earliest day, where a fee paid early costs the most.
   */
  windowDays: number;
}

export interface LoanProductTerms {
  method: InterestMethod;
  /** Contract interest rate, percent a year (2.95 = 2.95 %). */
  annualRatePercent: number;
  amount: { min: Money; max: Money; step: Money };
  /** Terms offered: days for a single repayment, months for equal instalments. */
  terms: readonly number[];
  /** Due with the first repayment. */
  fees: readonly FeeRule[];
  /** Single-repayment products only; null when the product cannot be extended. */
  extension: ExtensionTerms | null;
}
