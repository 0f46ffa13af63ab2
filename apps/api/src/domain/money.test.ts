import { describe, expect, it } from 'vitest';
import { addMoney, money, percentOf, roundHalfUp, subtractMoney, sumMoney } from './money.ts';

describe('Money', () => {
  it.each([
    [12.5, 13],
    [12.49, 12],
    [0.5, 1],
    [369.86301369863014, 370],
    [-2.5, -3],
    [-0.4, 0],
    // 1.005 × 1000 is 1004.9999999999999 in floats: still a half.
    [1.005 * 1000 - 0.5, 1005],
  ])('rounds %d half up to %d', (amount, rounded) => {
    expect(roundHalfUp(amount)).toBe(rounded);
  });

  it('refuses a fraction of a dollar where a whole amount is expected', () => {
    expect(() => money(10.5)).toThrow(RangeError);
    expect(() => money(Number.NaN)).toThrow(RangeError);
  });

  it('adds, subtracts and sums whole dollars', () => {
    expect(addMoney(money(3_000), money(89))).toBe(3_089);
    expect(subtractMoney(money(3_000), money(89))).toBe(2_911);
    expect(sumMoney([money(1), money(2), money(3)])).toBe(6);
    expect(sumMoney([])).toBe(0);
  });

  it('takes a percentage half up: 1.5 % of 3,300 is 49.5 → 50', () => {
    expect(percentOf(money(3_300), 1.5)).toBe(50);
    expect(percentOf(money(400_000), 2.95)).toBe(11_800);
  });
});
