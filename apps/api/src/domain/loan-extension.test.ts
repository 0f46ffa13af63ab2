import { describe, expect, it } from 'vitest';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import { extendedLoanPlan, extensionTrial, quoteExtension, worstExtendedLoanApr } from './loan-extension.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { money } from './money.ts';

/** 10,000 for 90 days at 12 %, extension NT$50, 30 days, at most 2, from 7 days before the due date. */
const terms: LoanProductTerms = {
  ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
  extension: {
    periodDays: 30,
    maxCount: 2,
    windowDays: 7,
    fee: { code: 'extension', name: '展期手續費', fixed: money(50), percentOfPrincipal: 0 },
  },
};
const principal = money(10_000);

// Expected figures computed independently (Python, Decimal, ROUND_HALF_UP; daily IRR by bisection).
describe('an extension (展期)', () => {
  it('extension_principal10000_rate12_onDueDate20250401: 90 days of interest (295.89 → 296) plus the fee, due date +30 days', () => {
    expect(
      extensionTrial({ terms, principal, interestFrom: '2025-01-01', currentDueDate: '2025-04-01', extensionsTaken: 0, on: '2025-04-01' }),
    ).toEqual({
      ok: true,
      trial: { accruedInterest: 296, fee: 50, payment: 346, newDueDate: '2025-05-01' },
    });
  });

  it('extension_sevenDaysEarly_20250325: 83 days of interest (272.88 → 273); the due date still moves from the current one', () => {
    expect(
      extensionTrial({ terms, principal, interestFrom: '2025-01-01', currentDueDate: '2025-04-01', extensionsTaken: 0, on: '2025-03-25' }),
    ).toEqual({
      ok: true,
      trial: { accruedInterest: 273, fee: 50, payment: 323, newDueDate: '2025-05-01' },
    });
  });

  it('is refused before its window, after the due date, beyond the maximum, and on an instalment loan', () => {
    const base = { terms, principal, interestFrom: '2025-01-01', currentDueDate: '2025-04-01', extensionsTaken: 0 };
    expect(extensionTrial({ ...base, on: '2025-03-24' })).toEqual({ ok: false, reason: 'outsideWindow' });
    expect(extensionTrial({ ...base, on: '2025-04-02' })).toEqual({ ok: false, reason: 'outsideWindow' });
    expect(extensionTrial({ ...base, extensionsTaken: 2, on: '2025-04-01' })).toEqual({ ok: false, reason: 'maxExtensionsReached' });
    expect(extensionTrial({ ...base, terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT, on: '2025-04-01' })).toEqual({
      ok: false,
      reason: 'notExtendable',
    });
  });
});

describe('the cumulative APR of an extended loan', () => {
  it('extendedTwice_onDueDates_principal10000_days90_rate12_fee50: every payment; APR is the simple rate 14.454 % (daily IRR 14.27 %)', () => {
    const plan = extendedLoanPlan({ terms, principal, startDate: '2025-01-01', termDays: 90, extendOn: ['2025-04-01', '2025-05-01'] });
    expect(plan.payments).toEqual([
      { on: '2025-04-01', interest: 296, fee: 50, principal: 0, amount: 346 },
      { on: '2025-05-01', interest: 99, fee: 50, principal: 0, amount: 149 },
      { on: '2025-05-31', interest: 99, fee: 0, principal: 10_000, amount: 10_099 },
    ]);
    expect(plan.finalDueDate).toBe('2025-05-31');
    expect(plan.apr).toBeCloseTo(0.14454, 10);
  });

  it('extendedTwice_earliestInWindow: same total, paid earlier; daily IRR 14.29 % still under the simple rate 14.454 %', () => {
    const plan = extendedLoanPlan({ terms, principal, startDate: '2025-01-01', termDays: 90, extendOn: ['2025-03-25', '2025-04-24'] });
    expect(plan.payments).toEqual([
      { on: '2025-03-25', interest: 273, fee: 50, principal: 0, amount: 323 },
      { on: '2025-04-24', interest: 99, fee: 50, principal: 0, amount: 149 },
      { on: '2025-05-31', interest: 122, fee: 0, principal: 10_000, amount: 10_122 },
    ]);
    expect(plan.apr).toBeCloseTo(0.14454, 10);
  });

  it('the worst case over 0-2 extensions is the twice-extended loan, 14.454 %', () => {
    const worst = worstExtendedLoanApr({ terms, principal, startDate: '2025-01-01', termDays: 90 });
    expect(worst.apr).toBeCloseTo(0.14454, 10);
    expect(worst.extendOn).toHaveLength(2);
  });

  it('refuses a plan whose extension falls outside the rules', () => {
    expect(() => extendedLoanPlan({ terms, principal, startDate: '2025-01-01', termDays: 90, extendOn: ['2025-03-01'] })).toThrow(
      /outsideWindow/,
    );
  });
});

describe('the extension trial shown to the borrower', () => {
  const loan = { terms, principal, startDate: '2025-01-01', termDays: 90 };

  it('extensionQuote_second_on20250501: its payment, the new due date, the final repayment and the cumulative APR 14.45', () => {
    expect(quoteExtension({ ...loan, previousExtensions: ['2025-04-01'], on: '2025-05-01' })).toEqual({
      ok: true,
      trial: { accruedInterest: 99, fee: 50, payment: 149, newDueDate: '2025-05-31' },
      apr: 14.45,
      finalPayment: { on: '2025-05-31', interest: 99, fee: 0, principal: 10_000, amount: 10_099 },
    });
  });

  it('extensionQuote_third: refused, the product allows two', () => {
    expect(quoteExtension({ ...loan, previousExtensions: ['2025-04-01', '2025-05-01'], on: '2025-05-31' })).toEqual({
      ok: false,
      reason: 'maxExtensionsReached',
    });
  });

  it('extensionQuote_underA14PercentCap: refused when the cumulative APR (14.45 %) is over the cap', () => {
    expect(quoteExtension({ ...loan, previousExtensions: ['2025-04-01'], on: '2025-05-01', capPercent: 14 })).toEqual({
      ok: false,
      reason: 'aprOverCap',
      apr: 14.45,
    });
  });
});
