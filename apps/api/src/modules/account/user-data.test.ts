import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import { IMAGE_KEY_INVALID, UPLOAD_MISSING_FILE, UPLOAD_NOT_IMAGE } from '@app/contract/messages/help-center.ts';
import { UPLOAD_TOO_LARGE } from '@app/contract/messages/request-errors.ts';
import { PATHS } from '@app/contract/paths.ts';
import type { TUserDataListResponse } from '@app/contract/schemas/user.ts';
import type { TUserQuestionQueryResponse } from '@app/contract/schemas/question.ts';
import {
  accountsServerPerFile,
  bodyOf,
  loginWithCode,
  loggedInUser,
  pngBytes,
  randomMobile,
  refusal,
  uploadedImage,
  uploadFile,
  type AccountsServer,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';

const { server } = accountsServerPerFile();
const aliceMobile = randomMobile();
let alice: LoggedIn;
let bob: LoggedIn;
let aliceKey: string;
let aliceImageUrl: string;

beforeAll(async () => {
  alice = await loginWithCode(server, aliceMobile);
  bob = await loggedInUser(server);
  ({ key: aliceKey, imageURL: aliceImageUrl } = await uploadedImage(server, alice, pngBytes(100)));
});

const call = (endpoint: Parameters<AccountsServer['client']['call']>[0], payload: unknown, user?: LoggedIn) =>
  server.client.call(endpoint, payload, user?.headers ?? {}).then((r) => r.envelope);

describe('uploads', () => {
  it('answers a key and an API path, and serves the bytes to the owner only', async () => {
    expect(aliceKey).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(aliceImageUrl).toBe(`${PATHS.uploadFile.path}?key=${aliceKey}`);
    const own = await fetch(`${server.baseUrl}${aliceImageUrl}`, { headers: alice.headers });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(pngBytes(100));

    const foreign = await fetch(`${server.baseUrl}${aliceImageUrl}`, { headers: bob.headers });
    const anonymous = await fetch(`${server.baseUrl}${aliceImageUrl}`);
    const missing = await fetch(`${server.baseUrl}${PATHS.uploadFile.path}?key=${'0'.repeat(32)}.png`, { headers: alice.headers });
    const traversal = await fetch(`${server.baseUrl}${PATHS.uploadFile.path}?key=..%2F..%2Fetc%2Fpasswd`, { headers: alice.headers });
    for (const response of [foreign, anonymous, missing, traversal]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not Found');
    }
  });

  it('refuses what is not an image, whatever its declared type and name', async () => {
    const script = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const answer = await uploadFile(server, script, bob.headers, { type: 'image/png', name: 'cat.png' });
    expect(answer.envelope).toEqual(refusal(UPLOAD_NOT_IMAGE));
  });

  it('refuses a file over 5 MB and accepts one of exactly 5 MB', async () => {
    const over = await uploadFile(server, pngBytes(5 * 1024 * 1024 + 1), bob.headers);
    expect(over.envelope).toEqual(refusal(UPLOAD_TOO_LARGE));
    const exact = await uploadFile(server, pngBytes(5 * 1024 * 1024), bob.headers);
    expect(exact.envelope?.status).toBe(STATUS_OK);
  });

  it('needs the file field and a session', async () => {
    expect((await uploadFile(server, pngBytes(), bob.headers, { field: 'image' })).envelope).toEqual(refusal(UPLOAD_MISSING_FILE));
    expect((await uploadFile(server, pngBytes(), {})).envelope?.status).toBe(STATUS_RELOGIN);
  });
});

describe('questions and feedback', () => {
  it("accepts only a screenshot the same user uploaded, and lists only the caller's own", async () => {
    const content = '還款後訂單狀態沒有更新';
    expect(await call(ENDPOINTS.userQuestionSave, { kind: 'question', content, imageKey: aliceKey }, bob)).toEqual(
      refusal(IMAGE_KEY_INVALID),
    );
    const saved = bodyOf<{ id: string }>(await call(ENDPOINTS.userQuestionSave, { kind: 'question', content, imageKey: aliceKey }, alice));
    // Bob even claims Alice's ids in the headers: the session decides.
    const bobView = bodyOf<TUserQuestionQueryResponse>(
      (await server.client.call(ENDPOINTS.userQuestionQuery, {}, { ...bob.headers, userId: alice.userId, uuId: alice.uuId })).envelope,
    );
    expect(bobView.mine).toEqual([]);
    const aliceView = bodyOf<TUserQuestionQueryResponse>(await call(ENDPOINTS.userQuestionQuery, {}, alice));
    expect(aliceView.mine).toEqual([
      expect.objectContaining({ id: saved.id, kind: 'question', content, state: 'open', answer: null, hasImage: true }),
    ]);
    expect((await call(ENDPOINTS.userQuestionSave, { kind: 'feedback', content: '匿名的回饋內容' }))?.status).toBe(STATUS_RELOGIN);
  });

  it('serves the FAQ to anyone, grouped and filtered by keyword', async () => {
    const all = bodyOf<TUserQuestionQueryResponse>(await call(ENDPOINTS.userQuestionQuery, {}));
    expect(all.mine).toEqual([]);
    expect(all.faq.map((g) => g.group)).toEqual(['申請資格', '費用與利率', '還款與展期', '帳號與隱私']);
    expect(all.faq.flatMap((g) => g.items).length).toBeGreaterThanOrEqual(8);
    const filtered = bodyOf<TUserQuestionQueryResponse>(await call(ENDPOINTS.userQuestionQuery, { keyword: '展期' }));
    const items = filtered.faq.flatMap((g) => g.items);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(all.faq.flatMap((g) => g.items).length);
    expect(items.every((i) => `${i.question}${i.answer}`.includes('展期'))).toBe(true);
    const none = bodyOf<TUserQuestionQueryResponse>(await call(ENDPOINTS.userQuestionQuery, { keyword: '%_不存在的字' }));
    expect(none.faq).toEqual([]);
  });
});

describe('who am I and the personal data list', () => {
  it('stores only what was sent, with consent, and lists it back by category for its owner only', async () => {
    expect((await call(ENDPOINTS.appList, { apps: [{ name: 'LINE' }], consent: false }, alice))?.status).toBe(STATUS_ERROR);
    expect(
      (await call(ENDPOINTS.contactsList, { contacts: [{ name: '陳大文', mobile: '0987654321', relationship: '同事' }] }, alice))?.status,
    ).toBe(STATUS_ERROR);
    expect((await call(ENDPOINTS.appList, { apps: [{ name: 'LINE' }, { name: '街口支付' }], consent: true }, alice))?.status).toBe(
      STATUS_OK,
    );
    expect(
      (
        await call(
          ENDPOINTS.contactsList,
          { contacts: [{ name: '陳大文', mobile: '0987654321', relationship: '同事' }], consent: true },
          alice,
        )
      )?.status,
    ).toBe(STATUS_OK);
    expect(
      (
        await call(
          ENDPOINTS.deviceInfo,
          { userAgent: 'Mozilla/5.0 (iPhone)', screenWidth: 390, screenHeight: 844, language: 'zh-TW', timeZone: 'Asia/Taipei' },
          alice,
        )
      )?.status,
    ).toBe(STATUS_OK);
    expect(
      (await call(ENDPOINTS.registryTokenInfo, { endpoint: 'https://push.example/alice', keys: { p256dh: 'k', auth: 'a' } }, alice))
        ?.status,
    ).toBe(STATUS_OK);

    const list = bodyOf<TUserDataListResponse>(await call(ENDPOINTS.userDataList, {}, alice));
    const category = (key: string) => list.categories.find((c) => c.category === key);
    expect(category('account')?.items).toContainEqual({
      label: DATA_LIST.mobile,
      value: `${aliceMobile.slice(0, 4)}***${aliceMobile.slice(-3)}`,
    });
    expect(category('account')?.items).toContainEqual({ label: DATA_LIST.password, value: DATA_LIST.passwordNotSet });
    expect(category('devices')?.items.some((i) => i.value.includes('Mozilla/5.0 (iPhone)'))).toBe(true);
    expect(category('push')?.items).toContainEqual({ label: DATA_LIST.push, value: DATA_LIST.pushSubscribed });
    expect(category('shared')?.items).toContainEqual({ label: DATA_LIST.sharedApp, value: '街口支付' });
    expect(category('shared')?.items).toContainEqual({ label: DATA_LIST.sharedContact, value: '陳大文（同事）0987***321' });
    expect(category('files')?.items).toContainEqual({ label: DATA_LIST.filesCount, value: '1' });
    // No full number anywhere in the answer.
    expect(JSON.stringify(list)).not.toContain(aliceMobile);
    expect(JSON.stringify(list)).not.toContain('0987654321');

    const bobList = bodyOf<TUserDataListResponse>(await call(ENDPOINTS.userDataList, {}, bob));
    expect(JSON.stringify(bobList)).not.toContain('街口支付');
    expect(JSON.stringify(bobList)).not.toContain('iPhone');
    expect(bobList.categories.find((c) => c.category === 'push')?.items).toContainEqual({
      label: DATA_LIST.push,
      value: DATA_LIST.pushNotSubscribed,
    });

    const bobMe = bodyOf<{ userId: string }>(
      (await server.client.call(ENDPOINTS.queryCashUser, {}, { ...bob.headers, userId: alice.userId, uuId: alice.uuId })).envelope,
    );
    expect(bobMe.userId).toBe(bob.userId);
  });

  it('replaces the shared list rather than adding to it', async () => {
    await call(ENDPOINTS.appList, { apps: [], consent: true }, alice);
    const list = bodyOf<TUserDataListResponse>(await call(ENDPOINTS.userDataList, {}, alice));
    expect(JSON.stringify(list)).not.toContain('街口支付');
  });
});

describe('legal documents', () => {
  it('are readable before login, rendered to HTML', async () => {
    for (const key of ['user_agreement', 'privacy_policy', 'loan_contract_template']) {
      const doc = bodyOf<{ key: string; title: string; html: string; version: string }>(await call(ENDPOINTS.commonDocument, { key }));
      expect(doc.key).toBe(key);
      expect(doc.html).toMatch(/^<h1>/);
      expect(doc.html).toContain('<h2>');
      expect(doc.html).not.toContain('##');
    }
  });

  it('refuses unknown keys by the contract', async () => {
    expect((await call(ENDPOINTS.commonDocument, { key: 'secrets' }))?.status).toBe(STATUS_ERROR);
  });
});
