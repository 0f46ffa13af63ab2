import { describe, expect, it } from 'vitest';
import {
  isValidNationalId,
  isValidNewResidentCertificate,
  isValidOldResidentCertificate,
  isValidTaiwanIdentityNumber,
} from './national-id.ts';
import { isValidTaiwanMobile, maskTaiwanMobile, normalizeTaiwanMobile, normalizeTypedTaiwanMobile } from './mobile.ts';
import { isVerifyCode, VERIFY_CODE_LENGTH } from './verify-code.ts';
import { isValidPassword } from './password.ts';
import { ZPasswordSchema, ZVerifyCodeSchema } from '../schemas/auth.ts';

describe('national ID', () => {
  it.each(['A123456789', 'B142610160', 'F131104093', 'a123456789', 'Z100000002'])('accepts %s', (id) => {
    expect(isValidNationalId(id)).toBe(true);
  });
  it.each([
    ['A123456788', 'wrong check digit'],
    ['A323456789', 'second character not 1 or 2'],
    ['1123456789', 'no letter'],
    ['A12345678', 'too short'],
    ['A1234567890', 'too long'],
    ['', 'empty'],
    ['A800000014', 'a resident certificate, not a national ID'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidNationalId(id)).toBe(false);
  });
});

describe('resident certificates', () => {
  it('accepts the new format with a valid checksum', () => {
    expect(isValidNewResidentCertificate('A800000014')).toBe(true);
    expect(isValidNewResidentCertificate('A800000015')).toBe(false);
    expect(isValidNewResidentCertificate('A123456789')).toBe(false);
  });
  it('accepts the old two-letter format with a valid checksum', () => {
    expect(isValidOldResidentCertificate('AC01234567')).toBe(true);
    expect(isValidOldResidentCertificate('AB01234565')).toBe(true);
    expect(isValidOldResidentCertificate('AD12345671')).toBe(true);
    expect(isValidOldResidentCertificate('AC01234568')).toBe(false);
    expect(isValidOldResidentCertificate('A101234567')).toBe(false);
  });
  it.each(['AE01234561', 'AZ01234569'])('refuses %s: the old format takes only A-D as its second letter, checksum or not', (id) => {
    expect(isValidOldResidentCertificate(id)).toBe(false);
    expect(isValidTaiwanIdentityNumber(id)).toBe(false);
  });
  it('any identity number accepts all three kinds', () => {
    expect(isValidTaiwanIdentityNumber('A123456789')).toBe(true);
    expect(isValidTaiwanIdentityNumber('A800000014')).toBe(true);
    expect(isValidTaiwanIdentityNumber('AC01234567')).toBe(true);
    expect(isValidTaiwanIdentityNumber('A123456780')).toBe(false);
  });
});

describe('mobile', () => {
  it.each([
    ['0912345678', '0912345678'],
    ['+886912345678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['0912 345 678', '0912345678'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeTaiwanMobile(input)).toBe(expected);
  });
  it.each(['0812345678', '091234567', '09123456789', '+886812345678', '886912345678', 'abc', ''])('refuses %s', (input) => {
    expect(isValidTaiwanMobile(input)).toBe(false);
  });
  it('takes a number typed after the +886 prefix without its leading 0, in forms only', () => {
    expect(normalizeTypedTaiwanMobile('912 345 678')).toBe('0912345678');
    expect(normalizeTypedTaiwanMobile('0912345678')).toBe('0912345678');
    expect(normalizeTypedTaiwanMobile('812345678')).toBeNull();
    expect(normalizeTaiwanMobile('912345678')).toBeNull();
  });

  it('masks the middle digits', () => {
    expect(maskTaiwanMobile('0912345678')).toBe('0912***678');
  });
});

describe('verification code', () => {
  it.each(['123456', '000000'])('accepts %s', (code) => {
    expect(isVerifyCode(code)).toBe(true);
    expect(ZVerifyCodeSchema.safeParse(code).success).toBe(true);
  });
  it.each(['12345', '1234567', '12345a', ' 123456', ''])('refuses %j', (code) => {
    expect(isVerifyCode(code)).toBe(false);
    expect(ZVerifyCodeSchema.safeParse(code).success).toBe(false);
  });
  it('is six digits long', () => {
    expect(VERIFY_CODE_LENGTH).toBe(6);
  });
});

describe('password rule', () => {
  it.each(['Secret20', 'a1234567', 'abcdefghijklmnopqr1s'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
    expect(ZPasswordSchema.safeParse(password).success).toBe(true);
  });
  it.each([
    ['short1a', 'seven characters'],
    ['abcdefghijklmnopqr1st', 'twenty-one characters'],
    ['abcdefgh', 'no digit'],
    ['12345678', 'no letter'],
    ['', 'empty'],
  ])('refuses %s (%s)', (password) => {
    expect(isValidPassword(password)).toBe(false);
    expect(ZPasswordSchema.safeParse(password).success).toBe(false);
  });
});
