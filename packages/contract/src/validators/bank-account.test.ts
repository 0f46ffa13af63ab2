import { describe, expect, it } from 'vitest';
import { BANK_BRANCH_CODE_PATTERN, BANK_CODE_PATTERN, isValidBankAccount, maskBankAccount, normalizeBankAccount } from './bank-account.ts';

describe('bank account number', () => {
  it.each(['1234567890', '12345678901234', '1234567890123456'])('accepts %s (10 to 16 digits)', (a) => {
    expect(isValidBankAccount(a)).toBe(true);
  });

  it.each([
    ['123456789', 'nine digits'],
    ['12345678901234567', 'seventeen digits'],
    ['12345-67890', 'a hyphen left in'],
    ['12345678ab', 'letters'],
    ['１２３４５６７８９０', 'full-width digits'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (a) => {
    expect(isValidBankAccount(a)).toBe(false);
  });

  it('drops the spaces and hyphens printed on passbooks, and nothing else', () => {
    expect(normalizeBankAccount(' 0123-456 789012 ')).toBe('0123456789012');
    expect(normalizeBankAccount('0123.456789')).toBe('0123.456789');
    expect(isValidBankAccount(normalizeBankAccount('0123-456-789012'))).toBe(true);
  });

  it('shows four stars and the last four digits, whatever the length', () => {
    expect(maskBankAccount('12345678901234')).toBe('****1234');
    expect(maskBankAccount('1234567890')).toBe('****7890');
    expect(maskBankAccount('1234')).toBe('****');
  });
});

describe('bank and branch codes', () => {
  it('are 3 and 7 digits', () => {
    expect(BANK_CODE_PATTERN.test('004')).toBe(true);
    expect(BANK_CODE_PATTERN.test('04')).toBe(false);
    expect(BANK_CODE_PATTERN.test('0040')).toBe(false);
    expect(BANK_BRANCH_CODE_PATTERN.test('0040037')).toBe(true);
    expect(BANK_BRANCH_CODE_PATTERN.test('004003')).toBe(false);
    expect(BANK_BRANCH_CODE_PATTERN.test('004003a')).toBe(false);
  });
});
