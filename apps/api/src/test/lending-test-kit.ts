import { randomInt } from 'node:crypto';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TBankCardResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { insertRecordedAttempt } from '../modules/face-check/face-check-repository.ts';
import { bodyOf, loginWithCode, randomMobile, uploadedImage, type AccountsServer, type LoggedIn } from './accounts-test-kit.ts';
import { confirmedIdCardFront } from './id-card-test-kit.ts';

/**
 * Borrowers for the lending tests: a new account taken through the real onboarding paths
 * (steps 1-4 over HTTP), with step 5 recorded as a passed face check. The face models
 * themselves are tested in modules/face-check; running them for every borrower would
 * cost seconds each without testing anything new here.
 */

/** A random national ID with a valid checksum (letter A; 1 male, 2 female). */
export function randomNationalId(gender: 'male' | 'female' = 'male'): string {
  const digits = [gender === 'male' ? 1 : 2, ...Array.from({ length: 7 }, () => randomInt(0, 10))];
  const sum = 1 + digits.reduce((total, d, i) => total + d * (8 - i), 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

export interface Borrower extends LoggedIn {
  mobile: string;
  name: string;
  idNumber: string;
  /** The default bank card's id, as bindCard answers it. */
  bankCardId: string;
}

export interface BorrowerOptions {
  /** 'YYYY-MM-DD'; default an adult born in 1988. */
  birthDate?: string;
  /** Stop before this step (the user's onboarding stays incomplete from there). */
  stopBefore?: 'contacts' | 'idCard' | 'bankCard' | 'face';
  /** The recorded face outcome: 'passed' (default) or 'manual_review'. */
  faceOutcome?: 'passed' | 'manual_review';
}

async function ok(
  server: AccountsServer,
  endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS],
  payload: unknown,
  user: LoggedIn,
): Promise<unknown> {
  return bodyOf((await server.client.call(endpoint, payload, user.headers)).envelope);
}

async function uploadKey(server: AccountsServer, user: LoggedIn): Promise<string> {
  return (await uploadedImage(server, user)).key;
}

/** Step 1: the personal details (陳志明, an adult born in 1988, unless told) with a new valid national ID; the name and ID saved. */
export async function savePersonalDetails(
  server: AccountsServer,
  user: LoggedIn,
  options: { birthDate?: string; name?: string } = {},
): Promise<{ name: string; idNumber: string }> {
  const name = options.name ?? '陳志明';
  const idNumber = randomNationalId('male');
  await ok(
    server,
    ENDPOINTS.userAuthSupplementUserInfo,
    {
      name,
      gender: 'male',
      birthDate: options.birthDate ?? '1988-11-20',
      idNumber,
      maritalStatus: 'married',
      education: 'senior_high',
      occupation: 'self_employed',
      monthlyIncome: 38000,
      county: '高雄市',
      district: '苓雅區',
      address: '四維三路 2 號',
      email: 'chen@example.tw',
    },
    user,
  );
  return { name, idNumber };
}

/** Step 2: two emergency contacts, with consent. */
export async function saveEmergencyContacts(server: AccountsServer, user: LoggedIn): Promise<void> {
  const contacts = [
    { name: '陳媽媽', relationship: 'parent', mobile: randomMobile() },
    { name: '李同事', relationship: 'colleague', mobile: randomMobile() },
  ];
  await ok(server, ENDPOINTS.emergencyContactAdd, { contacts, consent: true }, user);
}

/** Step 3: both sides of the ID card, uploaded, the front's reading confirmed. */
export async function saveIdCardPhotos(server: AccountsServer, user: LoggedIn): Promise<void> {
  await ok(
    server,
    ENDPOINTS.userAuthIdCardPhotos,
    { frontKey: await confirmedIdCardFront(server, user), backKey: await uploadKey(server, user) },
    user,
  );
}

/** Step 4: a new bank account bound in the holder's name; the card's id, as bindCard answers it. */
export async function bindBankCard(server: AccountsServer, user: LoggedIn, holderName: string): Promise<string> {
  const { card } = (await ok(
    server,
    ENDPOINTS.bindCardBind,
    { bankCode: '004', branchCode: '0040037', accountNumber: `1234567${randomInt(1_000_000, 9_999_999)}`, holderName },
    user,
  )) as TBankCardResponse;
  return card.id;
}

export async function createBorrower(server: AccountsServer, database: DatabaseHandle, options: BorrowerOptions = {}): Promise<Borrower> {
  const mobile = randomMobile();
  const user = await loginWithCode(server, mobile);
  const { name, idNumber } = await savePersonalDetails(server, user, { birthDate: options.birthDate });
  const borrower: Borrower = { ...user, mobile, name, idNumber, bankCardId: '' };
  if (options.stopBefore === 'contacts') return borrower;
  await saveEmergencyContacts(server, user);
  if (options.stopBefore === 'idCard') return borrower;
  await saveIdCardPhotos(server, user);
  if (options.stopBefore === 'bankCard') return borrower;
  borrower.bankCardId = await bindBankCard(server, user, name);
  if (options.stopBefore === 'face') return borrower;
  await insertRecordedAttempt(database.db, {
    userId: Number(user.userId),
    imageKey: await uploadKey(server, user),
    outcome: options.faceOutcome ?? 'passed',
  });
  return borrower;
}
