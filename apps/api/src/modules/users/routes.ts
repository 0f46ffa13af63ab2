import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { replaceSharedApps } from './replace-shared-apps.ts';
import { replaceSharedContacts } from './replace-shared-contacts.ts';
import { saveDeviceInfo } from './save-device-info.ts';
import { savePushSubscription } from './save-push-subscription.ts';
import { usersPersonalData } from './users-personal-data.ts';

const ok = { ok: true as const };

/** What a user tells about their device and chooses to share. */
export const usersModule: FastifyPluginAsync = async (app) => {
  app.personalData.register(usersPersonalData);

  app.endpoint(ENDPOINTS.deviceInfo, async (info, ctx) => {
    await saveDeviceInfo({ db: ctx.db, userId: ctx.requireUser().id, info });
    return ok;
  });

  app.endpoint(ENDPOINTS.registryTokenInfo, async (subscription, ctx) => {
    await savePushSubscription({ db: ctx.db, userId: ctx.requireUser().id, subscription });
    return ok;
  });

  // The contract's `consent: true` is required before any of this reaches the use case.
  app.endpoint(ENDPOINTS.appList, async (payload, ctx) => {
    await replaceSharedApps({ db: ctx.db, userId: ctx.requireUser().id, apps: payload.apps });
    return ok;
  });

  app.endpoint(ENDPOINTS.contactsList, async (payload, ctx) => {
    await replaceSharedContacts({ db: ctx.db, userId: ctx.requireUser().id, contacts: payload.contacts });
    return ok;
  });
};
