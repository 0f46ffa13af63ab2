import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { CODE_EXPIRED, CODE_WRONG, DESTROY_OPEN_ORDER } from '@app/contract/messages/accounts.ts';
import { atRestKeysOf } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { phoneIndex } from '../../db/sealed-tables.ts';
import { getUserRegistration } from '../users/get-user-registration.ts';
import {
  deviceInfos,
  loanOrders,
  pushSubscriptions,
  sessions,
  sharedApps,
  sharedContacts,
  trackingEvents,
  uploadedFiles,
  userAttributions,
  userCredentials,
  userQuestions,
  users,
  verificationCodes,
} from '../../db/schema.ts';
import {
  accountsServerPerFile,
  SECOND,
  bodyOf,
  latestCode,
  loginWithCode,
  randomMobile,
  uploadedImage,
  type LoggedIn,
} from '../../test/accounts-test-kit.ts';

const { database, server } = accountsServerPerFile();
let db: Db;

beforeAll(() => {
  db = database.handle.db;
});

const ok = (envelope: unknown) => expect(envelope).toMatchObject({ status: STATUS_OK });

/** A user with something in every table of personal data, and an uploaded file on disk. */
async function populatedUser(mobile: string): Promise<LoggedIn & { id: number; fileKey: string }> {
  const user = await loginWithCode(server, mobile);
  const call = (endpoint: Parameters<typeof server.client.call>[0], payload: unknown) =>
    server.client.call(endpoint, payload, user.headers).then((r) => r.envelope);
  ok(await call(ENDPOINTS.initPassword, { password: 'abc12345' }));
  ok(
    await call(ENDPOINTS.deviceInfo, {
      userAgent: 'Mozilla/5.0 test',
      screenWidth: 390,
      screenHeight: 844,
      language: 'zh-TW',
      timeZone: 'Asia/Taipei',
    }),
  );
  ok(await call(ENDPOINTS.registryTokenInfo, { endpoint: `https://push.example/${mobile}`, keys: { p256dh: 'p', auth: 'a' } }));
  ok(await call(ENDPOINTS.appList, { apps: [{ name: 'LINE' }], consent: true }));
  ok(await call(ENDPOINTS.contactsList, { contacts: [{ name: '王小明', mobile: '0912345678', relationship: '朋友' }], consent: true }));
  const upload = await uploadedImage(server, user);
  ok(await call(ENDPOINTS.userQuestionSave, { kind: 'feedback', content: '截圖裡的畫面有問題', imageKey: upload.key }));
  ok(await call(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/me/index' }));
  const id = Number(user.userId);
  return { ...user, id, fileKey: upload.key };
}

/** The uploaded file as the configured store holds it (the local folder, or PostgreSQL's file_blobs). */
const storedFile = (user: { id: number; fileKey: string }) => server.app.fileStorage.read(user.id, user.fileKey);

async function destroyCode(user: LoggedIn, mobile: string): Promise<string> {
  server.clock.advance(61 * SECOND);
  ok((await server.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'destroy' }, user.headers)).envelope);
  return latestCode(server, mobile);
}

async function rowsOf(userId: number) {
  const count = async (
    table:
      | typeof deviceInfos
      | typeof pushSubscriptions
      | typeof sharedApps
      | typeof sharedContacts
      | typeof uploadedFiles
      | typeof userQuestions,
  ) => (await db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).length;
  return {
    credentials: (await db.select().from(userCredentials).where(eq(userCredentials.userId, userId))).length,
    attribution: (await db.select().from(userAttributions).where(eq(userAttributions.userId, userId))).length,
    devices: await count(deviceInfos),
    push: await count(pushSubscriptions),
    apps: await count(sharedApps),
    contacts: await count(sharedContacts),
    files: await count(uploadedFiles),
    questions: await count(userQuestions),
    trackingLinked: (await db.select().from(trackingEvents).where(eq(trackingEvents.userId, userId))).length,
  };
}

describe('account deletion', () => {
  it('is refused while an order is open, then deletes everything personal once it is settled', async () => {
    const mobile = randomMobile();
    const user = await populatedUser(mobile);
    const second = await loginWithCode(server, mobile);
    expect(await rowsOf(user.id)).toEqual({
      credentials: 1,
      attribution: 1,
      devices: 1,
      push: 1,
      apps: 1,
      contacts: 1,
      files: 1,
      questions: 1,
      trackingLinked: 1,
    });
    expect(await storedFile(user)).not.toBeNull();

    const [order] = await db.insert(loanOrders).values({ userId: user.id, state: '待還款', principal: 5000 }).returning();
    const code = await destroyCode(user, mobile);
    const destroy = (c: string) => server.client.call(ENDPOINTS.destroy, { code: c }, user.headers).then((r) => r.envelope);
    expect(await destroy(code)).toEqual({ status: STATUS_ERROR, message: DESTROY_OPEN_ORDER, body: null });
    expect(
      bodyOf<{ hasOpenOrder: boolean }>((await server.client.call(ENDPOINTS.queryCashUser, {}, user.headers)).envelope).hasOpenOrder,
    ).toBe(true);
    // Nothing was deleted by the refusal.
    expect((await rowsOf(user.id)).files).toBe(1);
    expect(await storedFile(user)).not.toBeNull();

    await db.update(loanOrders).set({ state: '已結清' }).where(eq(loanOrders.id, order!.id));
    expect(await destroy(code === '000000' ? '111111' : '000000')).toEqual({ status: STATUS_ERROR, message: CODE_WRONG, body: null });
    ok(await destroy(code));

    expect(await rowsOf(user.id)).toEqual({
      credentials: 0,
      attribution: 0,
      devices: 0,
      push: 0,
      apps: 0,
      contacts: 0,
      files: 0,
      questions: 0,
      trackingLinked: 0,
    });
    expect(await storedFile(user)).toBeNull();
    if (server.app.config.fileStore.kind === 'local') expect(existsSync(path.join(server.filesDir, String(user.id)))).toBe(false);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ phone: null, phoneHash: null });
    expect(
      await db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.phoneHash, phoneIndex(atRestKeysOf(db), mobile))),
    ).toEqual([]);
    // The loan record stays, attached only to the anonymous row.
    const [kept] = await db.select().from(loanOrders).where(eq(loanOrders.id, order!.id));
    expect(kept).toMatchObject({ userId: user.id, state: '已結清', principal: 5000 });
    // Every session ended.
    const open = (await db.select().from(sessions).where(eq(sessions.userId, user.id))).filter((s) => s.revokedAt === null);
    expect(open).toEqual([]);
    for (const headers of [user.headers, second.headers]) {
      expect((await server.client.call(ENDPOINTS.queryCashUser, {}, headers)).envelope?.status).toBe(STATUS_RELOGIN);
    }
    // Password login for the number is gone with it.
    const byPassword = await server.client.call(ENDPOINTS.login, { mobile, password: 'abc12345' });
    expect(byPassword.envelope?.status).toBe(STATUS_ERROR);

    // The same phone registers as a new user.
    const again = await loginWithCode(server, mobile);
    expect(again.isNewUser).toBe(true);
    expect(again.userId).not.toBe(user.userId);
    expect(again.hasPassword).toBe(false);
  });

  it('cannot be done with a code sent for login', async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    server.clock.advance(61 * SECOND);
    ok((await server.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' })).envelope);
    const loginCode = await latestCode(server, mobile);
    const answer = await server.client.call(ENDPOINTS.destroy, { code: loginCode }, user.headers);
    expect(answer.envelope).toEqual({ status: STATUS_ERROR, message: CODE_EXPIRED, body: null });
    expect((await getUserRegistration({ db, userId: Number(user.userId) }))?.phone).toBe(mobile);
  });

  it('needs a session', async () => {
    const answer = await server.client.call(ENDPOINTS.destroy, { code: '123456' });
    expect(answer.envelope?.status).toBe(STATUS_RELOGIN);
  });
});
