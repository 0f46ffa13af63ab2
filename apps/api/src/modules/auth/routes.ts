import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import { userCredentials } from '../../db/schema/auth.ts';
import type { EndpointContext } from '../../plugins/envelope.ts';
import { deleteCredentials } from './auth-repository.ts';
import { editPassword } from './edit-password.ts';
import { hasPassword } from './has-password.ts';
import { initPassword } from './init-password.ts';
import { logOut } from './log-out.ts';
import { loginWithCode } from './login-with-code.ts';
import { loginWithPassword } from './login-with-password.ts';

const ok = { ok: true as const };

/** Login by code or password, logout, and passwords. */
export const authModule: FastifyPluginAsync = async (app) => {
  const lockOptions = (ctx: EndpointContext, mobile: string) => ({
    limiter: app.rateLimiter,
    limiterTag: app.limiterTag,
    config: app.config,
    now: ctx.now,
    mobile,
  });

  app.personalData.register({
    owner: 'auth',
    tables: [userCredentials],
    list: async ({ db, subject }) => [
      {
        category: 'account',
        label: DATA_LIST.password,
        value: (await hasPassword({ db, userId: subject.id })) ? DATA_LIST.passwordSet : DATA_LIST.passwordNotSet,
      },
    ],
    erase: ({ db, subject }) => deleteCredentials(db, subject.id),
  });

  app.endpoint(ENDPOINTS.login, (payload, ctx) =>
    'code' in payload
      ? loginWithCode({
          db: ctx.db,
          now: ctx.now,
          config: app.config,
          mobile: payload.mobile,
          code: payload.code,
          attribution: { sourceChannel: ctx.channel, anonymous: ctx.anonymous },
        })
      : loginWithPassword({ ...lockOptions(ctx, payload.mobile), db: ctx.db, password: payload.password }),
  );

  app.endpoint(ENDPOINTS.loginOut, async (_payload, ctx) => {
    await logOut({ db: ctx.db, now: ctx.now, sessionId: ctx.requireUser().sessionId });
    return ok;
  });

  app.endpoint(ENDPOINTS.initPassword, async (payload, ctx) => {
    await initPassword({ db: ctx.db, userId: ctx.requireUser().id, password: payload.password });
    return ok;
  });

  app.endpoint(ENDPOINTS.editPassword, async (payload, ctx) => {
    const user = ctx.requireAccount();
    await editPassword({
      ...lockOptions(ctx, user.phone),
      db: ctx.db,
      user,
      proof: 'oldPassword' in payload ? { oldPassword: payload.oldPassword } : { code: payload.code },
      newPassword: payload.newPassword,
    });
    return ok;
  });
};
