/**
 * Whole New Taiwan dollars. Every amount that leaves the loan mathematics is a Money:
 * an integer, rounded here and nowhere else (PRODUCT.md "Money and dates").
 */
declare const NTD: unique symbol;
export type Money = number & { readonly [NTD]: true };

/** An amount already in whole dollars; a fraction is a bug upstream, not something to round. */
export function money(amount: number): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole NT$ amount: ${amount}`);
  return amount as Money;
}

/**
 * Half up to the dollar (half away from zero for a negative amount). The value is first
 * snapped to a millionth of a dollar, so that float noise such as 12.4999999999 (from
 * 400000 × 2.95 / 100 …) does not turn a true half into a round-down.
 */
export function roundHalfUp(amount: number): Money {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  const snapped = Math.round(Math.abs(amount) * 1e6) / 1e6;
  const rounded = Math.floor(snapped + 0.5);
  return money(amount < 0 && rounded !== 0 ? -rounded : rounded);
}

export function addMoney(a: Money, b: Money): Money {
  return money(a + b);
}

export function subtractMoney(a: Money, b: Money): Money {
  return money(a - b);
}

export function sumMoney(amounts: Iterable<Money>): Money {
  let total = 0;
  for (const amount of amounts) total += amount;
  return money(total);
}

/** `percent` % of an amount, rounded half up to the dollar. */
export function percentOf(amount: Money, percent: number): Money {
  return roundHalfUp((amount * percent) / 100);
}

export const ZERO: Money = money(0);
