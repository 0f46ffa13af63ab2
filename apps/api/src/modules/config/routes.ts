import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { POPUP_DATA_LIST_LABEL } from '@app/contract/messages/loans.ts';
import { popupConfirmations } from '../../db/schema/config.ts';
import { TEST_PREFIX } from '../../plugins/test-hooks.ts';
import { getApiOrigins, saveApiOrigins } from './api-origins.ts';
import { createConfigReader } from './config-reader.ts';
import { countPopupConfirmations, deletePopupConfirmations } from './config-repository.ts';
import { confirmPopup, getPopup, listPopups } from './home-popups.ts';
import { listBanners, listNotices } from './list-home-content.ts';

/** The same for everyone and edited rarely: answers kept this long (config's own 2 s). */
const HOME_CONTENT_CACHE_MS = 2_000;

/**
 * Public settings (the whole public list, one value by key, e.g. 'line') and the home
 * page's content: banners, notices and popups (with the day each user closed one).
 */
export const configModule: FastifyPluginAsync = async (app) => {
  const reader = createConfigReader({
    productName: app.config.productName,
    packageName: app.config.packageName,
    lender: app.config.lender,
    ttlMs: 5_000,
  });

  app.personalData.register({
    owner: 'config',
    tables: [popupConfirmations],
    list: async ({ db, subject }) => [
      { category: 'account', label: POPUP_DATA_LIST_LABEL, value: String(await countPopupConfirmations(db, subject.id)) },
    ],
    erase: ({ db, subject }) => deletePopupConfirmations(db, subject.id),
  });

  // Public and the same for everyone: the encrypted answers are cached for 2 s on top of
  // the rows' 5 s, so an operator's edit shows within 7 s.
  app.endpoint(ENDPOINTS.commonConfig, async (_payload, { db }) => reader.getPublic(db), { cacheMs: 2_000 });
  app.endpoint(ENDPOINTS.commonConfigOne, async ({ configKey }, { db }) => reader.getOne(db, configKey), {
    cacheMs: 2_000,
  });

  app.endpoint(ENDPOINTS.loanCommonBanner, async (_payload, { db, now }) => ({ banners: await listBanners({ db, now }) }), {
    cacheMs: HOME_CONTENT_CACHE_MS,
  });
  app.endpoint(ENDPOINTS.loanCommonNotice, async (_payload, { db, now }) => ({ notices: await listNotices({ db, now }) }), {
    cacheMs: HOME_CONTENT_CACHE_MS,
  });
  // The API origins an administrator lists in the console (campaigns, the other path only
  // operators feed, are the loans module's: activity/award). Read through the same cache as
  // the CORS check, which a save on this instance refreshes at once: an answer cache here
  // served the list from before a save for its lifetime.
  app.endpoint(ENDPOINTS.changeDomainName, async () => ({ domains: await app.apiOrigins() }));
  app.endpoint(ENDPOINTS.getPopList, async (_payload, { db, now }) => listPopups({ db, now }), { cacheMs: HOME_CONTENT_CACHE_MS });
  // Public: a visitor (or a deleted account's stale session) gets no popup.
  app.endpoint(ENDPOINTS.loanCommonGetPop, (_payload, ctx) =>
    getPopup({ db: ctx.db, userId: ctx.user?.phone ? ctx.user.id : null, now: ctx.now }),
  );
  app.endpoint(ENDPOINTS.loanCommonConfirmPop, (payload, ctx) =>
    confirmPopup({ db: ctx.db, userId: ctx.requireAccount().id, popupId: payload.popupId, now: ctx.now }),
  );

  // Browser tests list two loopback origins of one server (http, which the console refuses:
  // https only); only with TEST_HOOKS (refused in production).
  if (app.config.testHooks) {
    app.put(`${TEST_PREFIX}api-origins`, async (req, reply) => {
      let origins: unknown;
      try {
        origins = (JSON.parse(String(req.body ?? '{}')) as { origins?: unknown }).origins;
      } catch {
        origins = undefined;
      }
      if (!Array.isArray(origins) || !origins.every((origin) => typeof origin === 'string' && URL.canParse(origin))) {
        return reply.code(400).send({ error: 'origins: a list of URLs' });
      }
      await saveApiOrigins({ db: app.db, origins: origins.map((origin: string) => new URL(origin).origin), at: app.clock.now() });
      return { origins: await getApiOrigins({ db: app.db }) };
    });
  }
};
