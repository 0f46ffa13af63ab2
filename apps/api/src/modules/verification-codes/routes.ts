import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { clientAddressKey } from '../../domain/client-address.ts';
import { sendVerifyCode } from './send-verify-code.ts';
import { deleteCodesOfPhone } from './verification-codes-repository.ts';

/** SMS verification codes: sending here; using one up is `consumeVerifyCode`, for other modules. */
export const verificationCodesModule: FastifyPluginAsync = async (app) => {
  app.personalData.register({
    owner: 'verification-codes',
    tables: [verificationCodes],
    // Codes live minutes and are not shown; the number they were sent to is erased.
    list: async () => [],
    erase: ({ db, subject }) => deleteCodesOfPhone(db, subject.phone),
  });

  app.endpoint(ENDPOINTS.sendVerifyCode, (payload, ctx) =>
    sendVerifyCode({
      db: ctx.db,
      now: ctx.now,
      config: app.config,
      limiter: app.rateLimiter,
      limiterTag: app.limiterTag,
      sms: app.sms,
      mobile: payload.mobile,
      purpose: payload.purpose,
      callerPhone: payload.purpose === 'login' ? null : (ctx.user?.phone ?? null),
      clientAddress: clientAddressKey(ctx.req.ip),
    }),
  );
};
