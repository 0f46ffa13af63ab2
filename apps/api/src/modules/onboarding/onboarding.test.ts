import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { Envelope } from '@app/contract/envelope.ts';
import {
  CONTACT_CONSENT_REQUIRED,
  CONTACT_IS_SELF,
  CONTACTS_DUPLICATE,
  CONTACTS_TOO_FEW,
  DISTRICT_INVALID,
  ID_NUMBER_CHECK_LIMIT,
  ID_NUMBER_GENDER_MISMATCH,
  ID_NUMBER_INVALID,
  ID_NUMBER_REQUIRED,
  ID_NUMBER_TAKEN,
  PHOTO_NOT_FOUND,
  UNDER_AGE,
} from '@app/contract/messages/onboarding.ts';
import type {
  TCommonAddressResponse,
  TEmergencyContactAddRequest,
  TQueryUserDetailResponse,
  TSupplementUserInfoRequest,
} from '@app/contract/schemas/onboarding.ts';
import type { TQueryCashUserResponse, TUserDataListResponse } from '@app/contract/schemas/user.ts';
import {
  accountsServerPerFile,
  bodyOf,
  latestCode,
  loginWithCode,
  loggedInUser,
  randomMobile,
  refusal,
  uploadedImage,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';
import { confirmedIdCardFront } from '../../test/id-card-test-kit.ts';
import { ID_CARD_NOT_CONFIRMED } from '@app/contract/messages/identity-document.ts';
import { taipeiDateOf } from './adult-age.ts';
import { IDENTITY_PROBES_PER_HOUR } from './identity-probe-limit.ts';

const logLines: string[] = [];

const { server } = accountsServerPerFile({ logStream: { write: (line) => logLines.push(line) } });

const LETTER_VALUES: Record<string, number> = { A: 10, B: 11, F: 15, H: 17, K: 19, T: 27 };

/** A random national ID with a valid checksum: 1 male, 2 female. */
function randomNationalId(gender: 'male' | 'female'): string {
  const letter = 'ABFHKT'.charAt(randomInt(0, 6));
  const value = LETTER_VALUES[letter] ?? 10;
  const digits = [gender === 'male' ? 1 : 2, ...Array.from({ length: 7 }, () => randomInt(0, 10))];
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  const sum = Math.floor(value / 10) + (value % 10) * 9 + digits.reduce((total, d, i) => total + d * (weights[i] ?? 0), 0);
  return `${letter}${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

function detailsFor(overrides: Partial<TSupplementUserInfoRequest> = {}): TSupplementUserInfoRequest {
  return {
    name: '王小明',
    gender: 'male',
    birthDate: '1990-05-01',
    idNumber: randomNationalId('male'),
    maritalStatus: 'single',
    education: 'bachelor',
    occupation: 'employee',
    employer: '小安科技',
    monthlyIncome: 42000,
    county: '臺北市',
    district: '中正區',
    address: '重慶南路一段 122 號',
    email: 'ming@example.tw',
    lineId: 'ming',
    ...overrides,
  };
}

const contactsOf = (...mobiles: string[]): TEmergencyContactAddRequest['contacts'] =>
  mobiles.map((mobile, i) => ({ name: `聯絡人${i + 1}`, relationship: i === 0 ? 'parent' : 'friend', mobile }));

async function call(endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS], payload: unknown, user?: LoggedIn): Promise<Envelope | null> {
  return (await server.client.call(endpoint, payload, user?.headers ?? {})).envelope;
}

const detailOf = async (user: LoggedIn) => bodyOf<TQueryUserDetailResponse>(await call(ENDPOINTS.userAuthQueryUserDetail, {}, user));

async function uploadKey(user: LoggedIn): Promise<string> {
  return (await uploadedImage(server, user)).key;
}

/** `YYYY-MM-DD`, `years` before the server's Taipei date today, `days` later. */
function birthDateAged(years: number, days = 0): string {
  const [y, m, d] = taipeiDateOf(server.clock.now()).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

describe('step 1: personal details', () => {
  it('saves, answers them with the ID number masked, and keeps them (台 accepted, 臺 stored)', async () => {
    const user = await loggedInUser(server);
    const idNumber = randomNationalId('female');
    const saved = bodyOf<TQueryUserDetailResponse>(
      await call(
        ENDPOINTS.userAuthSupplementUserInfo,
        detailsFor({ gender: 'female', idNumber: idNumber.toLowerCase(), county: '台中市', district: '西屯區' }),
        user,
      ),
    );
    expect(saved.personal).toMatchObject({ name: '王小明', gender: 'female', county: '臺中市', district: '西屯區', monthlyIncome: 42000 });
    expect(saved.personal?.maskedIdNumber).toBe(`${idNumber.slice(0, 3)}****${idNumber.slice(-3)}`);
    expect(JSON.stringify(saved)).not.toContain(idNumber);
    expect(saved.done).toEqual({ personal: true, contacts: false, idCard: false });
    expect(await detailOf(user)).toEqual(saved);
  });

  it('is corrected by saving again, keeping the ID number when it is left out', async () => {
    const user = await loggedInUser(server);
    const first = detailsFor();
    bodyOf(await call(ENDPOINTS.userAuthSupplementUserInfo, first, user));
    const { idNumber: _kept, ...rest } = first;
    const corrected = bodyOf<TQueryUserDetailResponse>(
      await call(ENDPOINTS.userAuthSupplementUserInfo, { ...rest, name: '王大明', monthlyIncome: 51000 }, user),
    );
    expect(corrected.personal).toMatchObject({ name: '王大明', monthlyIncome: 51000 });
    expect(corrected.personal?.maskedIdNumber).toBe(`${first.idNumber?.slice(0, 3)}****${first.idNumber?.slice(-3)}`);
  });

  it('takes an age of exactly 20 today (Taipei date)', async () => {
    const user = await loggedInUser(server);
    const birthDate = birthDateAged(20);
    const saved = bodyOf<TQueryUserDetailResponse>(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor({ birthDate }), user));
    expect(saved.personal?.birthDate).toBe(birthDate);
  });

  it('refuses, with its own message and changing nothing: checksum, gender, age, district, no number, a number already used', async () => {
    const owner = await loggedInUser(server);
    const taken = randomNationalId('male');
    bodyOf(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor({ idNumber: taken }), owner));

    const user = await loggedInUser(server);
    const mine = detailsFor();
    const before = bodyOf<TQueryUserDetailResponse>(await call(ENDPOINTS.userAuthSupplementUserInfo, mine, user));
    const badChecksum = `${taken.slice(0, 9)}${(Number(taken.slice(9)) + 1) % 10}`;
    const cases: Array<[Partial<TSupplementUserInfoRequest>, string]> = [
      [{ idNumber: badChecksum }, ID_NUMBER_INVALID],
      [{ idNumber: randomNationalId('female') }, ID_NUMBER_GENDER_MISMATCH],
      [{ gender: 'female' }, ID_NUMBER_GENDER_MISMATCH],
      [{ birthDate: birthDateAged(20, 1) }, UNDER_AGE],
      [{ county: '臺北市', district: '西屯區' }, DISTRICT_INVALID],
      [{ idNumber: taken }, ID_NUMBER_TAKEN],
      [{ idNumber: taken.toLowerCase(), name: '別人' }, ID_NUMBER_TAKEN],
    ];
    for (const [change, message] of cases) {
      expect(await call(ENDPOINTS.userAuthSupplementUserInfo, { ...mine, ...change }, user), JSON.stringify(change)).toEqual(
        refusal(message),
      );
    }
    expect(await detailOf(user)).toEqual(before);

    const fresh = await loggedInUser(server);
    const { idNumber: _none, ...withoutNumber } = detailsFor();
    expect(await call(ENDPOINTS.userAuthSupplementUserInfo, withoutNumber, fresh)).toEqual(refusal(ID_NUMBER_REQUIRED));
    expect((await detailOf(fresh)).personal).toBeNull();
    // Nothing personal in the log: neither the number tried nor the one it belongs to.
    expect(logLines.join('\n')).not.toContain(taken);
  });

  it('two accounts saving one ID number at the same moment: exactly one gets it', async () => {
    const [first, second] = [await loggedInUser(server), await loggedInUser(server)];
    const idNumber = randomNationalId('male');
    const answers = await Promise.all(
      [first, second].map((user) => call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor({ idNumber }), user)),
    );
    expect(answers.map((answer) => answer?.status).sort()).toEqual([200, 500]);
    expect(answers.find((answer) => answer?.status === 500)).toEqual(refusal(ID_NUMBER_TAKEN));
  });

  it("identitycheck: free, or the caller's own, is available; another account's is not, whoever holds it", async () => {
    const owner = await loggedInUser(server);
    const taken = randomNationalId('male');
    bodyOf(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor({ idNumber: taken }), owner));
    const other = await loggedInUser(server);
    const check = async (idNumber: string, user: LoggedIn) => call(ENDPOINTS.userAuthIdentityCheck, { idNumber }, user);
    expect(bodyOf(await check(taken, other))).toEqual({ available: false });
    expect(bodyOf(await check(taken, owner))).toEqual({ available: true });
    expect(bodyOf(await check(randomNationalId('female'), other))).toEqual({ available: true });
    expect(await check('A123456788', other)).toEqual(refusal(ID_NUMBER_INVALID));
    expect((await call(ENDPOINTS.userAuthIdentityCheck, { idNumber: taken }))?.status).toBe(301);
  });
  it('answers at most IDENTITY_PROBES_PER_HOUR checks an hour per user: too few to search for people', async () => {
    const user = await loggedInUser(server);
    for (let i = 0; i < IDENTITY_PROBES_PER_HOUR; i += 1) {
      bodyOf(await call(ENDPOINTS.userAuthIdentityCheck, { idNumber: randomNationalId('male') }, user));
    }
    expect(await call(ENDPOINTS.userAuthIdentityCheck, { idNumber: randomNationalId('male') }, user)).toEqual(
      refusal(ID_NUMBER_CHECK_LIMIT),
    );
    expect(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor(), user)).toEqual(refusal(ID_NUMBER_CHECK_LIMIT));
    server.clock.advance(3_600_000);
    bodyOf(await call(ENDPOINTS.userAuthIdentityCheck, { idNumber: randomNationalId('male') }, user));
  });
});

describe('address list', () => {
  it('answers the 22 counties and cities with their 368 districts and 3-digit postal codes, logged out', async () => {
    const { counties } = bodyOf<TCommonAddressResponse>(await call(ENDPOINTS.loanCommonAddress, {}));
    expect(counties).toHaveLength(22);
    expect(counties.reduce((n, county) => n + county.districts.length, 0)).toBe(368);
    expect(counties.map((c) => c.name)).toEqual(expect.arrayContaining(['臺北市', '新北市', '臺東縣', '連江縣', '金門縣', '澎湖縣']));
    expect(counties.find((c) => c.name === '臺北市')?.districts[0]).toEqual({ name: '中正區', zipCode: '100' });
    for (const county of counties) for (const district of county.districts) expect(district.zipCode).toMatch(/^\d{3}$/);
  });
});

describe('step 2: emergency contacts', () => {
  it('replaces the list, normalises and masks the mobiles, and stores when the notice was accepted', async () => {
    const user = await loggedInUser(server);
    const [a, b, c] = [randomMobile(), randomMobile(), randomMobile()];
    bodyOf(await call(ENDPOINTS.emergencyContactAdd, { contacts: contactsOf(a, b, c), consent: true }, user));
    const saved = bodyOf<TQueryUserDetailResponse>(
      await call(ENDPOINTS.emergencyContactAdd, { contacts: contactsOf(`+886${b.slice(1)}`, c), consent: true }, user),
    );
    expect(saved.contacts).toEqual([
      { name: '聯絡人1', relationship: 'parent', maskedMobile: `${b.slice(0, 4)}***${b.slice(-3)}` },
      { name: '聯絡人2', relationship: 'friend', maskedMobile: `${c.slice(0, 4)}***${c.slice(-3)}` },
    ]);
    expect(saved.contactConsentAt).toBe(server.clock.now().toISOString());
    expect(saved.done.contacts).toBe(true);
    expect(JSON.stringify(saved)).not.toContain(b);
  });

  it("refuses, changing nothing: the user's own number, duplicates, fewer than two, no consent", async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    const [a, b] = [randomMobile(), randomMobile()];
    const before = bodyOf<TQueryUserDetailResponse>(
      await call(ENDPOINTS.emergencyContactAdd, { contacts: contactsOf(a, b), consent: true }, user),
    );
    const cases: Array<[unknown, string]> = [
      [{ contacts: contactsOf(a, mobile), consent: true }, CONTACT_IS_SELF],
      [{ contacts: contactsOf(a, `+886${mobile.slice(1)}`), consent: true }, CONTACT_IS_SELF],
      [{ contacts: contactsOf(a, a), consent: true }, CONTACTS_DUPLICATE],
      [{ contacts: contactsOf(a, `${a.slice(0, 4)}-${a.slice(4, 7)}-${a.slice(7)}`), consent: true }, CONTACTS_DUPLICATE],
      [{ contacts: contactsOf(a), consent: true }, CONTACTS_TOO_FEW],
      [{ contacts: contactsOf(a, b), consent: false }, CONTACT_CONSENT_REQUIRED],
      [{ contacts: contactsOf(a, b) }, CONTACT_CONSENT_REQUIRED],
    ];
    for (const [payload, message] of cases) {
      expect(await call(ENDPOINTS.emergencyContactAdd, payload, user), JSON.stringify(payload)).toEqual(refusal(message));
    }
    expect(await detailOf(user)).toEqual(before);
  });
});

describe('step 3: ID card photos and the second document', () => {
  it("saves the user's own uploads, and refuses another user's keys or unknown ones, changing nothing", async () => {
    const user = await loggedInUser(server);
    const other = await loggedInUser(server);
    const [front, back, licence] = [await confirmedIdCardFront(server, user), await uploadKey(user), await uploadKey(user)];
    const othersKey = await uploadKey(other);

    expect(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: othersKey }, user)).toEqual(refusal(PHOTO_NOT_FOUND));
    expect(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: 'not-a-key', backKey: back }, user)).toEqual(refusal(PHOTO_NOT_FOUND));
    expect(await call(ENDPOINTS.userAuthLicense, { kind: 'driver_license', imageKey: othersKey }, user)).toEqual(refusal(PHOTO_NOT_FOUND));
    expect(await detailOf(user)).toMatchObject({
      idCard: { frontKey: null, backKey: null },
      secondDocument: null,
      done: { idCard: false },
    });

    const saved = bodyOf<TQueryUserDetailResponse>(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: back }, user));
    expect(saved).toMatchObject({ idCard: { frontKey: front, backKey: back }, done: { idCard: true } });
    const withLicence = bodyOf<TQueryUserDetailResponse>(
      await call(ENDPOINTS.userAuthLicense, { kind: 'health_insurance', imageKey: licence }, user),
    );
    expect(withLicence.secondDocument).toEqual({ kind: 'health_insurance', imageKey: licence });
  });
});

describe('step 3 is complete only with a confirmed card', () => {
  it('refuses a front never read or read and not confirmed, changing nothing; the confirmed front saves', async () => {
    const user = await loggedInUser(server);
    const [unread, back] = [await uploadKey(user), await uploadKey(user)];
    expect(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: unread, backKey: back }, user)).toEqual(refusal(ID_CARD_NOT_CONFIRMED));
    expect(await detailOf(user)).toMatchObject({ idCard: { frontKey: null, backKey: null }, done: { idCard: false } });
    // Another user's confirmed front is still not this user's.
    const other = await loggedInUser(server);
    const othersFront = await confirmedIdCardFront(server, other);
    expect(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: othersFront, backKey: back }, user)).toEqual(refusal(PHOTO_NOT_FOUND));
    const front = await confirmedIdCardFront(server, user);
    const saved = bodyOf<TQueryUserDetailResponse>(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: back }, user));
    expect(saved.done.idCard).toBe(true);
  });
});

describe('privacy between users', () => {
  it("one user never sees another's details, contacts or photos", async () => {
    const alice = await loggedInUser(server);
    const bob = await loggedInUser(server);
    const front = await confirmedIdCardFront(server, alice);
    const back = await uploadKey(alice);
    bodyOf(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor({ name: '林愛麗' }), alice));
    bodyOf(await call(ENDPOINTS.emergencyContactAdd, { contacts: contactsOf(randomMobile(), randomMobile()), consent: true }, alice));
    bodyOf(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: back }, alice));

    // Bob cannot claim Alice's photos, and his own detail is empty.
    expect(await call(ENDPOINTS.userAuthIdCardPhotos, { frontKey: front, backKey: back }, bob)).toEqual(refusal(PHOTO_NOT_FOUND));
    const bobs = await detailOf(bob);
    expect(bobs).toEqual({
      personal: null,
      contacts: [],
      contactConsentAt: null,
      idCard: { frontKey: null, backKey: null },
      secondDocument: null,
      done: { personal: false, contacts: false, idCard: false },
    });
    const photo = await fetch(`${server.baseUrl}/api/v3/upload/file?key=${front}`, { headers: bob.headers });
    expect(photo.status).toBe(404);
  });
});

describe('personal data', () => {
  it('lists steps 1-3 masked and erases them with the account; the number is free again', async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    const idNumber = randomNationalId('male');
    const contact = randomMobile();
    bodyOf(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor({ idNumber }), user));
    bodyOf(await call(ENDPOINTS.emergencyContactAdd, { contacts: contactsOf(contact, randomMobile()), consent: true }, user));
    const list = bodyOf<TUserDataListResponse>(await call(ENDPOINTS.userDataList, {}, user));
    const text = JSON.stringify(list);
    expect(text).toContain(`${idNumber.slice(0, 3)}****${idNumber.slice(-3)}`);
    expect(text).toContain(`${contact.slice(0, 4)}***${contact.slice(-3)}`);
    expect(text).not.toContain(idNumber);
    expect(text).not.toContain(contact);
    // Under their own categories of the list.
    const itemsOf = (key: string) => JSON.stringify(list.categories.find((c) => c.category === key)?.items ?? []);
    expect(itemsOf('identity')).toContain(`${idNumber.slice(0, 3)}****${idNumber.slice(-3)}`);
    expect(itemsOf('contacts')).toContain(`${contact.slice(0, 4)}***${contact.slice(-3)}`);

    server.clock.advance(210_000);
    bodyOf(await call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'destroy' }, user));
    bodyOf(await call(ENDPOINTS.destroy, { code: await latestCode(server, mobile) }, user));

    const next = await loggedInUser(server);
    expect(bodyOf(await call(ENDPOINTS.userAuthIdentityCheck, { idNumber }, next))).toEqual({ available: true });
  });
});

describe('queryCashUser steps', () => {
  it('come from the saved steps', async () => {
    const user = await loggedInUser(server);
    const stepsOf = async () => bodyOf<TQueryCashUserResponse>(await call(ENDPOINTS.queryCashUser, {}, user));
    expect((await stepsOf()).completedSteps).toBe(0);
    bodyOf(await call(ENDPOINTS.userAuthSupplementUserInfo, detailsFor(), user));
    bodyOf(await call(ENDPOINTS.emergencyContactAdd, { contacts: contactsOf(randomMobile(), randomMobile()), consent: true }, user));
    const after = await stepsOf();
    expect(after.completedSteps).toBe(2);
    expect(after.steps).toEqual([
      { key: 'personal', done: true },
      { key: 'contacts', done: true },
      { key: 'idCard', done: false },
      { key: 'bankCard', done: false },
      { key: 'face', done: false },
    ]);
  });
});
