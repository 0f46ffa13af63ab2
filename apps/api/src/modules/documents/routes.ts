import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { getDocument } from './documents-service.ts';

export const documentRoutes: FastifyPluginAsync = async (app) => {
  app.endpoint(ENDPOINTS.commonDocument, (payload, ctx) => getDocument(ctx.db, payload.key));
};
