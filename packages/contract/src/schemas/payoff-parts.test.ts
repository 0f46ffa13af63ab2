import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPayoffPart } from './repayments.ts';

const store = { minAmount: 33, maxAmount: 20_000 };

/** Parts taken one after another until nothing is left (or a part cannot be taken). */
function partsOf(left: number, channel: { minAmount: number; maxAmount: number }): Array<number | null> {
  const parts: Array<number | null> = [];
  while (left > 0) {
    const part = nextPayoffPart(left, channel);
    parts.push(part);
    if (part === null) break;
    left -= part;
  }
  return parts;
}

describe('a payoff split over a channel limit', () => {
  it('takes as much as the channel takes, and the rest last', () => {
    expect(partsOf(100_329, { minAmount: 1, maxAmount: 30_000 })).toEqual([30_000, 30_000, 30_000, 10_329]);
    expect(partsOf(15_000, store)).toEqual([15_000]);
  });

  it('never leaves a last part below the channel minimum', () => {
    // 20,000 then 10 would leave a part the store cannot take: 19,977 then 33.
    expect(partsOf(20_010, store)).toEqual([19_977, 33]);
  });

  it('refuses what is left below the minimum', () => {
    expect(nextPayoffPart(32, store)).toBeNull();
    expect(nextPayoffPart(0, { minAmount: 1, maxAmount: 30_000 })).toBeNull();
  });

  it('for any amount within reach, the parts add up to it and each is within the channel limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 2, max: 60_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (min, spread, left) => {
          const channel = { minAmount: min, maxAmount: 2 * min + spread };
          fc.pre(left >= min);
          const parts = partsOf(left, channel);
          expect(parts.every((part) => part !== null && part >= channel.minAmount && part <= channel.maxAmount)).toBe(true);
          expect(parts.reduce<number>((sum, part) => sum + (part ?? 0), 0)).toBe(left);
        },
      ),
    );
  });
});
