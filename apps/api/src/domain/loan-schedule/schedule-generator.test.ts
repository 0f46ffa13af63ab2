import { describe, expect, it } from 'vitest';
import type { InterestMethod } from '../loan-product-terms.ts';
import { money } from '../money.ts';
import { dueDates } from './due-dates.ts';
import { scheduleGeneratorFor } from './schedule-generator.ts';

type Row = [number: number, dueDate: string, principal: number, interest: number, total: number];

function table(method: InterestMethod, principal: number, annualRatePercent: number, term: number, startDate: string): Row[] {
  return scheduleGeneratorFor(method)
    .generate({ principal: money(principal), annualRatePercent, startDate, dueDates: dueDates(method, startDate, term) })
    .map((row) => [row.number, row.dueDate, row.principal, row.interest, row.total]);
}

// Expected tables computed independently (Python, Decimal, ROUND_HALF_UP).
describe('single repayment, actual/365', () => {
  it('singleRepayment_principal10000_days90_rate15: 10000 × 15 % × 90 / 365 = 369.86 → 370', () => {
    expect(table('singleRepayment', 10_000, 15, 90, '2025-01-01')).toEqual([[1, '2025-04-01', 10_000, 370, 10_370]]);
  });

  it('singleRepayment_principal3000_days90_rate12: 88.77 → 89', () => {
    expect(table('singleRepayment', 3_000, 12, 90, '2025-01-01')).toEqual([[1, '2025-04-01', 3_000, 89, 3_089]]);
  });

  it('singleRepayment_principal20000_days91_rate14_acrossLeapDay: 20000 × 14 % × 91 / 365 = 698.08 → 698', () => {
    expect(table('singleRepayment', 20_000, 14, 91, '2024-02-01')).toEqual([[1, '2024-05-02', 20_000, 698, 20_698]]);
  });

  it('singleRepayment_principal5000_days73_rate10: exactly 100', () => {
    expect(table('singleRepayment', 5_000, 10, 73, '2025-06-30')).toEqual([[1, '2025-09-11', 5_000, 100, 5_100]]);
  });
});

describe('equal instalments (等額本息), monthly rate', () => {
  it('equalInstalments_principal10000_months3_rate12_startJan31: month-end dates, the last row absorbs rounding', () => {
    expect(table('equalInstalments', 10_000, 12, 3, '2025-01-31')).toEqual([
      [1, '2025-02-28', 3_300, 100, 3_400],
      [2, '2025-03-31', 3_333, 67, 3_400],
      [3, '2025-04-30', 3_367, 34, 3_401],
    ]);
  });

  it('equalInstalments_principal100000_months12_rate10', () => {
    expect(table('equalInstalments', 100_000, 10, 12, '2025-03-15')).toEqual([
      [1, '2025-04-15', 7_959, 833, 8_792],
      [2, '2025-05-15', 8_025, 767, 8_792],
      [3, '2025-06-15', 8_092, 700, 8_792],
      [4, '2025-07-15', 8_159, 633, 8_792],
      [5, '2025-08-15', 8_227, 565, 8_792],
      [6, '2025-09-15', 8_296, 496, 8_792],
      [7, '2025-10-15', 8_365, 427, 8_792],
      [8, '2025-11-15', 8_435, 357, 8_792],
      [9, '2025-12-15', 8_505, 287, 8_792],
      [10, '2026-01-15', 8_576, 216, 8_792],
      [11, '2026-02-15', 8_647, 145, 8_792],
      [12, '2026-03-15', 8_714, 73, 8_787],
    ]);
  });

  it('equalInstalments_principal10000_months6_rate0: no interest, the last row takes the odd dollars', () => {
    expect(table('equalInstalments', 10_000, 0, 6, '2024-08-31')).toEqual([
      [1, '2024-09-30', 1_667, 0, 1_667],
      [2, '2024-10-31', 1_667, 0, 1_667],
      [3, '2024-11-30', 1_667, 0, 1_667],
      [4, '2024-12-31', 1_667, 0, 1_667],
      [5, '2025-01-31', 1_667, 0, 1_667],
      [6, '2025-02-28', 1_665, 0, 1_665],
    ]);
  });

  it.each([
    [10_000, 12, 3],
    [10_000, 15.5, 6],
    [99_999, 13.99, 12],
    [400_000, 2.95, 60],
  ])('equalInstalments_principal%i_rate%d_months%i: principal sums exactly, every balance is repaid', (principal, rate, months) => {
    const rows = table('equalInstalments', principal, rate, months, '2025-01-31');
    expect(rows.reduce((sum, row) => sum + row[2], 0)).toBe(principal);
    expect(rows.every((row) => row[2] > 0 && row[4] === row[2] + row[3])).toBe(true);
  });
});
