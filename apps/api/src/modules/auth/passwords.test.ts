import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import {
  CODE_EXPIRED,
  CODE_WRONG,
  LOGIN_FAILED_PASSWORD,
  PASSWORD_ALREADY_SET,
  PASSWORD_LOCKED,
  PASSWORD_NOT_SET,
  PASSWORD_OLD_WRONG,
} from '@app/contract/messages/accounts.ts';
import { userCredentials } from '../../db/schema.ts';
import {
  accountsServerPerFile,
  bodyOf,
  HOUR,
  latestCode,
  login,
  loginWithCode,
  randomMobile,
  refusal,
  sendCode,
  wrongOf,
} from '../../test/accounts-test-kit.ts';

const { database, server } = accountsServerPerFile();

describe('passwords', () => {
  it('sets a password once (argon2id, apart from the profile) and logs in with it', async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    const init = (payload: object) => server.client.call(ENDPOINTS.initPassword, payload, user.headers);
    expect((await init({ password: 'short1' })).envelope?.status).toBe(STATUS_ERROR);
    expect(bodyOf((await init({ password: 'abc12345' })).envelope)).toEqual({ ok: true });
    expect((await init({ password: 'xyz98765' })).envelope).toEqual(refusal(PASSWORD_ALREADY_SET));

    const [credential] = await database.handle.db
      .select()
      .from(userCredentials)
      .where(eq(userCredentials.userId, Number(user.userId)));
    expect(credential?.passwordHash).toMatch(/^\$argon2id\$/);

    const byPassword = bodyOf<{ userId: string; hasPassword: boolean; isNewUser: boolean }>(
      await login(server, { mobile, password: 'abc12345' }),
    );
    expect(byPassword).toMatchObject({ userId: user.userId, hasPassword: true, isNewUser: false });
    expect(await login(server, { mobile, password: 'abc12346' })).toEqual(refusal(LOGIN_FAILED_PASSWORD));
  });

  it('answers an unknown number exactly like a wrong password', async () => {
    const unknown = await login(server, { mobile: randomMobile(), password: 'abc12345' });
    const withoutPassword = randomMobile();
    await loginWithCode(server, withoutPassword);
    const noPassword = await login(server, { mobile: withoutPassword, password: 'abc12345' });
    expect(unknown).toEqual(refusal(LOGIN_FAILED_PASSWORD));
    expect(noPassword).toEqual(unknown);
  });

  it('locks password login for the number after 10 wrong passwords in an hour, for an hour', async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    await server.client.call(ENDPOINTS.initPassword, { password: 'right123' }, user.headers);
    for (let i = 0; i < 9; i += 1) expect(await login(server, { mobile, password: `wrong${i}xx` })).toEqual(refusal(LOGIN_FAILED_PASSWORD));
    expect(await login(server, { mobile, password: 'wrong9xx' })).toEqual(refusal(PASSWORD_LOCKED));
    expect(await login(server, { mobile, password: 'right123' })).toEqual(refusal(PASSWORD_LOCKED));
    // Code login still works during the lock.
    expect((await loginWithCode(server, mobile)).userId).toBe(user.userId);
    server.clock.advance(HOUR);
    expect((await login(server, { mobile, password: 'right123' }))?.status).toBe(STATUS_OK);
  });

  it('locks unknown numbers the same way', async () => {
    const mobile = randomMobile();
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push(await login(server, { mobile, password: `guess${i}xx` }));
    expect(answers.slice(0, 9).every((a) => a?.message === LOGIN_FAILED_PASSWORD)).toBe(true);
    expect(answers[9]).toEqual(refusal(PASSWORD_LOCKED));
    expect(answers[10]).toEqual(refusal(PASSWORD_LOCKED));
  });

  it('changes the password with the old one, ending the other sessions', async () => {
    const mobile = randomMobile();
    const first = await loginWithCode(server, mobile);
    const edit = (payload: object) => server.client.call(ENDPOINTS.editPassword, payload, first.headers);
    expect((await edit({ oldPassword: 'abc12345', newPassword: 'new12345' })).envelope).toEqual(refusal(PASSWORD_NOT_SET));
    await server.client.call(ENDPOINTS.initPassword, { password: 'abc12345' }, first.headers);
    const second = await loginWithCode(server, mobile);

    expect((await edit({ oldPassword: 'nope1234', newPassword: 'new12345' })).envelope).toEqual(refusal(PASSWORD_OLD_WRONG));
    expect(bodyOf((await edit({ oldPassword: 'abc12345', newPassword: 'new12345' })).envelope)).toEqual({ ok: true });
    expect((await login(server, { mobile, password: 'abc12345' }))?.message).toBe(LOGIN_FAILED_PASSWORD);
    expect((await login(server, { mobile, password: 'new12345' }))?.status).toBe(STATUS_OK);
    // The session that changed it stays; the other one ends.
    expect((await server.client.call(ENDPOINTS.queryCashUser, {}, first.headers)).envelope?.status).toBe(STATUS_OK);
    expect((await server.client.call(ENDPOINTS.queryCashUser, {}, second.headers)).envelope?.status).toBe(STATUS_RELOGIN);
  });

  it('resets the password with a fresh code sent for purpose password', async () => {
    const mobile = randomMobile();
    const user = await loginWithCode(server, mobile);
    await sendCode(server, mobile, 'password', user.headers);
    const code = await latestCode(server, mobile);
    const edit = (payload: object) => server.client.call(ENDPOINTS.editPassword, payload, user.headers);
    expect((await edit({ code: wrongOf(code), newPassword: 'reset123' })).envelope).toEqual(refusal(CODE_WRONG));
    expect(bodyOf((await edit({ code, newPassword: 'reset123' })).envelope)).toEqual({ ok: true });
    expect((await edit({ code, newPassword: 'reset456' })).envelope).toEqual(refusal(CODE_EXPIRED));
    expect((await login(server, { mobile, password: 'reset123' }))?.status).toBe(STATUS_OK);
  });
});
