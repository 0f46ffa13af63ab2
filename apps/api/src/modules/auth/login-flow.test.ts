import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { CODE_EXPIRED, CODE_TOO_MANY_TRIES, CODE_WRONG, INVALID_MOBILE, PASSWORD_RULE } from '@app/contract/messages/accounts.ts';
import { SESSION_EXPIRED } from '@app/contract/messages/request-errors.ts';
import { sessions, userAttributions, users, verificationCodes } from '../../db/schema.ts';
import { atRestKeysOf } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { phoneIndex } from '../../db/sealed-tables.ts';
import { getUserRegistration } from '../users/get-user-registration.ts';
import {
  accountsServerPerFile,
  bodyOf,
  HOUR,
  latestCode,
  loggedInUser,
  login,
  loginWithCode,
  MINUTE,
  randomMobile,
  refusal,
  SECOND,
  sendCode,
  wrongOf,
} from '../../test/accounts-test-kit.ts';

const { database, server } = accountsServerPerFile();

/** The number's blind index: the only form of it the database can be asked for. */
const indexOf = (db: Db, mobile: string) => phoneIndex(atRestKeysOf(db), mobile);

describe('login with a code', () => {
  it('registers on the first login with its attribution, and finds the same user afterwards', async () => {
    const mobile = randomMobile();
    const blob = server.client.cipher.encrypt(
      JSON.stringify({ deviceId: 'device-abcdef-123', sourceChannel: 'fb_ads', urlData: { type: 'fb_ads', utm: 'spring' } }),
    );
    const sent = await server.client.call(ENDPOINTS.sendVerifyCode, { mobile: `+886${mobile.slice(1)}` }, { token: blob });
    expect(sent.envelope).toEqual({ status: STATUS_OK, message: '', body: { resendAfterSeconds: 60, expiresInSeconds: 300 } });

    const code = await latestCode(server, mobile);
    const first = await server.client.call(ENDPOINTS.login, { mobile, code }, { token: blob, sourceChannel: 'fb_ads' });
    const body = bodyOf<{ token: string; userId: string; uuId: string; isNewUser: boolean; hasPassword: boolean }>(first.envelope);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ isNewUser: true, hasPassword: false });

    const db = database.handle.db;
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.phoneHash, indexOf(db, mobile)));
    expect(user?.uuid).toBe(body.uuId);
    // The number is sealed in its row, not in clear.
    expect(user?.phone).not.toContain(mobile.slice(-6));
    expect(user?.keyId).toBe('dev');
    expect(String(user?.id)).toBe(body.userId);
    const [attribution] = await db
      .select()
      .from(userAttributions)
      .where(eq(userAttributions.userId, Number(body.userId)));
    expect(attribution).toMatchObject({
      sourceChannel: 'fb_ads',
      deviceId: 'device-abcdef-123',
      urlData: { type: 'fb_ads', utm: 'spring' },
    });
    // The token is stored only as its hash.
    const stored = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, Number(body.userId)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(body.token);

    const me = await server.client.call(ENDPOINTS.queryCashUser, {}, { token: body.token });
    expect(bodyOf(me.envelope)).toMatchObject({
      userId: body.userId,
      uuId: body.uuId,
      maskedMobile: `${mobile.slice(0, 4)}***${mobile.slice(-3)}`,
      hasPassword: false,
      completedSteps: 0,
      creditLimit: 0,
      hasOpenOrder: false,
    });

    const again = await loginWithCode(server, mobile);
    expect(again).toMatchObject({ userId: body.userId, uuId: body.uuId, isNewUser: false });
    expect(again.token).not.toBe(body.token);
  });

  it('stores codes only as an HMAC', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    const [row] = await database.handle.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.phoneHash, indexOf(database.handle.db, mobile)));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // The number only as its blind index.
    expect(Object.keys(row ?? {})).not.toContain('phone');
    expect(JSON.stringify(row)).not.toContain(mobile.slice(-6));
    expect(row?.codeHash).not.toContain(code);
  });

  it('says a wrong code is wrong, and still accepts the right one after', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    expect(await login(server, { mobile, code: wrongOf(code) })).toEqual(refusal(CODE_WRONG));
    expect((await login(server, { mobile, code }))?.status).toBe(STATUS_OK);
  });

  it('refuses a reused code', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    expect((await login(server, { mobile, code }))?.status).toBe(STATUS_OK);
    expect(await login(server, { mobile, code })).toEqual(refusal(CODE_EXPIRED));
  });

  it('refuses an expired code (5 minutes, clock moved)', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    server.clock.advance(5 * MINUTE);
    expect(await login(server, { mobile, code })).toEqual(refusal(CODE_EXPIRED));
  });

  it('accepts a code just before it expires', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    server.clock.advance(5 * MINUTE - SECOND);
    expect((await login(server, { mobile, code }))?.status).toBe(STATUS_OK);
  });

  it('burns the code after 5 wrong tries: the 6th is refused even with the right code', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    const wrong = wrongOf(code);
    for (let i = 0; i < 4; i += 1) expect(await login(server, { mobile, code: wrong })).toEqual(refusal(CODE_WRONG));
    expect(await login(server, { mobile, code: wrong })).toEqual(refusal(CODE_TOO_MANY_TRIES));
    expect(await login(server, { mobile, code })).toEqual(refusal(CODE_TOO_MANY_TRIES));
    // A new code works again.
    await sendCode(server, mobile);
    expect((await login(server, { mobile, code: await latestCode(server, mobile) }))?.status).toBe(STATUS_OK);
  });

  it('never allows more than 5 tries when 20 guesses arrive at once', async () => {
    const mobile = randomMobile();
    await sendCode(server, mobile);
    const code = await latestCode(server, mobile);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => login(server, { mobile, code: guess })));
    expect(answers.filter((a) => a?.message === CODE_WRONG).length).toBe(4);
    expect(answers.filter((a) => a?.message === CODE_TOO_MANY_TRIES).length).toBe(16);
    const [row] = await database.handle.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.phoneHash, indexOf(database.handle.db, mobile)));
    expect(row?.attempts).toBe(5);
  });

  it('refuses a code sent for another purpose', async () => {
    const user = await loggedInUser(server);
    const row = await getUserRegistration({ db: database.handle.db, userId: Number(user.userId) });
    const mobile = row?.phone ?? '';
    expect(mobile).toMatch(/^09\d{8}$/);
    await sendCode(server, mobile, 'destroy', user.headers);
    const destroyCode = await latestCode(server, mobile);
    expect(await login(server, { mobile, code: destroyCode })).toEqual(refusal(CODE_EXPIRED));
  });
});

describe('field refusals say what is expected', () => {
  it('answers INVALID_MOBILE for a number that is not a Taiwan mobile, and PASSWORD_RULE for a weak password', async () => {
    for (const mobile of ['0212345678', '091234567', '+8619123456789', 'abc']) {
      expect((await server.client.call(ENDPOINTS.sendVerifyCode, { mobile })).envelope).toEqual(refusal(INVALID_MOBILE));
    }
    const user = await loggedInUser(server);
    for (const password of ['abcdefgh', '12345678', 'ab1', 'a1'.repeat(11)]) {
      const answer = await server.client.call(ENDPOINTS.initPassword, { password }, user.headers);
      expect(answer.envelope).toEqual(refusal(PASSWORD_RULE));
    }
  });
});

describe('logout', () => {
  it('revokes the token: the next call answers 301', async () => {
    const user = await loggedInUser(server);
    expect((await server.client.call(ENDPOINTS.queryCashUser, {}, user.headers)).envelope?.status).toBe(STATUS_OK);
    expect(bodyOf(await server.client.call(ENDPOINTS.loginOut, {}, user.headers).then((r) => r.envelope))).toEqual({ ok: true });
    const after = await server.client.call(ENDPOINTS.queryCashUser, {}, user.headers);
    expect(after.envelope).toEqual({ status: STATUS_RELOGIN, message: SESSION_EXPIRED, body: null });
  });
});

describe('session expiry', () => {
  it('keeps a session used within 30 days and ends it after 30 idle days (clock moved)', async () => {
    const user = await loggedInUser(server);
    const me = () => server.client.call(ENDPOINTS.queryCashUser, {}, user.headers).then((r) => r.envelope?.status);
    server.clock.advance(29 * 24 * HOUR);
    expect(await me()).toBe(STATUS_OK);
    // That use moved the idle window: 29 more days are fine, then it ends.
    server.clock.advance(29 * 24 * HOUR);
    expect(await me()).toBe(STATUS_OK);
    server.clock.advance(30 * 24 * HOUR + SECOND);
    expect(await me()).toBe(STATUS_RELOGIN);
  });
});
