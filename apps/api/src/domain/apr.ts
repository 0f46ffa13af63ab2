import { daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';

/**
 * 總費用年百分率 (PRODUCT.md "APR"): the periodic internal rate of return i of
 * `received = Σ payment_t / (1+i)^t`, times the periods in a year. Rates here are
 * fractions (0.0335); percentages are made only for display (aprPercent).
 */

/** A payment `period` periods after the payout (0 = on the payout day). */
export interface TimedPayment {
  period: number;
  amount: number;
}

const MAX_ITERATIONS = 200;
/** Per period: a daily rate this precise is 365 × 1e-13 a year, far below 0.01 point. */
const TOLERANCE = 1e-13;

/**
 * The periodic rate i with Σ amount·(1+i)^−period = received, by Newton's method kept
 * inside a bracket where the net present value changes sign, bisecting whenever a Newton
 * step would leave it or shrink it too slowly — so it always converges. The NPV falls
 * strictly as i rises (payments are non-negative), so the root is unique.
 */
export function internalRateOfReturn(received: number, payments: readonly TimedPayment[]): number {
  if (!(received > 0)) throw new RangeError('received must be positive');
  if (payments.some((p) => p.amount < 0 || p.period < 0)) throw new RangeError('payments are non-negative amounts at non-negative periods');
  if (!payments.some((p) => p.amount > 0 && p.period > 0)) throw new RangeError('no payment after the payout');

  const count = payments.length;
  const periods = payments.map((p) => p.period);
  const amounts = payments.map((p) => p.amount);
  /**
   * The NPV at i and its slope, in one pass. Consecutive periods (instalments) reuse the
   * previous discount factor with one multiplication instead of a power.
   */
  let slope = 0;
  const npv = (i: number): number => {
    const v = 1 / (1 + i);
    let value = -received;
    let d = 0;
    let factor = 1;
    let previous = Number.NaN;
    for (let k = 0; k < count; k++) {
      const period = periods[k]!;
      factor = period === previous + 1 ? factor * v : v ** period;
      previous = period;
      const term = amounts[k]! * factor;
      value += term;
      d -= period * term * v;
    }
    slope = d;
    return value;
  };

  // npv(lo) > 0 > npv(hi): npv → +∞ as i → −1, and → (amount paid at period 0) − received as i → ∞.
  let lo = 0;
  let hi = 1;
  if (amounts.reduce((sum, amount) => sum + amount, 0) < received) {
    hi = 0;
    lo = -0.5;
    while (npv(lo) < 0) lo = (lo - 1) / 2;
  } else {
    for (let n = 0; npv(hi) > 0; n++) {
      if (n > 60) throw new RangeError('the payments never fall below the amount received');
      lo = hi;
      hi *= 2;
    }
  }

  // From the left end, where the NPV is positive and convex, Newton steps approach the
  // root from below; any step that leaves the bracket or stalls is replaced by bisection.
  let i = lo;
  let previousStep = hi - lo;
  for (let n = 0; n < MAX_ITERATIONS; n++) {
    const f = npv(i);
    const d = slope;
    if (f === 0) return i;
    if (f > 0) lo = i;
    else hi = i;
    const step = f / d;
    const candidate = i - step;
    if (Math.abs(step) <= TOLERANCE) return candidate > lo && candidate < hi ? candidate : i;
    if (candidate > lo && candidate < hi && Math.abs(step) < previousStep / 2) {
      previousStep = Math.abs(step);
      i = candidate;
    } else {
      previousStep = hi - lo;
      i = (lo + hi) / 2;
    }
    if (hi - lo <= TOLERANCE) return i;
  }
  return i;
}

/** Payments at the end of periods 1..n (instalments), annualised: periods per year × i. */
export function periodicApr(options: { received: number; payments: readonly number[]; periodsPerYear: number }): number {
  const i = internalRateOfReturn(
    options.received,
    options.payments.map((amount, index) => ({ period: index + 1, amount })),
  );
  return i * options.periodsPerYear;
}

/** One repayment after `days`: one period, so (repaid − received) / received × 365 / days. */
export function singleRepaymentApr(options: { received: number; repaid: number; days: number }): number {
  if (!(options.received > 0) || !(options.days > 0)) throw new RangeError('received and days must be positive');
  return ((options.repaid - options.received) / options.received) * (365 / options.days);
}

/**
 * An extended loan (or any loan with payments on arbitrary days): the IRR of its real
 * cash flows with periods of one day, × 365, and never less than the simple rate over
 * the whole time, (total paid − received) / received × 365 / days to the last payment.
 */
export function dailyCashFlowApr(options: {
  received: number;
  receivedOn: CalendarDate;
  payments: ReadonlyArray<{ on: CalendarDate; amount: number }>;
}): number {
  const timed = options.payments.map((p) => ({ period: daysBetween(options.receivedOn, p.on), amount: p.amount }));
  const days = Math.max(...timed.map((p) => p.period));
  const totalPaid = timed.reduce((sum, p) => sum + p.amount, 0);
  const irr = 365 * internalRateOfReturn(options.received, timed);
  const simple = ((totalPaid - options.received) / options.received) * (365 / days);
  return Math.max(irr, simple);
}

/** The APR as shown: a percentage, half up to 0.01 point (0.033512 → 3.35). */
export function aprPercent(apr: number): number {
  return Math.round(Math.round(apr * 1e10) / 1e6) / 100;
}
