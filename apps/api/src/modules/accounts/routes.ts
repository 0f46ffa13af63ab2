import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { clientAddressKey } from '../../domain/client-address.ts';
import { loginWithCode, loginWithPassword } from '../auth/login.ts';
import { editPassword, initPassword } from '../auth/passwords.ts';
import { sendVerifyCode } from '../auth/verification-codes.ts';
import { revokeSessionByHash } from '../sessions/repository.ts';
import { callerPhone, currentTokenHash, requireAccount } from './current-account.ts';
import { destroyAccount } from './destroy-account.ts';

/** Codes, login, passwords, logout and deletion: parse → service, nothing more. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.accounts;

  app.endpoint(ENDPOINTS.sendVerifyCode, async (payload, ctx) =>
    sendVerifyCode(deps, ctx.db, {
      mobile: payload.mobile,
      purpose: payload.purpose,
      callerPhone: payload.purpose === 'login' ? null : await callerPhone(ctx.db, ctx),
      clientAddress: clientAddressKey(ctx.req.ip),
    }),
  );

  app.endpoint(ENDPOINTS.login, (payload, ctx) =>
    'code' in payload
      ? loginWithCode(deps, ctx.db, payload.mobile, payload.code, { sourceChannel: ctx.channel, anonymous: ctx.anonymous })
      : loginWithPassword(deps, ctx.db, payload.mobile, payload.password),
  );

  app.endpoint(ENDPOINTS.initPassword, async (payload, ctx) => {
    await initPassword(ctx.db, ctx.requireUser().id, payload.password);
    return { ok: true as const };
  });

  app.endpoint(ENDPOINTS.editPassword, async (payload, ctx) => {
    const user = await requireAccount(ctx);
    const proof = 'oldPassword' in payload ? { oldPassword: payload.oldPassword } : { code: payload.code };
    await editPassword(deps, ctx.db, user, proof, payload.newPassword, currentTokenHash(ctx.req));
    return { ok: true as const };
  });

  app.endpoint(ENDPOINTS.loginOut, async (_payload, ctx) => {
    ctx.requireUser();
    await revokeSessionByHash(ctx.db, currentTokenHash(ctx.req));
    return { ok: true as const };
  });

  app.endpoint(ENDPOINTS.destroy, async (payload, ctx) => {
    await destroyAccount(deps, ctx.db, await requireAccount(ctx), payload.code);
    return { ok: true as const };
  });
};
