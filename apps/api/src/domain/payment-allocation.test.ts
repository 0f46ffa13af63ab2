import { describe, expect, it } from 'vitest';
import { quotePayoff } from './early-payoff.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import { priceLoan } from './loan-quote.ts';
import { money } from './money.ts';
import { overdueInterestOn } from './overdue-interest.ts';
import { allocatePayment, instalmentOwed, totalOwed, type InstalmentBalance } from './payment-allocation.ts';

const unpaid = { paidPrincipal: money(0), paidInterest: money(0), paidFee: money(0), paidOverdueInterest: money(0) };

/** NT$30,000 over 6 months at 12 % (等額本息), paid out on 2030-01-31. */
function sixMonths(): InstalmentBalance[] {
  const { quote } = priceLoan(DEFAULT_EQUAL_INSTALMENT_PRODUCT, money(30_000), 6, '2030-01-31');
  return quote.instalments.map((row) => ({ ...row, overdueInterest: money(0), ...unpaid }));
}

const table = (rows: InstalmentBalance[]) =>
  rows.map((row) => [row.number, row.dueDate, row.principal, row.interest, row.overdueInterest, row.paidOverdueInterest, row.paidInterest, row.paidFee, row.paidPrincipal]);

/** credited = allocated + credit kept; nothing owed below zero. */
function expectInvariants(before: InstalmentBalance[], amount: number, result: ReturnType<typeof allocatePayment>) {
  expect(result.allocated + result.creditKept).toBe(amount);
  const paid = (rows: InstalmentBalance[]) => rows.reduce((sum, row) => sum + row.paidPrincipal + row.paidInterest + row.paidFee + row.paidOverdueInterest, 0);
  expect(paid(result.instalments) - paid(before)).toBe(result.allocated);
  for (const row of result.instalments) {
    expect(row.paidPrincipal).toBeLessThanOrEqual(row.principal);
    expect(row.paidInterest).toBeLessThanOrEqual(row.interest);
    expect(row.paidFee).toBeLessThanOrEqual(row.fee);
    expect(row.paidOverdueInterest).toBeLessThanOrEqual(row.overdueInterest);
    expect(instalmentOwed(row)).toBeGreaterThanOrEqual(0);
  }
}

describe('allocation: oldest instalment first, overdue interest, interest, fees, principal', () => {
  it('spreads two payments over a six-month schedule with overdue interest on the first', () => {
    const start = sixMonths();
    expect(table(start)).toEqual([
      [1, '2030-02-28', 4876, 300, 0, 0, 0, 0, 0],
      [2, '2030-03-31', 4925, 251, 0, 0, 0, 0, 0],
      [3, '2030-04-30', 4974, 202, 0, 0, 0, 0, 0],
      [4, '2030-05-31', 5024, 152, 0, 0, 0, 0, 0],
      [5, '2030-06-30', 5074, 102, 0, 0, 0, 0, 0],
      [6, '2030-07-31', 5127, 51, 0, 0, 0, 0, 0],
    ]);
    const late = start.map((row) => (row.number === 1 ? { ...row, overdueInterest: money(40), fee: money(100) } : row));
    const first = allocatePayment(late, money(5_000));
    expectInvariants(late, 5_000, first);
    expect(first.allocations).toEqual([{ number: 1, overdueInterest: 40, interest: 300, fee: 100, principal: 4_560 }]);
    expect(first.creditKept).toBe(0);

    const second = allocatePayment(first.instalments, money(6_000));
    expectInvariants(first.instalments, 6_000, second);
    expect(second.allocations).toEqual([
      { number: 1, overdueInterest: 0, interest: 0, fee: 0, principal: 316 },
      { number: 2, overdueInterest: 0, interest: 251, fee: 0, principal: 4_925 },
      { number: 3, overdueInterest: 0, interest: 202, fee: 0, principal: 306 },
    ]);
    expect(table(second.instalments).slice(0, 3)).toEqual([
      [1, '2030-02-28', 4876, 300, 40, 40, 300, 100, 4876],
      [2, '2030-03-31', 4925, 251, 0, 0, 251, 0, 4925],
      [3, '2030-04-30', 4974, 202, 0, 0, 202, 0, 306],
    ]);
  });

  it('keeps what is paid beyond everything owed as a credit', () => {
    const start = sixMonths();
    const owed = totalOwed(start);
    expect(owed).toBe(31_058);
    const result = allocatePayment(start, money(owed + 123));
    expectInvariants(start, owed + 123, result);
    expect(result.creditKept).toBe(123);
    expect(totalOwed(result.instalments)).toBe(0);
    const again = allocatePayment(result.instalments, money(500));
    expect(again).toMatchObject({ allocated: 0, creditKept: 500, allocations: [] });
  });
});

describe('early payoff: interest to the day (Civil Code art. 204)', () => {
  it('equal instalments: remaining principal plus interest since the last due date, later interest removed', () => {
    const [first, ...rest] = sixMonths();
    const paidFirst = [{ ...first!, paidPrincipal: first!.principal, paidInterest: first!.interest }, ...rest];
    const quote = quotePayoff({ annualRatePercent: 12, instalments: paidFirst, interestFrom: '2030-01-31', today: '2030-03-10' });
    // 25,124 outstanding × 12 % × 10 days (28 Feb → 10 Mar) / 365 = 82.6 → 83.
    expect(quote).toMatchObject({ amount: 25_207, principal: 25_124, interest: 83, fee: 0, overdueInterest: 0, interestSaved: 675, interestUntil: '2030-03-10' });
    expect(quote.replanned.map((row) => [row.number, row.principal, row.interest])).toEqual([
      [1, 4876, 300],
      [2, 4925, 83],
      [3, 4974, 0],
      [4, 5024, 0],
      [5, 5074, 0],
      [6, 5127, 0],
    ]);
    const paid = allocatePayment(quote.replanned, quote.amount);
    expectInvariants(quote.replanned, quote.amount, paid);
    expect(totalOwed(paid.instalments)).toBe(0);
    expect(paid.creditKept).toBe(0);
  });

  it('with an instalment past due: owed as it stands, with its overdue interest', () => {
    const start = sixMonths().map((row) => (row.number === 1 ? { ...row, overdueInterest: money(16) } : row));
    const quote = quotePayoff({ annualRatePercent: 12, instalments: start, interestFrom: '2030-01-31', today: '2030-03-10' });
    // Instalment 1 whole (4,876 + 300 + 16), then 25,124 + 83 for the current period.
    expect(quote).toMatchObject({ amount: 30_399, principal: 30_000, interest: 383, overdueInterest: 16 });
  });

  it('single repayment: principal and the days since payout', () => {
    const { quote: schedule } = priceLoan(DEFAULT_SINGLE_REPAYMENT_PRODUCT, money(10_000), 90, '2030-01-01');
    const instalments = schedule.instalments.map((row) => ({ ...row, overdueInterest: money(0), ...unpaid }));
    expect(table(instalments)).toEqual([[1, '2030-04-01', 10_000, 296, 0, 0, 0, 0, 0]]);
    const quote = quotePayoff({ annualRatePercent: 12, instalments, interestFrom: '2030-01-01', today: '2030-01-31' });
    // 10,000 × 12 % × 30 / 365 = 98.6 → 99.
    expect(quote).toMatchObject({ amount: 10_099, principal: 10_000, interest: 99, interestSaved: 197 });
    const onPayoutDay = quotePayoff({ annualRatePercent: 12, instalments, interestFrom: '2030-01-01', today: '2030-01-01' });
    expect(onPayoutDay.amount).toBe(10_000);
  });
});

describe('overdue interest: the contract rate at most, the cap on the whole', () => {
  it('grows by the day on the unpaid principal and is the same when computed twice', () => {
    const start = sixMonths();
    const options = { principal: money(30_000), annualRatePercent: 12, disbursedOn: '2030-01-31', extensionCosts: money(0), capPercent: 16 };
    const day10 = overdueInterestOn({ ...options, instalments: start, today: '2030-03-10' });
    // 4,876 × 12 % × 10 / 365 = 16.03 → 16; the others are not due.
    expect([...day10.entries()]).toEqual([[1, 16], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]);
    const applied = start.map((row) => ({ ...row, overdueInterest: day10.get(row.number)! }));
    expect([...overdueInterestOn({ ...options, instalments: applied, today: '2030-03-10' }).values()]).toEqual([...day10.values()]);
  });

  it('stops at the cap of the whole loan', () => {
    const { quote } = priceLoan(DEFAULT_SINGLE_REPAYMENT_PRODUCT, money(10_000), 90, '2030-01-01');
    const instalments = quote.instalments.map((row) => ({ ...row, overdueInterest: money(0), ...unpaid }));
    // Even a 30 % contract rate accrues at 16 % at most: 61 days late would cost 267; the cap over 151 days is 10,000 × 16 % × 151 / 365 = 661, less the 296 of interest: 365 of room.
    expect(overdueInterestOn({ principal: money(10_000), annualRatePercent: 30, disbursedOn: '2030-01-01', extensionCosts: money(0), instalments, today: '2030-06-01', capPercent: 16 }).get(1)).toBe(267);
    // With 200 of extension costs already paid, the room is 165.
    const figures = overdueInterestOn({ principal: money(10_000), annualRatePercent: 30, disbursedOn: '2030-01-01', extensionCosts: money(200), instalments, today: '2030-06-01', capPercent: 16 });
    expect(figures.get(1)).toBe(661 - 296 - 200);
  });
});
