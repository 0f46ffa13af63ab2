import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { QUESTION_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/questions.ts';
import { request } from '../../../shared/api/request.ts';

export type UserQuestions = ResponseOf<typeof QUESTION_ENDPOINTS.userQuestionQuery>;
export type MyQuestion = UserQuestions['mine'][number];

export function queryUserQuestions(keyword: string): Promise<UserQuestions> {
  return request(QUESTION_ENDPOINTS.userQuestionQuery, keyword ? { keyword } : {});
}

export function userQuestionsQueryOptions(keyword = '') {
  return queryOptions({
    queryKey: ['userQuestion', 'query', keyword],
    queryFn: () => queryUserQuestions(keyword),
  });
}

/** The FAQ (filtered by `keyword`) and, when logged in, the user's own questions. */
export function useUserQuestions(keyword: string) {
  return useQuery({ ...userQuestionsQueryOptions(keyword), placeholderData: keepPreviousData });
}
