import { isIdCardNumber } from 'taiwan-id-validator';
import { describe, expect, it } from 'vitest';
import { genderOfIdentityNumber, isValidTaiwanIdentityNumber, maskIdentityNumber, normalizeIdentityNumber } from './national-id.ts';

/** mulberry32: a small seeded generator, so a failure names numbers that reproduce. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SECOND_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The second characters some kind of number uses; drawn half the time so valid numbers are common. */
const MEANINGFUL_SECOND = '1289ABCD';

describe('the identity-number check agrees with an independent implementation (taiwan-id-validator)', () => {
  it('over 200,000 random candidates of every shape (seed 20250131)', () => {
    const random = seededRandom(20250131);
    const pick = (chars: string) => chars.charAt(Math.floor(random() * chars.length));
    const disagreements: string[] = [];
    let valid = 0;
    for (let n = 0; n < 200_000; n += 1) {
      let id = pick(LETTERS) + pick(random() < 0.5 ? MEANINGFUL_SECOND : SECOND_CHARACTERS);
      for (let i = 0; i < 8; i += 1) id += pick('0123456789');
      const ours = isValidTaiwanIdentityNumber(id);
      if (ours) valid += 1;
      if (ours !== isIdCardNumber(id)) disagreements.push(id);
    }
    expect(disagreements).toEqual([]);
    // Enough of both answers to mean something: about one in twenty is valid.
    expect(valid).toBeGreaterThan(5_000);
  });
});

describe('identity-number helpers', () => {
  it.each([
    ['A123456789', 'male'],
    ['A223456781', 'female'],
    ['A800000014', 'male'],
    ['AC01234567', 'male'],
    ['AB01234565', 'female'],
    ['AD12345671', 'female'],
  ] as const)('%s is %s', (id, gender) => {
    expect(genderOfIdentityNumber(id)).toBe(gender);
  });
  it('has no gender for a second character no kind of number uses', () => {
    expect(genderOfIdentityNumber('A323456789')).toBeNull();
    expect(genderOfIdentityNumber('')).toBeNull();
  });
  it('masks all but the first three and last three characters', () => {
    expect(maskIdentityNumber('A123456789')).toBe('A12****789');
    expect(maskIdentityNumber(' a123456789 ')).toBe('A12****789');
    expect(maskIdentityNumber('short')).toBe('***');
  });
  it('normalises to trimmed upper case', () => {
    expect(normalizeIdentityNumber(' a123456789 ')).toBe('A123456789');
  });
});
