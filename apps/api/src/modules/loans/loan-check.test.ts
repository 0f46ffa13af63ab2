import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TLoanCheckResponse } from '@app/contract/schemas/onboarding.ts';
import {
  bodyOf,
  loginWithCode,
  pngBytes,
  randomMobile,
  startAccountsServer,
  uploadFile,
  type AccountsServer,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';

let database: TestDatabase;
let server: AccountsServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startAccountsServer(database.handle);
});

afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

/** A random male national ID (letter A) with a valid checksum. */
function randomMaleId(): string {
  const digits = [1, ...Array.from({ length: 7 }, () => randomInt(0, 10))];
  const sum = 1 + digits.reduce((total, d, i) => total + d * (8 - i), 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

const nextFor = async (user?: LoggedIn) =>
  bodyOf<TLoanCheckResponse>((await server.client.call(ENDPOINTS.loanCheck, {}, user?.headers ?? {})).envelope).next;

async function ok(endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS], payload: unknown, user: LoggedIn): Promise<void> {
  bodyOf((await server.client.call(endpoint, payload, user.headers)).envelope);
}

async function uploadKey(user: LoggedIn): Promise<string> {
  return bodyOf<{ key: string }>((await uploadFile(server, pngBytes(), user.headers)).envelope).key;
}

describe('loan/check: where 立即申請 goes', () => {
  it('login → personal → contacts → idCard → bankCard → face as the steps are saved', async () => {
    expect(await nextFor()).toBe('login');
    expect(await nextFor({ token: 'not-a-session', headers: { token: 'not-a-session' } } as LoggedIn)).toBe('login');

    const user = await loginWithCode(server, randomMobile());
    expect(await nextFor(user)).toBe('personal');

    await ok(
      ENDPOINTS.userAuthSupplementUserInfo,
      {
        name: '陳志明',
        gender: 'male',
        birthDate: '1988-11-20',
        idNumber: randomMaleId(),
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
    expect(await nextFor(user)).toBe('contacts');

    const contacts = [
      { name: '陳媽媽', relationship: 'parent', mobile: randomMobile() },
      { name: '李同事', relationship: 'colleague', mobile: randomMobile() },
    ];
    await ok(ENDPOINTS.emergencyContactAdd, { contacts, consent: true }, user);
    expect(await nextFor(user)).toBe('idCard');

    await ok(ENDPOINTS.userAuthIdCardPhotos, { frontKey: await uploadKey(user), backKey: await uploadKey(user) }, user);
    expect(await nextFor(user)).toBe('bankCard');

    await ok(ENDPOINTS.bindCardBind, { bankCode: '004', branchCode: '0040037', accountNumber: '12345678901234', holderName: '陳志明' }, user);
    expect(await nextFor(user)).toBe('face');
  });

  it('goes back to an earlier step left undone, whatever was done after it', async () => {
    const user = await loginWithCode(server, randomMobile());
    await ok(ENDPOINTS.userAuthIdCardPhotos, { frontKey: await uploadKey(user), backKey: await uploadKey(user) }, user);
    expect(await nextFor(user)).toBe('personal');
  });
});
