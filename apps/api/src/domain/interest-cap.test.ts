import { describe, expect, it } from 'vitest';
import { checkLoanProduct } from './interest-cap.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { money } from './money.ts';

const today = '2025-01-31';

describe('the product check against the cap', () => {
  it('accepts both default products, extensions included', () => {
    expect(checkLoanProduct(DEFAULT_SINGLE_REPAYMENT_PRODUCT, { today })).toEqual([]);
    expect(checkLoanProduct(DEFAULT_EQUAL_INSTALMENT_PRODUCT, { today })).toEqual([]);
  });

  it('singleRepayment_fixedFee100_amounts3000to20000_days90_rate12: refused at the smallest amount, where the fixed fee weighs most (25.55 %)', () => {
    const terms: LoanProductTerms = {
      ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      fees: [{ code: 'service', name: '手續費', fixed: money(100), percentOfPrincipal: 0 }],
      extension: null,
    };
    // (89 + 100) / 3000 × 365 / 90 = 25.55 %; at 20,000 it is (592 + 100) / 20000 × 365 / 90 = 14.03 %.
    expect(checkLoanProduct(terms, { today })).toEqual([{ code: 'aprOverCap', amount: 3_000, term: 90, apr: 25.55, capPercent: 16 }]);
  });

  it('equalInstalments_fee100_months3_6_12: refused for every term — paid off at the end of a 28-day first period, NT$100 of interest and NT$100 of fee on NT$10,000 is 26.07 % (the schedules alone: 3 months 18.06 %, 6 months 15.47 %)', () => {
    const terms: LoanProductTerms = {
      ...DEFAULT_EQUAL_INSTALMENT_PRODUCT,
      fees: [{ code: 'service', name: '手續費', fixed: money(100), percentOfPrincipal: 0 }],
    };
    expect(checkLoanProduct(terms, { today })).toEqual(
      [3, 6, 12].map((term) => ({ code: 'aprOverCap', amount: 10_000, term, apr: 26.07, capPercent: 16 })),
    );
  });

  it('equalInstalments_fee0.2percent: accepted — the first period with its fee stays under the cap (1.2 % in 28 days: 15.64 %)', () => {
    const terms: LoanProductTerms = {
      ...DEFAULT_EQUAL_INSTALMENT_PRODUCT,
      fees: [{ code: 'account', name: '帳戶管理費', fixed: money(0), percentOfPrincipal: 0.2 }],
    };
    expect(checkLoanProduct(terms, { today })).toEqual([]);
    expect(checkLoanProduct({ ...terms, fees: [{ ...terms.fees[0]!, percentOfPrincipal: 0.25 }] }, { today })).toHaveLength(3);
  });

  it('singleRepayment_rate14_extensionFee1percent: the loan alone is under the cap, twice extended it is not', () => {
    const terms: LoanProductTerms = {
      ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      annualRatePercent: 14,
      extension: {
        periodDays: 30,
        maxCount: 2,
        windowDays: 7,
        fee: { code: 'extension', name: '展期手續費', fixed: money(0), percentOfPrincipal: 1 },
      },
    };
    const problems = checkLoanProduct(terms, { today });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'extendedAprOverCap', term: 90, capPercent: 16 });
    // (interest for 150 days at 14 % + 2 × 1 %) / 150 days: about 18.9 % a year.
    expect(problems[0]?.code === 'extendedAprOverCap' && problems[0].apr).toBeGreaterThan(18.8);
  });

  it('refuses a term under 61 days, an extension on an instalment product, and a bad amount range', () => {
    expect(checkLoanProduct({ ...DEFAULT_SINGLE_REPAYMENT_PRODUCT, terms: [60, 90] }, { today })).toEqual([
      { code: 'termTooShort', term: 60, days: 60, minTermDays: 61 },
    ]);
    expect(
      checkLoanProduct({ ...DEFAULT_EQUAL_INSTALMENT_PRODUCT, extension: DEFAULT_SINGLE_REPAYMENT_PRODUCT.extension }, { today }),
    ).toEqual([{ code: 'extensionNotAllowed' }]);
    expect(
      checkLoanProduct(
        { ...DEFAULT_EQUAL_INSTALMENT_PRODUCT, amount: { min: money(5_000), max: money(1_000), step: money(1_000) } },
        { today },
      ),
    ).toEqual([{ code: 'invalidAmountRange' }]);
  });

  it('the cap is configurable: under a 12 % cap the default single product is refused (12.03 % at NT$3,000 from dollar rounding)', () => {
    expect(checkLoanProduct({ ...DEFAULT_SINGLE_REPAYMENT_PRODUCT, extension: null }, { today, capPercent: 12 })).toEqual([
      { code: 'aprOverCap', amount: 3_000, term: 90, apr: 12.03, capPercent: 12 },
    ]);
  });
});
