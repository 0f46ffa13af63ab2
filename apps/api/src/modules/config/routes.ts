import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { createConfigService } from './service.ts';

export const configRoutes: FastifyPluginAsync = async (app) => {
  const service = createConfigService({
    productName: app.config.productName,
    packageName: app.config.packageName,
    ttlMs: 5_000,
  });

  app.endpoint(ENDPOINTS.commonConfig, async (_payload, { db }) => service.getPublic(db));
  app.endpoint(ENDPOINTS.commonConfigOne, async ({ configKey }, { db }) => service.getOne(db, configKey));
};
