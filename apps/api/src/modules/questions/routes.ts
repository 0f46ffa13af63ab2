import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import { userQuestions } from '../../db/schema/questions.ts';
import { queryQuestions } from './query-questions.ts';
import { countQuestions, deleteQuestions } from './questions-repository.ts';
import { saveQuestion } from './save-question.ts';

/** The FAQ (public) and the users' own questions and feedback. */
export const questionsModule: FastifyPluginAsync = async (app) => {
  app.personalData.register({
    owner: 'questions',
    tables: [userQuestions],
    list: async ({ db, subject }) => [
      { category: 'feedback', label: DATA_LIST.feedbackCount, value: String(await countQuestions(db, subject.id)) },
    ],
    erase: ({ db, subject }) => deleteQuestions(db, subject.id),
  });

  app.endpoint(ENDPOINTS.userQuestionQuery, (payload, ctx) =>
    queryQuestions({ db: ctx.db, userId: ctx.user?.id ?? null, keyword: payload.keyword }),
  );
  app.endpoint(ENDPOINTS.userQuestionSave, (payload, ctx) => saveQuestion({ db: ctx.db, userId: ctx.requireUser().id, ...payload }));
};
