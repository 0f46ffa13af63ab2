import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { requireAccount } from '../accounts/current-account.ts';
import { listPersonalData } from './personal-data-list.ts';
import { replaceSharedApps, replaceSharedContacts, saveDeviceInfo, savePushSubscription } from './shared-data.ts';
import { queryCashUser } from './who-am-i.ts';

const ok = { ok: true as const };

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.endpoint(ENDPOINTS.queryCashUser, async (_payload, ctx) => queryCashUser(ctx.db, await requireAccount(ctx)));
  app.endpoint(ENDPOINTS.userDataList, async (_payload, ctx) => listPersonalData(ctx.db, await requireAccount(ctx)));
  app.endpoint(ENDPOINTS.deviceInfo, async (payload, ctx) => {
    await saveDeviceInfo(ctx.db, ctx.requireUser().id, payload);
    return ok;
  });
  app.endpoint(ENDPOINTS.registryTokenInfo, async (payload, ctx) => {
    await savePushSubscription(ctx.db, ctx.requireUser().id, payload);
    return ok;
  });
  // The contract's `consent: true` is required before any of this reaches the service.
  app.endpoint(ENDPOINTS.appList, async (payload, ctx) => {
    await replaceSharedApps(ctx.db, ctx.requireUser().id, payload.apps);
    return ok;
  });
  app.endpoint(ENDPOINTS.contactsList, async (payload, ctx) => {
    await replaceSharedContacts(ctx.db, ctx.requireUser().id, payload.contacts);
    return ok;
  });
};
