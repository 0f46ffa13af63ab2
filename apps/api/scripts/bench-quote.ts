import { checkLoanProduct } from '../src/domain/interest-cap.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../src/domain/loan-default-products.ts';
import type { LoanProductTerms } from '../src/domain/loan-product-terms.ts';
import { quoteLoan } from '../src/domain/loan-quote.ts';
import { money } from '../src/domain/money.ts';

/**
 * npm run bench:quote — how many quotes a second one core computes (schedule, fees, APR
 * solved, cap check), per product shape, and how long the whole-product cap check takes.
 * Each case is warmed for 0.5 s, then run for BENCH_SECONDS (2) s; amounts cycle over the
 * product's range so no result is reused.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const TODAY = '2025-01-31';

const longInstalments: LoanProductTerms = {
  method: 'equalInstalments',
  annualRatePercent: 2.95,
  amount: { min: money(100_000), max: money(1_000_000), step: money(1_000) },
  terms: [60],
  fees: [{ code: 'service', name: '手續費', fixed: money(3_900), percentOfPrincipal: 0 }],
  extension: null,
};

function run(label: string, seconds: number, once: (n: number) => void): { label: string; perSecond: number; microseconds: number } {
  const warmUntil = performance.now() + 500;
  let n = 0;
  while (performance.now() < warmUntil) once(n++);
  const start = performance.now();
  const until = start + seconds * 1000;
  let count = 0;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k++) once(count++);
  }
  const elapsed = (performance.now() - start) / 1000;
  return { label, perSecond: count / elapsed, microseconds: (elapsed * 1e6) / count };
}

function quoteCase(label: string, terms: LoanProductTerms, term: number) {
  const { min, step } = terms.amount;
  const steps = Math.floor((terms.amount.max - min) / step) + 1;
  return run(label, SECONDS, (n) => {
    const result = quoteLoan({ terms, amount: money(min + (n % steps) * step), term, today: TODAY });
    if (!result.ok) throw new Error(`${label}: refused ${JSON.stringify(result.refusals)}`);
  });
}

const results = [
  quoteCase('single repayment, 90 days', DEFAULT_SINGLE_REPAYMENT_PRODUCT, 90),
  quoteCase('equal instalments, 3 months', DEFAULT_EQUAL_INSTALMENT_PRODUCT, 3),
  quoteCase('equal instalments, 12 months', DEFAULT_EQUAL_INSTALMENT_PRODUCT, 12),
  quoteCase('equal instalments, 60 months + fee', longInstalments, 60),
  run('product check, default single (18 amounts × 0-2 extensions)', SECONDS, () =>
    checkLoanProduct(DEFAULT_SINGLE_REPAYMENT_PRODUCT, { today: TODAY }),
  ),
  run('product check, default instalments (91 amounts × 3 terms)', SECONDS, () =>
    checkLoanProduct(DEFAULT_EQUAL_INSTALMENT_PRODUCT, { today: TODAY }),
  ),
];

console.log(`node ${process.version}, ${SECONDS} s per case, one core`);
for (const { label, perSecond, microseconds } of results) {
  console.log(
    `${label.padEnd(62)} ${Math.round(perSecond).toLocaleString('en-US').padStart(10)} /s  ${microseconds.toFixed(1).padStart(8)} µs each`,
  );
}
