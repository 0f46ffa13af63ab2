import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { getDocument } from './get-document.ts';

/** Legal documents (user agreement, privacy policy, contract template), readable before login. */
export const documentsModule: FastifyPluginAsync = async (app) => {
  app.endpoint(ENDPOINTS.commonDocument, (payload, ctx) => getDocument({ db: ctx.db, key: payload.key, lender: app.config.lender }));
};
