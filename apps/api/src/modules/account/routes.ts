import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { destroyAccount } from './destroy-account.ts';
import { listPersonalData } from './list-personal-data.ts';
import { queryCashUser, whoAmIRead } from './query-cash-user.ts';

/** The caller's account as a whole: who am I, the data we hold, and deleting it all. */
export const accountModule: FastifyPluginAsync = async (app) => {
  app.endpoint(
    ENDPOINTS.queryCashUser,
    async (_payload, ctx) => queryCashUser({ caller: ctx.requireAccount(), flags: whoAmIRead.valuesOf(ctx.req) }),
    { callerRead: whoAmIRead },
  );

  app.endpoint(ENDPOINTS.userDataList, (_payload, ctx) =>
    listPersonalData({ db: ctx.db, subject: ctx.requireAccount(), registry: app.personalData.entries() }),
  );

  app.endpoint(ENDPOINTS.destroy, async (payload, ctx) => {
    await destroyAccount({
      db: ctx.db,
      now: ctx.now,
      config: app.config,
      subject: ctx.requireAccount(),
      code: payload.code,
      registry: app.personalData.entries(),
    });
    return { ok: true as const };
  });
};
