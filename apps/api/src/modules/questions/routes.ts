import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { queryQuestions, saveQuestion } from './questions-service.ts';

export const questionRoutes: FastifyPluginAsync = async (app) => {
  app.endpoint(ENDPOINTS.userQuestionQuery, (payload, ctx) =>
    queryQuestions(ctx.db, ctx.user?.id ?? null, payload.keyword),
  );
  app.endpoint(ENDPOINTS.userQuestionSave, (payload, ctx) => saveQuestion(ctx.db, ctx.requireUser().id, payload));
};
