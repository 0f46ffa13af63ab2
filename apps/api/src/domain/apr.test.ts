import { describe, expect, it } from 'vitest';
import { aprPercent, dailyCashFlowApr, internalRateOfReturn, periodicApr, singleRepaymentApr } from './apr.ts';
import { dueDates } from './loan-schedule/due-dates.ts';
import { equalInstalmentSchedule } from './loan-schedule/equal-instalment-schedule.ts';
import { money } from './money.ts';

type Row = [number: number, dueDate: string, principal: number, interest: number, total: number];

function equalInstalmentTable(principal: number, annualRatePercent: number, months: number, startDate: string): Row[] {
  return equalInstalmentSchedule
    .generate({ principal: money(principal), annualRatePercent, startDate, dueDates: dueDates('equalInstalments', startDate, months) })
    .map((row) => [row.number, row.dueDate, row.principal, row.interest, row.total]);
}

/*
 * The two published bank examples (DOMAIN.md): the bank takes its fees at payout, so the
 * amount received is principal − fees. The whole amortisation tables were computed
 * independently (Python, Decimal, ROUND_HALF_UP; its IRR by 200 bisections) and the
 * published APRs are 3.35 % and 7.39 %.
 */
describe('the published bank examples', () => {
  it('equalInstalments_principal400000_months60_rate2.95_feesAtPayout3900: every row, and APR 3.35', () => {
    const table = equalInstalmentTable(400_000, 2.95, 60, '2025-01-15');
    expect(table).toEqual(BANK_EXAMPLE_295);
    expect(table.reduce((sum, row) => sum + row[2], 0)).toBe(400_000);
    const apr = periodicApr({ received: 400_000 - 3_900, payments: table.map((row) => row[4]), periodsPerYear: 12 });
    expect(apr).toBeCloseTo(0.033463366569, 10);
    expect(aprPercent(apr)).toBe(3.35);
  });

  it('equalInstalments_principal400000_months60_rate6.75_feesAtPayout6000: every row, and APR 7.39', () => {
    const table = equalInstalmentTable(400_000, 6.75, 60, '2025-01-15');
    expect(table).toEqual(BANK_EXAMPLE_675);
    expect(table.reduce((sum, row) => sum + row[2], 0)).toBe(400_000);
    const apr = periodicApr({ received: 400_000 - 6_000, payments: table.map((row) => row[4]), periodsPerYear: 12 });
    expect(apr).toBeCloseTo(0.073850229789, 10);
    expect(aprPercent(apr)).toBe(7.39);
  });
});

describe('the internal rate of return', () => {
  it('singlePayment_received100_paid110_oneperiod is 10 %', () => {
    expect(internalRateOfReturn(100, [{ period: 1, amount: 110 }])).toBeCloseTo(0.1, 12);
  });

  it('noCost_received1000_paid1000 is zero', () => {
    expect(
      internalRateOfReturn(1000, [
        { period: 1, amount: 500 },
        { period: 2, amount: 500 },
      ]),
    ).toBeCloseTo(0, 12);
  });

  it('lessRepaidThanReceived_received1000_paid900 is negative and still converges', () => {
    expect(internalRateOfReturn(1000, [{ period: 1, amount: 900 }])).toBeCloseTo(-0.1, 12);
  });

  it('extremeCost_received100_paid100000_after1period converges outside the first bracket (99 900 %)', () => {
    expect(internalRateOfReturn(100, [{ period: 1, amount: 100_000 }])).toBeCloseTo(999, 8);
  });

  it('paymentOnPayoutDay_counts as received less: 1000 received, 100 back on day 0, 990 on day 30', () => {
    const i = internalRateOfReturn(1000, [
      { period: 0, amount: 100 },
      { period: 30, amount: 990 },
    ]);
    expect((1 + i) ** 30).toBeCloseTo(990 / 900, 12);
  });

  it('longDaily_730days_of_small_payments converges to the rate the flows were built from', () => {
    const daily = 0.15 / 365;
    const payments = Array.from({ length: 730 }, (_, t) => ({ period: t + 1, amount: 10 }));
    const received = payments.reduce((sum, p) => sum + p.amount / (1 + daily) ** p.period, 0);
    expect(internalRateOfReturn(received, payments) * 365).toBeCloseTo(0.15, 12);
  });

  it('randomFlows_500cases: always converges to the rate the flows were built from (1 % to 400 % a year, 1-120 periods)', () => {
    let seed = 20_250_131;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 500; n++) {
      const periodsPerYear = random() < 0.5 ? 12 : 365;
      const rate = (0.01 + random() * 3.99) / periodsPerYear;
      const payments = Array.from({ length: 1 + Math.floor(random() * 120) }, (_, k) => ({
        period: periodsPerYear === 12 ? k + 1 : 1 + Math.floor(random() * 400),
        amount: Math.round(random() * 100_000),
      }));
      payments.push({ period: 1 + Math.floor(random() * 60), amount: 1_000 });
      const received = payments.reduce((sum, p) => sum + p.amount / (1 + rate) ** p.period, 0);
      expect(internalRateOfReturn(received, payments) * periodsPerYear).toBeCloseTo(rate * periodsPerYear, 9);
    }
  });

  it('refuses flows with nothing paid back after the payout', () => {
    expect(() => internalRateOfReturn(1000, [{ period: 0, amount: 1000 }])).toThrow(RangeError);
  });
});

describe('single-repayment and daily APRs', () => {
  it('singleRepayment_received10000_repaid10370_days90 is 370/10000 × 365/90 = 15.01 %', () => {
    const apr = singleRepaymentApr({ received: 10_000, repaid: 10_370, days: 90 });
    expect(apr).toBeCloseTo(0.15005555556, 10);
    expect(aprPercent(apr)).toBe(15.01);
  });

  it('extended_received10000_paid346day90_149day120_10099day150 is the simple rate 14.45 % (the daily IRR, 14.27 %, is lower)', () => {
    const apr = dailyCashFlowApr({
      received: 10_000,
      receivedOn: '2025-01-01',
      payments: [
        { on: '2025-04-01', amount: 346 },
        { on: '2025-05-01', amount: 149 },
        { on: '2025-05-31', amount: 10_099 },
      ],
    });
    expect(apr).toBeCloseTo(0.14454, 10);
  });

  it('feePaidOnPayoutDay_received3000_fee200day0_repaid3100day90 is the daily IRR, above the simple rate', () => {
    const apr = dailyCashFlowApr({
      received: 3_000,
      receivedOn: '2025-01-01',
      payments: [
        { on: '2025-01-01', amount: 200 },
        { on: '2025-04-01', amount: 3_100 },
      ],
    });
    expect(apr).toBeCloseTo(365 * ((3_100 / 2_800) ** (1 / 90) - 1), 12);
    expect(apr).toBeGreaterThan((300 / 3_000) * (365 / 90));
  });

  it.each([
    [0.033463366569, 3.35],
    [0.073850229789, 7.39],
    [0.12345, 12.35],
    [0.16, 16],
    [0.0, 0],
  ])('%d is shown as %d %%', (apr, shown) => {
    expect(aprPercent(apr)).toBe(shown);
  });
});

const BANK_EXAMPLE_295: Row[] = [
  [1, '2025-02-15', 6196, 983, 7179],
  [2, '2025-03-15', 6211, 968, 7179],
  [3, '2025-04-15', 6226, 953, 7179],
  [4, '2025-05-15', 6241, 938, 7179],
  [5, '2025-06-15', 6257, 922, 7179],
  [6, '2025-07-15', 6272, 907, 7179],
  [7, '2025-08-15', 6288, 891, 7179],
  [8, '2025-09-15', 6303, 876, 7179],
  [9, '2025-10-15', 6319, 860, 7179],
  [10, '2025-11-15', 6334, 845, 7179],
  [11, '2025-12-15', 6350, 829, 7179],
  [12, '2026-01-15', 6365, 814, 7179],
  [13, '2026-02-15', 6381, 798, 7179],
  [14, '2026-03-15', 6397, 782, 7179],
  [15, '2026-04-15', 6412, 767, 7179],
  [16, '2026-05-15', 6428, 751, 7179],
  [17, '2026-06-15', 6444, 735, 7179],
  [18, '2026-07-15', 6460, 719, 7179],
  [19, '2026-08-15', 6476, 703, 7179],
  [20, '2026-09-15', 6492, 687, 7179],
  [21, '2026-10-15', 6508, 671, 7179],
  [22, '2026-11-15', 6524, 655, 7179],
  [23, '2026-12-15', 6540, 639, 7179],
  [24, '2027-01-15', 6556, 623, 7179],
  [25, '2027-02-15', 6572, 607, 7179],
  [26, '2027-03-15', 6588, 591, 7179],
  [27, '2027-04-15', 6604, 575, 7179],
  [28, '2027-05-15', 6620, 559, 7179],
  [29, '2027-06-15', 6637, 542, 7179],
  [30, '2027-07-15', 6653, 526, 7179],
  [31, '2027-08-15', 6669, 510, 7179],
  [32, '2027-09-15', 6686, 493, 7179],
  [33, '2027-10-15', 6702, 477, 7179],
  [34, '2027-11-15', 6719, 460, 7179],
  [35, '2027-12-15', 6735, 444, 7179],
  [36, '2028-01-15', 6752, 427, 7179],
  [37, '2028-02-15', 6768, 411, 7179],
  [38, '2028-03-15', 6785, 394, 7179],
  [39, '2028-04-15', 6802, 377, 7179],
  [40, '2028-05-15', 6818, 361, 7179],
  [41, '2028-06-15', 6835, 344, 7179],
  [42, '2028-07-15', 6852, 327, 7179],
  [43, '2028-08-15', 6869, 310, 7179],
  [44, '2028-09-15', 6886, 293, 7179],
  [45, '2028-10-15', 6903, 276, 7179],
  [46, '2028-11-15', 6919, 260, 7179],
  [47, '2028-12-15', 6936, 243, 7179],
  [48, '2029-01-15', 6954, 225, 7179],
  [49, '2029-02-15', 6971, 208, 7179],
  [50, '2029-03-15', 6988, 191, 7179],
  [51, '2029-04-15', 7005, 174, 7179],
  [52, '2029-05-15', 7022, 157, 7179],
  [53, '2029-06-15', 7039, 140, 7179],
  [54, '2029-07-15', 7057, 122, 7179],
  [55, '2029-08-15', 7074, 105, 7179],
  [56, '2029-09-15', 7091, 88, 7179],
  [57, '2029-10-15', 7109, 70, 7179],
  [58, '2029-11-15', 7126, 53, 7179],
  [59, '2029-12-15', 7144, 35, 7179],
  [60, '2030-01-15', 7130, 18, 7148],
];

const BANK_EXAMPLE_675: Row[] = [
  [1, '2025-02-15', 5623, 2250, 7873],
  [2, '2025-03-15', 5655, 2218, 7873],
  [3, '2025-04-15', 5686, 2187, 7873],
  [4, '2025-05-15', 5718, 2155, 7873],
  [5, '2025-06-15', 5751, 2122, 7873],
  [6, '2025-07-15', 5783, 2090, 7873],
  [7, '2025-08-15', 5815, 2058, 7873],
  [8, '2025-09-15', 5848, 2025, 7873],
  [9, '2025-10-15', 5881, 1992, 7873],
  [10, '2025-11-15', 5914, 1959, 7873],
  [11, '2025-12-15', 5947, 1926, 7873],
  [12, '2026-01-15', 5981, 1892, 7873],
  [13, '2026-02-15', 6015, 1858, 7873],
  [14, '2026-03-15', 6048, 1825, 7873],
  [15, '2026-04-15', 6082, 1791, 7873],
  [16, '2026-05-15', 6117, 1756, 7873],
  [17, '2026-06-15', 6151, 1722, 7873],
  [18, '2026-07-15', 6186, 1687, 7873],
  [19, '2026-08-15', 6220, 1653, 7873],
  [20, '2026-09-15', 6255, 1618, 7873],
  [21, '2026-10-15', 6291, 1582, 7873],
  [22, '2026-11-15', 6326, 1547, 7873],
  [23, '2026-12-15', 6362, 1511, 7873],
  [24, '2027-01-15', 6397, 1476, 7873],
  [25, '2027-02-15', 6433, 1440, 7873],
  [26, '2027-03-15', 6469, 1404, 7873],
  [27, '2027-04-15', 6506, 1367, 7873],
  [28, '2027-05-15', 6542, 1331, 7873],
  [29, '2027-06-15', 6579, 1294, 7873],
  [30, '2027-07-15', 6616, 1257, 7873],
  [31, '2027-08-15', 6653, 1220, 7873],
  [32, '2027-09-15', 6691, 1182, 7873],
  [33, '2027-10-15', 6729, 1144, 7873],
  [34, '2027-11-15', 6766, 1107, 7873],
  [35, '2027-12-15', 6804, 1069, 7873],
  [36, '2028-01-15', 6843, 1030, 7873],
  [37, '2028-02-15', 6881, 992, 7873],
  [38, '2028-03-15', 6920, 953, 7873],
  [39, '2028-04-15', 6959, 914, 7873],
  [40, '2028-05-15', 6998, 875, 7873],
  [41, '2028-06-15', 7037, 836, 7873],
  [42, '2028-07-15', 7077, 796, 7873],
  [43, '2028-08-15', 7117, 756, 7873],
  [44, '2028-09-15', 7157, 716, 7873],
  [45, '2028-10-15', 7197, 676, 7873],
  [46, '2028-11-15', 7238, 635, 7873],
  [47, '2028-12-15', 7278, 595, 7873],
  [48, '2029-01-15', 7319, 554, 7873],
  [49, '2029-02-15', 7360, 513, 7873],
  [50, '2029-03-15', 7402, 471, 7873],
  [51, '2029-04-15', 7443, 430, 7873],
  [52, '2029-05-15', 7485, 388, 7873],
  [53, '2029-06-15', 7527, 346, 7873],
  [54, '2029-07-15', 7570, 303, 7873],
  [55, '2029-08-15', 7612, 261, 7873],
  [56, '2029-09-15', 7655, 218, 7873],
  [57, '2029-10-15', 7698, 175, 7873],
  [58, '2029-11-15', 7741, 132, 7873],
  [59, '2029-12-15', 7785, 88, 7873],
  [60, '2030-01-15', 7861, 44, 7905],
];
