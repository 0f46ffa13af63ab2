import type { TLoanProduct } from '@app/contract/schemas/loans.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import { money, type Money } from '../../domain/money.ts';
import type { LoanProductRecord } from './loans-repository.ts';

/** Beyond this many amounts per term the APR range is taken over evenly spread amounts. */
const MAX_AMOUNTS_PRICED = 2_000;
const MAX_CACHED_RANGES = 500;

/** product id, last change and day → APR range; a product's range changes only with them. */
const aprRanges = new Map<string, { min: number; max: number }>();

function amountsOf(record: LoanProductRecord): Money[] {
  const { min, max, step } = record.terms.amount;
  const count = Math.floor((max - min) / step) + 1;
  const stride = Math.ceil(count / MAX_AMOUNTS_PRICED);
  const amounts: Money[] = [];
  for (let k = 0; k < count; k += stride) amounts.push(money(min + k * step));
  const last = money(min + (count - 1) * step);
  if (amounts.at(-1) !== last) amounts.push(last);
  return amounts;
}

/**
 * The lowest and highest APR (percent, as quotes show it) over the amounts and terms the
 * product allows, without extensions (an extension is a later, explicit choice with its
 * own trial). Priced once per product version and day, then kept.
 */
export function aprRangeOf(record: LoanProductRecord, today: CalendarDate): { min: number; max: number } {
  const key = `${record.id}:${record.updatedAt.getTime()}:${today}`;
  const cached = aprRanges.get(key);
  if (cached) return cached;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const term of record.terms.terms) {
    for (const amount of amountsOf(record)) {
      const { apr } = priceLoan(record.terms, amount, term, today).quote;
      if (apr < min) min = apr;
      if (apr > max) max = apr;
    }
  }
  const range = { min: Number.isFinite(min) ? min : 0, max };
  if (aprRanges.size >= MAX_CACHED_RANGES) aprRanges.clear();
  aprRanges.set(key, range);
  return range;
}

/** The unit of a product's terms: days for a single repayment, months for instalments. */
export function termUnitOf(record: LoanProductRecord): 'day' | 'month' {
  return record.terms.method === 'singleRepayment' ? 'day' : 'month';
}

/**
 * A product as answers show it; `amountMax` lowers the product's maximum to what the
 * caller may take (loan/init), kept on a step of the product's range.
 */
export function toLoanProductView(record: LoanProductRecord, options: { today: CalendarDate; amountMax?: number }): TLoanProduct {
  const { terms } = record;
  const range = aprRangeOf(record, options.today);
  return {
    id: String(record.id),
    name: record.name,
    method: terms.method,
    annualRatePercent: terms.annualRatePercent,
    amountMin: terms.amount.min,
    amountMax: options.amountMax === undefined ? terms.amount.max : highestAmountWithin(record, options.amountMax),
    amountStep: terms.amount.step,
    terms: [...terms.terms],
    termUnit: termUnitOf(record),
    aprMinPercent: range.min,
    aprMaxPercent: range.max,
    extension: terms.extension
      ? {
          periodDays: terms.extension.periodDays,
          maxCount: terms.extension.maxCount,
          feePercentOfPrincipal: terms.extension.fee.percentOfPrincipal,
        }
      : null,
  };
}

/** The largest amount on the product's steps not above `limit` (0 when even the minimum is). */
export function highestAmountWithin(record: LoanProductRecord, limit: number): number {
  const { min, max, step } = record.terms.amount;
  if (limit < min) return 0;
  if (limit >= max) return max;
  return min + Math.floor((limit - min) / step) * step;
}
