import { DEFAULT_EXTENSION_PERIOD_DAYS, DEFAULT_MAX_EXTENSIONS } from './lending-limits.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { money } from './money.ts';

/**
 * The seeded products (PRODUCT.md "Default products"), both under the cap for every
 * amount and term they allow, extensions included (interest-cap.test.ts checks it).
 * No fee at all on the loan itself; an extension costs its accrued interest plus 0.25 %
 * of the principal.
 */
export const DEFAULT_SINGLE_REPAYMENT_PRODUCT: LoanProductTerms = {
  method: 'singleRepayment',
  annualRatePercent: 12,
  amount: { min: money(3_000), max: money(20_000), step: money(1_000) },
  terms: [90],
  fees: [],
  extension: {
    periodDays: DEFAULT_EXTENSION_PERIOD_DAYS,
    maxCount: DEFAULT_MAX_EXTENSIONS,
    fee: { code: 'extension', name: '展期手續費', fixed: money(0), percentOfPrincipal: 0.25 },
    windowDays: 7,
  },
};

export const DEFAULT_EQUAL_INSTALMENT_PRODUCT: LoanProductTerms = {
  method: 'equalInstalments',
  annualRatePercent: 12,
  amount: { min: money(10_000), max: money(100_000), step: money(1_000) },
  terms: [3, 6, 12],
  fees: [],
  extension: null,
};
