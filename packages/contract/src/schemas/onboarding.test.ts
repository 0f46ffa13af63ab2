import { describe, expect, it } from 'vitest';
import {
  CONTACT_CONSENT_REQUIRED,
  CONTACT_MOBILE_INVALID,
  CONTACTS_DUPLICATE,
  CONTACTS_TOO_FEW,
  ID_NUMBER_INVALID,
} from '../messages/onboarding.ts';
import { ZEmergencyContactAddRequestSchema, ZSupplementUserInfoRequestSchema, type TSupplementUserInfoRequest } from './onboarding.ts';

const details: TSupplementUserInfoRequest = {
  name: '王小明',
  gender: 'male',
  birthDate: '1990-05-01',
  idNumber: 'a123456789',
  maritalStatus: 'single',
  education: 'bachelor',
  occupation: 'employee',
  employer: '小安科技',
  monthlyIncome: 42000,
  county: '台北市',
  district: '中正區',
  address: '重慶南路一段 122 號',
  email: 'ming@example.tw',
  lineId: 'ming',
};

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('step 1 request', () => {
  it('normalises the ID number and the county (台 → 臺)', () => {
    const parsed = ZSupplementUserInfoRequestSchema.parse(details);
    expect(parsed.idNumber).toBe('A123456789');
    expect(parsed.county).toBe('臺北市');
    expect(ZSupplementUserInfoRequestSchema.parse({ ...details, county: '臺北市' }).county).toBe('臺北市');
  });
  it('refuses a bad checksum with its own message', () => {
    expect(firstMessage(ZSupplementUserInfoRequestSchema.safeParse({ ...details, idNumber: 'A123456788' }))).toBe(ID_NUMBER_INVALID);
  });
  it.each(['1990-02-30', '1990-13-01', '19900501', ''])('refuses the birth date %s', (birthDate) => {
    expect(ZSupplementUserInfoRequestSchema.safeParse({ ...details, birthDate }).success).toBe(false);
  });
  it.each([42000.5, -1, 10_000_001])('refuses the monthly income %s (whole NT$ only)', (monthlyIncome) => {
    expect(ZSupplementUserInfoRequestSchema.safeParse({ ...details, monthlyIncome }).success).toBe(false);
  });
  it('takes no ID number once saved (screens show it masked)', () => {
    const { idNumber: _left, ...rest } = details;
    expect(ZSupplementUserInfoRequestSchema.parse(rest).idNumber).toBeUndefined();
  });
});

describe('step 2 request', () => {
  const two = [
    { name: '王大明', relationship: 'parent', mobile: '+886912000001' },
    { name: '林小華', relationship: 'friend', mobile: '0912-000-002' },
  ] as const;
  it('normalises the mobiles', () => {
    expect(ZEmergencyContactAddRequestSchema.parse({ contacts: two, consent: true }).contacts.map((c) => c.mobile)).toEqual([
      '0912000001',
      '0912000002',
    ]);
  });
  it.each([
    ['fewer than two', { contacts: [two[0]], consent: true }, CONTACTS_TOO_FEW],
    ['the same number twice', { contacts: [two[0], { ...two[1], mobile: '0912000001' }], consent: true }, CONTACTS_DUPLICATE],
    [
      'a number that is no Taiwan mobile',
      { contacts: [two[0], { ...two[1], mobile: '0212345678' }], consent: true },
      CONTACT_MOBILE_INVALID,
    ],
    ['no consent', { contacts: two, consent: false }, CONTACT_CONSENT_REQUIRED],
  ])('refuses %s', (_case, payload, message) => {
    expect(firstMessage(ZEmergencyContactAddRequestSchema.safeParse(payload))).toBe(message);
  });
});
