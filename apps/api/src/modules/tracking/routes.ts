import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { recordMark, recordRiskEvent } from './service.ts';

export const trackingRoutes: FastifyPluginAsync = async (app) => {
  app.endpoint(ENDPOINTS.otherMark, recordMark);
  app.endpoint(ENDPOINTS.riskEvent, recordRiskEvent);
};
