import { describe, expect, it } from 'vitest';
import { ageOn, isAdultOn, taipeiDateOf } from './adult-age.ts';

describe('age by the Taipei calendar date', () => {
  it.each([
    ['2005-06-15', '2025-06-15', 20],
    ['2005-06-15', '2025-06-14', 19],
    ['2005-06-15', '2025-12-31', 20],
    ['2004-02-29', '2024-02-28', 19],
    ['2004-02-29', '2024-02-29', 20],
    ['2004-02-29', '2025-02-28', 21],
    ['2004-02-29', '2025-02-27', 20],
  ])('born %s is on %s aged %i', (birthDate, today, age) => {
    expect(ageOn(birthDate, today)).toBe(age);
  });

  it('takes the Taipei date, not UTC: 2025-06-14T16:00Z is already 15 June in Taipei', () => {
    const now = new Date('2025-06-14T16:00:00Z');
    expect(taipeiDateOf(now)).toBe('2025-06-15');
    expect(isAdultOn('2005-06-15', now)).toBe(true);
    expect(isAdultOn('2005-06-15', new Date('2025-06-14T15:59:59Z'))).toBe(false);
  });
});
