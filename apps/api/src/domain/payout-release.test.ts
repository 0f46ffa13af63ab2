import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { releaseStep, releasesNeeded } from './payout-release.ts';

const policy = { releaseAbove: money(30_000), twoPeopleAbove: money(60_000) };

describe('payout release rules', () => {
  it('needs no release at or below the first threshold, one above it, two above the second', () => {
    expect(releasesNeeded(money(3_000), policy)).toBe(0);
    expect(releasesNeeded(money(30_000), policy)).toBe(0);
    expect(releasesNeeded(money(30_001), policy)).toBe(1);
    expect(releasesNeeded(money(60_000), policy)).toBe(1);
    expect(releasesNeeded(money(60_001), policy)).toBe(2);
  });

  it('takes a second threshold below the first as the first (two people above it)', () => {
    expect(releasesNeeded(money(30_001), { releaseAbove: money(30_000), twoPeopleAbove: money(10_000) })).toBe(2);
    expect(releasesNeeded(money(20_000), { releaseAbove: money(30_000), twoPeopleAbove: money(10_000) })).toBe(0);
  });

  it('lets one release go, records the first of two, refuses the same operator as second', () => {
    expect(releaseStep({ needed: 1, firstBy: null, released: false }, 7)).toBe('released');
    expect(releaseStep({ needed: 2, firstBy: null, released: false }, 7)).toBe('firstRelease');
    expect(releaseStep({ needed: 2, firstBy: 7, released: false }, 7)).toBe('sameOperator');
    expect(releaseStep({ needed: 2, firstBy: 7, released: false }, 8)).toBe('released');
    expect(releaseStep({ needed: 2, firstBy: 7, released: true }, 8)).toBe('notAwaiting');
    expect(releaseStep({ needed: 0, firstBy: null, released: false }, 8)).toBe('notAwaiting');
  });
});
