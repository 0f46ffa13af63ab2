import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { QUESTION_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/questions.ts';
import { request } from '../../../shared/api/request.ts';

export type SaveQuestionInput = RequestOf<typeof QUESTION_ENDPOINTS.userQuestionSave>;

export function saveUserQuestion(input: SaveQuestionInput): Promise<ResponseOf<typeof QUESTION_ENDPOINTS.userQuestionSave>> {
  return request(QUESTION_ENDPOINTS.userQuestionSave, input, { loading: true });
}

export function useSaveUserQuestion() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveUserQuestion,
    // Every keyword's answer holds the user's list: refresh them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['userQuestion', 'query'] }),
  });
}
