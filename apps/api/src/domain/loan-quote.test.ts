import { describe, expect, it } from 'vitest';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { priceLoan, quoteLoan } from './loan-quote.ts';
import { money } from './money.ts';

const single15: LoanProductTerms = {
  method: 'singleRepayment',
  annualRatePercent: 15,
  amount: { min: money(3_000), max: money(20_000), step: money(1_000) },
  terms: [90],
  fees: [],
  extension: null,
};

const instalments12WithFee = (fixed: number): LoanProductTerms => ({
  method: 'equalInstalments',
  annualRatePercent: 12,
  amount: { min: money(10_000), max: money(100_000), step: money(1_000) },
  terms: [3, 6, 12],
  fees: [{ code: 'service', name: '手續費', fixed: money(fixed), percentOfPrincipal: 0 }],
  extension: null,
});

// Expected figures computed independently (Python, Decimal, ROUND_HALF_UP; IRR by bisection).
describe('a quote', () => {
  it('quote_singleRepayment_principal10000_days90_rate15_noFees_today20250101: the whole quote, APR 15.01', () => {
    expect(quoteLoan({ terms: single15, amount: money(10_000), term: 90, today: '2025-01-01' })).toEqual({
      ok: true,
      quote: {
        principal: 10_000,
        amountReceived: 10_000,
        interest: 370,
        fees: [],
        totalRepayment: 10_370,
        instalments: [{ number: 1, dueDate: '2025-04-01', principal: 10_000, interest: 370, fee: 0, total: 10_370 }],
        apr: 15.01,
        aprBaseDate: '2025-01-01',
      },
    });
  });

  it('quote_singleRepayment_principal3000_days90_rate12_fee20: the fee is due with the repayment, nothing taken at payout; APR 14.74', () => {
    const terms: LoanProductTerms = {
      ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      fees: [{ code: 'service', name: '手續費', fixed: money(20), percentOfPrincipal: 0 }],
    };
    expect(quoteLoan({ terms, amount: money(3_000), term: 90, today: '2025-01-01' })).toEqual({
      ok: true,
      quote: {
        principal: 3_000,
        amountReceived: 3_000,
        interest: 89,
        fees: [{ code: 'service', name: '手續費', amount: 20 }],
        totalRepayment: 3_109,
        instalments: [{ number: 1, dueDate: '2025-04-01', principal: 3_000, interest: 89, fee: 20, total: 3_109 }],
        apr: 14.74,
        aprBaseDate: '2025-01-01',
      },
    });
  });

  it('quote_equalInstalments_principal10000_months3_rate12_fee20_today20250131: month-end dates, fee on the first row, APR 13.22', () => {
    expect(quoteLoan({ terms: instalments12WithFee(20), amount: money(10_000), term: 3, today: '2025-01-31' })).toEqual({
      ok: true,
      quote: {
        principal: 10_000,
        amountReceived: 10_000,
        interest: 201,
        fees: [{ code: 'service', name: '手續費', amount: 20 }],
        totalRepayment: 10_221,
        instalments: [
          { number: 1, dueDate: '2025-02-28', principal: 3_300, interest: 100, fee: 20, total: 3_420 },
          { number: 2, dueDate: '2025-03-31', principal: 3_333, interest: 67, fee: 0, total: 3_400 },
          { number: 3, dueDate: '2025-04-30', principal: 3_367, interest: 34, fee: 0, total: 3_401 },
        ],
        apr: 13.22,
        aprBaseDate: '2025-01-31',
      },
    });
  });

  it('quote_equalInstalments_principal10000_months3_rate12_noFees: APR 12.02 (dollar rounding), 6 months 12.00', () => {
    const three = quoteLoan({ terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT, amount: money(10_000), term: 3, today: '2025-01-31' });
    const six = quoteLoan({ terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT, amount: money(10_000), term: 6, today: '2025-01-31' });
    expect(three.ok && three.quote.apr).toBe(12.02);
    expect(six.ok && six.quote.apr).toBe(12);
  });

  it('quote_equalInstalments_principal10000_months3_rate12_fee100: APR 18.06 is over the 16 % cap, refused', () => {
    expect(quoteLoan({ terms: instalments12WithFee(100), amount: money(10_000), term: 3, today: '2025-01-31' })).toEqual({
      ok: false,
      refusals: [{ code: 'aprOverCap', apr: 18.06, capPercent: 16 }],
    });
  });

  it('the cap is configurable: the 15.01 % quote is refused under a 15 % cap', () => {
    expect(quoteLoan({ terms: single15, amount: money(10_000), term: 90, today: '2025-01-01', capPercent: 15 })).toEqual({
      ok: false,
      refusals: [{ code: 'aprOverCap', apr: 15.01, capPercent: 15 }],
    });
  });

  it('refuses an amount outside the range or off the step, and a term not offered', () => {
    const today = '2025-01-01';
    expect(quoteLoan({ terms: single15, amount: money(2_000), term: 90, today })).toEqual({
      ok: false,
      refusals: [{ code: 'amountOutOfRange', min: 3_000, max: 20_000 }],
    });
    expect(quoteLoan({ terms: single15, amount: money(3_500), term: 60, today })).toEqual({
      ok: false,
      refusals: [
        { code: 'amountOffStep', step: 1_000 },
        { code: 'termNotOffered', terms: [90] },
      ],
    });
  });

  it('prices without the product limits, keeping the unrounded APR the cap is compared with', () => {
    const { quote, aprExact } = priceLoan(single15, money(10_000), 90, '2025-01-01');
    expect(quote.apr).toBe(15.01);
    expect(aprExact).toBeCloseTo(0.1500555556, 9);
  });
});
