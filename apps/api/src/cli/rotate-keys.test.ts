import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { ID_NUMBER_TAKEN } from '@app/contract/messages/onboarding.ts';
import type { TBankCardListResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { TQueryUserDetailResponse } from '@app/contract/schemas/onboarding.ts';
import { bodyOf, loggedInUser, refusal, startAccountsServer, uploadedImage, type AccountsServer } from '../test/accounts-test-kit.ts';
import { createBorrower, type Borrower } from '../test/lending-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { testConfig } from '../test/test-server.ts';
import { rotateKeys } from './rotate-keys.ts';

/**
 * `npm run keys:rotate` end to end: a borrower onboarded under data key k1 (step 1, contacts,
 * the ID card's reading and photos, a bank account, an image); the rotation run with
 * DATA_KEYS=k2,k1; then a server holding k2 alone serves all of it, and the ID number's
 * blind index still keeps the number to one account.
 */

const K1 = `k1:${Buffer.alloc(32, 11).toString('base64')}`;
const K2 = `k2:${Buffer.alloc(32, 22).toString('base64')}`;
const BLIND = Buffer.alloc(32, 33).toString('base64');

let database: TestDatabase;
let dataDir: string;
const servers: AccountsServer[] = [];

const serverWith = async (dataKeys: string) => {
  const server = await startAccountsServer(database.handle, { env: { DATA_DIR: dataDir, DATA_KEYS: dataKeys, BLIND_INDEX_KEY: BLIND } });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rotate-keys-'));
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function seen(server: AccountsServer, borrower: Borrower, imageURL: string) {
  const call = async <T>(endpoint: Parameters<typeof server.client.call>[0]) =>
    bodyOf<T>((await server.client.call(endpoint, {}, borrower.headers)).envelope);
  const detail = await call<TQueryUserDetailResponse>(ENDPOINTS.userAuthQueryUserDetail);
  const cards = await call<TBankCardListResponse>(ENDPOINTS.bindCardList);
  const image = await fetch(`${server.baseUrl}${imageURL}`, { headers: borrower.headers });
  return {
    name: detail.personal?.name,
    birthDate: detail.personal?.birthDate,
    contacts: detail.contacts.map((contact) => contact.name),
    cards: JSON.stringify(cards),
    image: image.status === 200 ? Buffer.from(await image.arrayBuffer()).toString('base64') : image.status,
  };
}

describe('keys:rotate', () => {
  it('re-seals every row and file under the new key; a server with the new key alone serves the borrower as before', async () => {
    const before = await serverWith(K1);
    const borrower = await createBorrower(before, database.handle, { stopBefore: 'face' });
    const { imageURL } = await uploadedImage(before, borrower);
    const expected = await seen(before, borrower, imageURL);
    expect(expected).toMatchObject({ name: '陳志明', birthDate: '1988-11-20', contacts: ['陳媽媽', '李同事'] });
    expect(typeof expected.image).toBe('string');

    const lines: string[] = [];
    const report = await rotateKeys({
      config: testConfig({ DATA_DIR: dataDir, DATA_KEYS: `${K2},${K1}`, BLIND_INDEX_KEY: BLIND }),
      handle: database.handle,
      log: (line) => lines.push(line),
      batchSize: 2,
    });
    expect(report.rows).toMatchObject({ personal_details: 1, emergency_contacts: 2, bank_accounts: 1, id_card_readings: 1 });
    // Two ID card photos, the reading's front, the image above: every file re-wrapped.
    expect(report.files.resealed).toBeGreaterThanOrEqual(3);
    for (const [table, byKey] of Object.entries(report.remaining)) {
      expect(
        Object.keys(byKey).filter((key) => key !== 'k2'),
        table,
      ).toEqual([]);
    }
    expect(lines.join('\n')).not.toContain('陳志明');

    const after = await serverWith(K2);
    expect(await seen(after, borrower, imageURL)).toEqual(expected);

    // The blind index survived the rotation: the same ID number is still refused to another account.
    const other = await loggedInUser(after);
    const taken = await after.client.call(
      ENDPOINTS.userAuthSupplementUserInfo,
      {
        name: '別人',
        gender: 'male',
        birthDate: '1990-01-01',
        idNumber: borrower.idNumber,
        maritalStatus: 'married',
        education: 'senior_high',
        occupation: 'self_employed',
        monthlyIncome: 30000,
        county: '高雄市',
        district: '苓雅區',
        address: '一心一路 1 號',
        email: 'x@example.tw',
      },
      other.headers,
    );
    expect(taken.envelope).toEqual(refusal(ID_NUMBER_TAKEN));
    // A whole onboarding, a rotation and a second server: seconds, many more on a loaded machine.
  }, 120_000);
});
