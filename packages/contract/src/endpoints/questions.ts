import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import {
  ZUserQuestionQueryRequestSchema,
  ZUserQuestionQueryResponseSchema,
  ZUserQuestionSaveRequestSchema,
  ZUserQuestionSaveResponseSchema,
} from '../schemas/question.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Questions and feedback. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const QUESTION_ENDPOINTS = {
  userQuestionQuery: endpoint(PATHS.userQuestionQuery, ZUserQuestionQueryRequestSchema, ZUserQuestionQueryResponseSchema),
  userQuestionSave: endpoint(PATHS.userQuestionSave, ZUserQuestionSaveRequestSchema, ZUserQuestionSaveResponseSchema),
} as const;
