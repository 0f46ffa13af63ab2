import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { createConfigReader } from './config-reader.ts';

/** Public settings: the whole public list, and one value by key (e.g. 'line'). */
export const configModule: FastifyPluginAsync = async (app) => {
  const reader = createConfigReader({
    productName: app.config.productName,
    packageName: app.config.packageName,
    ttlMs: 5_000,
  });

  // Public and the same for everyone: the encrypted answers are cached for 2 s on top of
  // the rows' 5 s, so an operator's edit shows within 7 s.
  app.endpoint(ENDPOINTS.commonConfig, async (_payload, { db }) => reader.getPublic(db), { cacheMs: 2_000 });
  app.endpoint(ENDPOINTS.commonConfigOne, async ({ configKey }, { db }) => reader.getOne(db, configKey), {
    cacheMs: 2_000,
  });
};
